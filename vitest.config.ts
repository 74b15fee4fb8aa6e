// The project's own tests (npm test). The conformance checks in suites/ are run by the harness, not by this config.
import { defineConfig } from 'vitest/config';

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
    // Tests bind real loopback sockets and some spawn the CLI. Most of their time is spent waiting on rate-limit
    // windows (two workers kept two cores under half busy), so three workers, and no more: timing checks
    // must not starve. 2 workers: 259 s; 3: 189 s on this project's 2-core machine.
    maxWorkers: 3,
    // Concurrent tests (the zoo, the fault matrix, the variants) each start a server and a run: three at a
    // time per file, so with three workers the two cores are not oversubscribed.
    maxConcurrency: 3,
  },
});
