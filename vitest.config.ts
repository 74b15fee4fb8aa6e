// The project's own tests (npm test). The conformance checks in suites/ are run by the harness, not by this config.
import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirst } from './test/support/sequencer.ts';

/**
 * The unit tests beside the sources: they start no server shared through a helper's hooks, stub nothing and
 * set no global, so one worker may run many of them in one module graph (isolate off). Isolating each of these
 * 131 files cost 45 s of CPU against 14 s without (a run of those files alone on the 2-core machine).
 */
const BESIDE_SOURCES = [
  'lib/**/*.test.ts',
  'engine/**/*.test.ts',
  'api/**/*.test.ts',
  'suites/**/*.test.ts',
  'reference/**/*.test.ts',
];
/** The face, layer and area tests (test/). */
const IN_TEST = ['test/**/*.test.ts'];
/**
 * The test/ folders whose files set no global, stub nothing and read no process-wide figure: one worker runs many
 * of them in one module graph (isolate off), the reference servers they start stopped after each test by the
 * setup file. Isolated, each file paid its own start and its own loading of the engine: the first 61 of these
 * files took 194 s of CPU so against 121 s without, hostile/'s 18 and architecture/'s 6 97 s against 76 s (vitest
 * runs of this project alone on the 2-core machine), the 11 static or one-server files of faults/, package/,
 * variants/ and zoo/ 33.4 s against 28.6 s. Left isolated: the fault matrix (vi.setConfig), the runs of the
 * masking pairs, only-by and the variants, hostile/'s memory (RSS figures) and tls (a process warning handler),
 * report/browser (Chromium), the zoo's runs, the package tests that clone (package, action) and the timing-bound
 * rate-limit/ files.
 */
const SHARED_IN_TEST = [
  'test/api/**/*.test.ts',
  'test/architecture/**/*.test.ts',
  'test/auth/**/*.test.ts',
  'test/cli/**/*.test.ts',
  'test/engine/**/*.test.ts',
  // Of faults/, package/, variants/ and zoo/ the files that read the catalogues and files, probe one server at a
  // time or run one command: the rest of those folders stays isolated.
  'test/faults/{masking,probes}.test.ts',
  // All of hostile/ but memory.test.ts (RSS figures) and tls.test.ts (a process warning handler).
  'test/hostile/!(memory|tls).test.ts',
  'test/http/**/*.test.ts',
  'test/list/**/*.test.ts',
  'test/order-id/**/*.test.ts',
  'test/package/{build,build-stamp,ci-recipes,dependencies,docs,meta,openapi}.test.ts',
  'test/passive/**/*.test.ts',
  // All of report/ but browser.test.ts: Chromium beside a run whose probe must meet a 429 in a 1 s window (it
  // missed it once in four runs of this project at load 8, never isolated): kept in a worker of its own.
  'test/report/!(browser).test.ts',
  'test/state/**/*.test.ts',
  'test/variants/probes.test.ts',
  'test/zoo/requirements.test.ts',
];
/** Each test/ file stops the reference servers it started after each test (test/support/reference.ts). */
const SETUP_IN_TEST = ['test/support/setup-reference.ts'];

/** What the projects share. */
const COMMON = {
  // A whole run takes seconds alone and several times that beside others on a loaded machine.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // Concurrent tests (the zoo, the fault matrix, the variants) each start a server and a run: five at a time
  // per file (the fault matrix sets ten for itself: test/faults/matrix.test.ts says why).
  maxConcurrency: 5,
};

export default defineConfig({
  test: {
    // Every file either project runs (the architecture tests read this list).
    include: [...BESIDE_SOURCES, ...IN_TEST],
    projects: [
      { test: { name: 'beside-sources', include: BESIDE_SOURCES, isolate: false, ...COMMON } },
      {
        test: {
          name: 'test',
          include: IN_TEST,
          exclude: [...configDefaults.exclude, ...SHARED_IN_TEST],
          setupFiles: SETUP_IN_TEST,
          ...COMMON,
        },
      },
      {
        test: {
          name: 'test-shared',
          include: SHARED_IN_TEST,
          isolate: false,
          setupFiles: SETUP_IN_TEST,
          ...COMMON,
        },
      },
    ],
    // Spawned commands run the build: make it from the current sources first (unless npm ci's stamped build of
    // these very sources is there). Then every report.json the tests
    // write is checked against the shipped schema when they end (reports-valid.ts). Once for the whole run: the
    // projects above do not repeat them.
    globalSetup: ['test/support/build.ts', 'test/support/reports-valid.ts'],
    // Tests bind real loopback sockets and some spawn the CLI or a zoo target. Most of their time is spent waiting
    // on rate-limit windows: on this project's 2-core machine, 3 workers and 3 concurrent tests per file used
    // 1.1 of the 2 cores over 291 s; 4 and 5 use 1.4 over 219 s. No more: timing checks must not starve.
    maxWorkers: 4,
    // The longest files first, whatever vitest's cache of durations holds (test/support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
  },
});
