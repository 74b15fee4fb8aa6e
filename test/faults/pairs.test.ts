// The masking matrix: two faults switched on together are each still caught by a check that names them,
// so no finding hides another. npm test runs the documented sample (test/faults/pairs.ts); `npm run
// fault-pairs` (FAULT_PAIRS=all) runs every coexisting pair, prints how many and how long, and writes
// docs/fault-pairs.md from what it saw.
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/server.ts';
import { checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { ROOMY_RATE_LIMIT } from '../support/reference.ts';
import { FAULT_PROOFS } from './index.ts';
import { allPairs, EXCLUDED, samplePairs } from './pairs.ts';
import { clockOf } from './run.ts';

const ALL = process.env.FAULT_PAIRS === 'all';
const PAIRS = ALL ? allPairs() : samplePairs();
const timings: number[] = [];
/** When the matrix started: the pairs run three at a time, so the wall time is not the sum of theirs. */
const startedAt = Date.now();
/** Each pair whose run missed something: the pair, and what was missed (a fault, an error, the exit code). */
const misses: { pair: string; what: string }[] = [];

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ').slice(0, 160);

/** docs/fault-pairs.md: the full matrix's figures, every exclusion with its reason, and every pair missed. */
function writeDoc(total: number, median: number, longest: number): void {
  const rows = (items: string[][]) => items.map((r) => `| ${r.map(cell).join(' | ')} |`).join('\n');
  const text = `# The masking matrix

Written by \`npm run fault-pairs\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; do not edit by hand.
Every coexisting pair of reference faults (\`test/faults/pairs.ts\`) switched on together: each fault
must still be caught by one of the checks that name it, with no harness error and the expected exit code.

${timings.length} pairs in ${seconds(Date.now() - startedAt)} on this machine, three at a time (their run times sum to ${seconds(total)}; median ${seconds(median)} a pair, longest ${seconds(longest)}); ${misses.length} missed.

## Pairs where a finding hid another

${misses.length === 0 ? 'None.' : `| Pair | What was missed |\n|---|---|\n${rows(misses.map((m) => [m.pair, m.what]))}`}

## Pairs left out, with the reason

A pair is left out only when both faults bend the very same response (one replaces the other), one
removes the only place the other acts, or the run may never safely reach where the other acts (inside a
Retry-After, or a burst sized by a Remaining that does not count); each fault is still caught alone
(\`test/faults/matrix.test.ts\`).

| Fault | Fault | Why the pair cannot show both |
|---|---|---|
${rows(EXCLUDED.map(([a, b, why]) => [`\`${a}\``, `\`${b}\``, why]))}
`;
  writeFileSync(new URL('../../docs/fault-pairs.md', import.meta.url), text);
}

describe(`masking matrix (${ALL ? 'every coexisting pair' : 'the sample'}: ${PAIRS.length} pairs)`, () => {
  afterAll(() => {
    const total = timings.reduce((a, b) => a + b, 0);
    const sorted = [...timings].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const longest = sorted[sorted.length - 1] ?? 0;
    console.log(
      `fault pairs: ${timings.length} run in ${seconds(Date.now() - startedAt)} (run times summed: ${seconds(total)}); per pair median ${seconds(median)}, longest ${seconds(longest)}; ${misses.length} missed`,
    );
    if (ALL && timings.length === PAIRS.length) writeDoc(total, median, longest);
  });

  it('has pairs to run', () => {
    expect(PAIRS.length).toBeGreaterThan(0);
  });

  // Side by side (vitest's maxConcurrency, 5): each run mostly waits on its window. Each closes its own
  // server, as the shared after-each close would end a neighbour's.
  it.concurrent.each(PAIRS.map((p) => [p.faults.join(' + '), p] as const))(
    '%s: both caught',
    { timeout: 120_000 },
    async (name, pair) => {
      const started = Date.now();
      const e = pair.expect;
      const server = await startReferenceServer({
        rateLimit: ROOMY_RATE_LIMIT,
        ...e.reference,
        ...clockOf(e),
        faults: pair.faults,
      });
      const run = await runCliInProcess(['--seed', '11', ...(e.args ?? [])], {
        env: targetEnv(server),
      }).finally(() => server.close());
      timings.push(Date.now() - started);
      const summary = `${name}\n${run.stdout}\n${run.stderr}`;
      const missed: string[] = [];
      // Each fault still caught by one of its own checks: one that reads what the other fault removed may skip.
      // A MUST check that names the fault in another of its set-ups counts too: a probe that meets a limiter
      // from another side of its window (a walk slowed by a busy machine) catches it where that set-up does.
      pair.parts.forEach((part, i) => {
        const named = [...(part.fails ?? []), ...(part.warns ?? [])];
        const elsewhere = FAULT_PROOFS[pair.faults[i]!].caught.flatMap((c) => c.fails ?? []);
        const caught = [
          ...(part.fails ?? []).filter((id) => checkOf(run, id).status === 'fail'),
          // Those of another set-up only where this run judged them (its --only may leave them out).
          ...elsewhere.filter((id) => run.report!.checks.find((c) => c.id === id)?.status === 'fail'),
          ...(part.warns ?? []).filter((id) => ['warn', 'fail'].includes(checkOf(run, id).status)),
        ];
        if (caught.length === 0) {
          const first = checkOf(run, named[0]!);
          missed.push(
            `\`${pair.faults[i]}\` caught by none of ${named.join(', ')} (${named[0]}: ${first.status}: ${first.message})`,
          );
        }
      });
      const errors = run.report!.checks.filter((c) => c.status === 'error');
      for (const c of errors) missed.push(`${c.id} ended in error: ${c.message}`);
      if (run.code !== e.exit) missed.push(`exit ${run.code}, expected ${e.exit}`);
      if (missed.length > 0) misses.push({ pair: name, what: missed.join('; ') });
      expect(missed, summary).toEqual([]);
    },
  );
});
