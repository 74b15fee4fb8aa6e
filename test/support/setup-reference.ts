// vitest setupFiles of the test/ projects: after each test, the reference servers it started with reference()
// are stopped. A setup file runs in every test file, isolated or not; a hook registered by reference.ts when
// first imported would reach only the first file of a worker that runs its files without isolation.
import { afterEach } from 'vitest';
import { closeReferences } from './reference.ts';

afterEach(closeReferences);
