// The faults written for particular checks are caught by those checks alone: with them left out (--skip),
// the rest of the suite passes the fault, so each proves its checks see what nothing else in the suite does.
// That the named checks do catch it is the fault matrix (test/faults/matrix.test.ts).
import { describe, expect, it } from 'vitest';
import type { FaultId } from '../../reference/server.ts';
import { runCliInProcess, skipCauseGaps, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';
import { FAULT_PROOFS } from './index.ts';
import type { FaultProof } from './proof.ts';
import { clockOf } from './run.ts';

const ONLY = (Object.entries(FAULT_PROOFS) as Array<[FaultId, FaultProof]>)
  .filter(([, p]) => p.onlyBy)
  .map(([id, p]) => [id, p.onlyBy!, p.caught[0]!] as const);

describe('faults only their own checks catch', () => {
  it('name checks that catch them in the matrix', () => {
    expect(ONLY.length).toBeGreaterThan(0);
    for (const [id, only, caught] of ONLY)
      expect([...(caught.fails ?? []), ...(caught.warns ?? [])], id).toEqual(expect.arrayContaining(only));
  });

  it.each(ONLY)('%s passes the rest of the suite', { timeout: 120_000 }, async (fault, only, e) => {
    const server = await reference({ ...e.reference, ...clockOf(e), faults: [fault] });
    const run = await runCliInProcess(['--seed', '11', ...(e.args ?? []), '--skip', only.join(',')], {
      env: targetEnv(server),
    });
    const summary = `${run.stdout}\n${run.stderr}`;
    const found = run.report!.checks.filter((c) => ['fail', 'warn', 'error'].includes(c.status));
    expect(
      found.map((c) => `${c.id}: ${c.status} ${c.message}`),
      summary,
    ).toEqual([]);
    expect(skipCauseGaps(run), summary).toEqual([]);
    expect(run.code, summary).toBe(0);
  });
});
