// Writes docs/checks.md from the check catalogue (npm run docs). The self-tests compare the two.
import { writeFileSync } from 'node:fs';
import { catalogueMarkdown } from '../cli/catalogue.ts';

writeFileSync(new URL('./checks.md', import.meta.url), catalogueMarkdown());
