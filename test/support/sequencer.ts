// The order npm test starts its files in: the known longest first, so none starts late and runs on alone at the
// end, and the files run without isolation last, one after another. vitest's own order reads durations from a
// cache every filtered run rewrites, or file sizes without one.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest in a whole run, longest first (per-file durations on the project's 2-core machine,
 * from vitest's JSON reporter over a whole run): every test/ file of 15 s or more there. A file not listed keeps
 * vitest's order, after these. Revisit when a file grows past them.
 */
export const LONGEST_FIRST: readonly string[] = [
  'test/faults/matrix.test.ts',
  'test/zoo/zoo.test.ts',
  'test/zoo/zoo-misconfigs.test.ts',
  'test/faults/pairs.test.ts',
  'test/package/action.test.ts',
  'test/faults/only-by.test.ts',
  'test/package/package.test.ts',
  'test/variants/matrix.test.ts',
  'test/report/browser.test.ts',
  'test/variants/rate-limit-matrix.test.ts',
  'test/rate-limit/starved-checks.test.ts',
  'test/cli/first-hour.test.ts',
  'test/api/vitest-adapter.test.ts',
  'test/hostile/protocol-edges.test.ts',
  'test/engine/fixtures-command.test.ts',
  'test/hostile/scenarios.test.ts',
  'test/state/masked-race.test.ts',
  'test/rate-limit/rate-limit-probe.test.ts',
  'test/architecture/setting-words.test.ts',
  'test/passive/paced-group.test.ts',
  'test/hostile/broken-bodies.test.ts',
  'test/rate-limit/rate-limit-buckets.test.ts',
  'test/hostile/big-lists.test.ts',
  'test/engine/fixtures-ledger.test.ts',
  'test/rate-limit/surface-windows.test.ts',
  'test/hostile/lying-list.test.ts',
  'test/hostile/long-wait.test.ts',
  'test/rate-limit/never-banned.test.ts',
  'test/engine/verdict.test.ts',
  'test/engine/safety.test.ts',
  'test/hostile/secrets.test.ts',
  'test/passive/api.test.ts',
];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.indexOf(relative(this.ctx.config.root, f.moduleId).replaceAll('\\', '/'));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    // The files run without isolation last and together: a worker reuses its runner for the next file only
    // while the next one queued is such a file too (vitest's pool), so one between them would cost a start each.
    const shared = (f: TestSpecification) => (f.project.config.isolate === false ? 1 : 0);
    return base
      .map((f, at) => ({ f, at, rank: rank(f), shared: shared(f) }))
      .sort((a, b) => a.rank - b.rank || a.shared - b.shared || a.at - b.at)
      .map((x) => x.f);
  }
}
