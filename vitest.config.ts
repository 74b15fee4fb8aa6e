// The project's own tests (npm test). The conformance checks in suites/ are run by the harness, not by this config.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['lib/**/*.test.ts', 'suites/**/*.test.ts', 'reference/**/*.test.ts', 'test/**/*.test.ts'],
    // Spawned commands run the build: make it from the current sources first.
    globalSetup: ['test/support/build.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests bind real loopback sockets and some spawn the CLI; two cores, so keep the fan-out small.
    maxWorkers: 2,
  },
});
