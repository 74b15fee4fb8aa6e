// The one file vitest runs for a conformance run: every selected check, in SUITES order, in one worker.
import { registerConformanceRun } from '../lib/run/worker.ts';
import { SUITES } from './index.ts';
import { createSuiteEnvironment } from './shared/context.ts';

registerConformanceRun(SUITES, createSuiteEnvironment);
