// Every fault of the reference catalogue is caught by the checks that name it: the command, run as users
// run it against the reference server with that one fault on, fails (or warns on) exactly those checks,
// exits as expected, and reports no harness error. For a fault written for particular checks whose leaving out
// changes nothing sent (test/faults/only-by.ts says when, and why), its run is also exact: nothing else fails,
// warns or errs and the run is complete, which proves those checks alone catch it without a second run.
import { describe, expect, it, vi } from 'vitest';
import { FAULTS, startReferenceServer } from '../../reference/server.ts';
import { checkOf, explain, runCliInProcess, skipCauseGaps, targetEnv } from '../support/cli.ts';
import { caughtPassively, disagreements, judgeRun, NOT_FROM_TRAFFIC } from '../support/passive.ts';
import { ROOMY_RATE_LIMIT } from '../support/reference.ts';
import { FAULT_MATRIX } from './index.ts';
import { ONLY_BY } from './only-by.ts';
import { clockOf, startOrder, VERDICT } from './run.ts';

/** The checks each folded fault's row must be caught by alone (test/faults/only-by.ts), by its row. */
const EXACT = new Map(ONLY_BY.filter((o) => o.folded).map((o) => [o.caught, o.only]));

/** Every row, in the order startOrder (run.ts) gives: no long run starts last. */
const ROWS = startOrder(FAULT_MATRIX, ([, e]) => e);

/**
 * Ten runs side by side in this file, not the config's five: its runs mostly wait on windows (measured alone at
 * five: 46 s of CPU over 130 s, the rows' ~600 s of run time summed), and at five it was npm test's longest file.
 * Each run has its own server and port; a run slowed by a neighbour only sends later, never early.
 */
vi.setConfig({ maxConcurrency: 10 });

describe('fault matrix', () => {
  it('names every catalogued fault', () => {
    expect(FAULT_MATRIX.length).toBeGreaterThan(0);
    // The rows run in another order (run.ts), every one of them.
    expect(ROWS.length).toBe(FAULT_MATRIX.length);
    expect(new Set(ROWS)).toEqual(new Set(FAULT_MATRIX));
    const covered = new Set(FAULT_MATRIX.map(([id]) => id));
    expect(FAULTS.map((f) => f.id).filter((id) => !covered.has(id))).toEqual([]);
    for (const [id, e] of FAULT_MATRIX) {
      expect(
        FAULTS.map((f) => f.id),
        id,
      ).toContain(id);
      expect((e.fails?.length ?? 0) + (e.warns?.length ?? 0), id).toBeGreaterThan(0);
    }
  });

  // Each run mostly waits on the reference's window, so the runs go side by side (maxConcurrency above); each
  // closes its own server, as the shared after-each close would end a neighbour's.
  it.concurrent.each(ROWS)('%s is caught', { timeout: 120_000 }, async (fault, e) => {
    const server = await startReferenceServer({
      rateLimit: ROOMY_RATE_LIMIT,
      ...e.reference,
      ...clockOf(e),
      faults: [fault],
    });
    const run = await runCliInProcess(['--seed', '11', ...(e.args ?? [])], {
      env: { ...targetEnv(server), ...e.env },
    }).finally(() => server.close());
    const summary = `${run.stdout}\n${run.stderr}`;
    for (const id of e.fails ?? [])
      expect(checkOf(run, id).status, `${explain(run, id)}\n${summary}`).toBe('fail');
    for (const id of e.warns ?? [])
      expect(checkOf(run, id).status, `${explain(run, id)}\n${summary}`).toBe('warn');
    for (const [id, pattern] of Object.entries(e.says ?? {}))
      expect(checkOf(run, id).message, `${explain(run, id)}\n${summary}`).toMatch(pattern);
    expect(
      run.report!.checks.filter((c) => c.status === 'error'),
      summary,
    ).toEqual([]);
    expect(skipCauseGaps(run), summary).toEqual([]);
    expect(run.code, summary).toBe(e.exit);
    expect(run.report!.verdict).toBe(VERDICT[e.exit]);
    const only = EXACT.get(e);
    if (only) {
      const others = run.report!.checks.filter(
        (c) => ['fail', 'warn', 'error'].includes(c.status) && !only.some((p) => c.id.startsWith(p)),
      );
      expect(
        others.map((c) => `${c.id}: ${c.status} ${c.message}`),
        summary,
      ).toEqual([]);
      expect(run.report!.incompleteReasons, summary).toEqual([]);
    }
    // The run's own transcript.har judged passively agrees on every check both judge, and a fault that
    // traffic can show is caught there by a check that names it.
    const passive = await judgeRun(run, { trustOrderList: true });
    expect(disagreements(run.report!, passive, run), summary).toEqual([]);
    if (!Object.hasOwn(NOT_FROM_TRAFFIC, fault) && e.notFromTraffic === undefined)
      expect(caughtPassively([...(e.fails ?? []), ...(e.warns ?? [])], passive), summary).not.toEqual([]);
  });
});
