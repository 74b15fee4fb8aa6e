// The masking matrix: two faults switched on together are each still caught by a check that names them,
// so no finding hides another. npm test runs the documented sample (test/fault-matrix/pairs.ts); `npm run
// fault-pairs` (FAULT_PAIRS=all) runs every coexisting pair and prints how many and how long each took.
import { afterAll, describe, expect, it } from 'vitest';
import { allPairs, samplePairs } from './fault-matrix/pairs.ts';
import { clockOf } from './fault-matrix/run.ts';
import { checkOf, runCliInProcess, targetEnv } from './support/cli.ts';
import { reference } from './support/reference.ts';

const ALL = process.env.FAULT_PAIRS === 'all';
const PAIRS = ALL ? allPairs() : samplePairs();
const timings: number[] = [];

describe(`masking matrix (${ALL ? 'every coexisting pair' : 'the sample'}: ${PAIRS.length} pairs)`, () => {
  afterAll(() => {
    const total = timings.reduce((a, b) => a + b, 0);
    const sorted = [...timings].sort((a, b) => a - b);
    console.log(
      `fault pairs: ${timings.length} run in ${(total / 1000).toFixed(1)} s; per pair median ${((sorted[Math.floor(sorted.length / 2)] ?? 0) / 1000).toFixed(2)} s, longest ${((sorted[sorted.length - 1] ?? 0) / 1000).toFixed(2)} s`,
    );
  });

  it.each(PAIRS.map((p) => [p.faults.join(' + '), p] as const))(
    '%s: both caught',
    { timeout: 120_000 },
    async (_, pair) => {
      const started = Date.now();
      const e = pair.expect;
      const server = await reference({ ...e.reference, ...clockOf(e), faults: pair.faults });
      const run = await runCliInProcess(['--seed', '11', ...(e.args ?? [])], { env: targetEnv(server) });
      timings.push(Date.now() - started);
      const summary = `${pair.faults.join(' + ')}\n${run.stdout}\n${run.stderr}`;
      // Each fault still caught by one of its own checks: one that reads what the other fault removed may skip.
      pair.parts.forEach((part, i) => {
        const caught = [
          ...(part.fails ?? []).filter((id) => checkOf(run, id).status === 'fail'),
          ...(part.warns ?? []).filter((id) => ['warn', 'fail'].includes(checkOf(run, id).status)),
        ];
        const named = [...(part.fails ?? []), ...(part.warns ?? [])].join(', ');
        expect(caught, `${pair.faults[i]} is caught by none of ${named}\n${summary}`).not.toEqual([]);
      });
      expect(
        run.report!.checks.filter((c) => c.status === 'error'),
        summary,
      ).toEqual([]);
      expect(run.code, summary).toBe(e.exit);
    },
  );
});
