// The project's own tests (npm test). The conformance checks in suites/ are run by the harness, not by this config.
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/support/sequencer.ts';

export default defineConfig({
  test: {
    include: [
      'lib/**/*.test.ts',
      'engine/**/*.test.ts',
      'api/**/*.test.ts',
      'suites/**/*.test.ts',
      'reference/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    // Spawned commands run the build: make it from the current sources first. Then every report.json the tests
    // write is checked against the shipped schema when they end (reports-valid.ts).
    globalSetup: ['test/support/build.ts', 'test/support/reports-valid.ts'],
    // A whole run takes seconds alone and several times that beside others on a loaded machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Tests bind real loopback sockets and some spawn the CLI or a zoo target. Most of their time is spent waiting
    // on rate-limit windows: on this project's 2-core machine, 3 workers and 3 concurrent tests per file used
    // 1.1 of the 2 cores over 291 s; 4 and 5 use 1.4 over 219 s. No more: timing checks must not starve.
    maxWorkers: 4,
    // Concurrent tests (the zoo, the fault matrix, the variants) each start a server and a run: five at a time
    // per file (the fault matrix sets ten for itself: test/faults/matrix.test.ts says why).
    maxConcurrency: 5,
    // The longest files first, whatever vitest's cache of durations holds (test/support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
  },
});
