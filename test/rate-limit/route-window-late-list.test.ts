// Fault ratelimit-bucket-per-route caught when the list's count turns during the walk: the reference's clock
// moves on as the probe starts, so the window the list opened just before the reading ends a second into the
// walk, as it does when a loaded run's walk waits for a fresh window. The list sent at the walk's Remaining 0
// then opens a fresh count beside the spent one, and the walk's window holds only the walk and that list.
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/server.ts';
import { checkOf, explain, runCliInProcess, targetEnv } from '../support/cli.ts';
import { disagreements, judgeRun } from '../support/passive.ts';

/** The fault row's window (test/faults/rate-limit/buckets.ts): one a loaded run's first requests fit in. */
const WINDOW_S = 30;
/** The server's clock moves on this much as the probe begins: the list's window has a second left. */
const JUMP_MS = (WINDOW_S - 1) * 1000;

describe("a route's count that turns during the walk, against one count per route", () => {
  it('reads the walk and the list at Remaining 0 as one window of the key, served past its Limit', async () => {
    let shift = 0;
    const server = await startReferenceServer({
      rateLimit: { limit: 60, windowSeconds: WINDOW_S },
      faults: ['ratelimit-bucket-per-route'],
      clock: () => Date.now() + shift,
    });
    const run = await runCliInProcess(['--seed', '11'], {
      env: targetEnv(server),
      onLine: (line) => {
        if (line.startsWith('Rate-limit probe: reading the limit')) shift = JUMP_MS;
      },
    }).finally(() => server.close());
    const summary = `${explain(run, 'RL-PROBE-LIMIT-ENFORCED')}\n${run.stdout}`;
    // The list went at Remaining 0, in a window of its route's own that opened after the walk's.
    expect(run.stdout, summary).toMatch(/one GET \/store\/orders now, before the request past the limit/);
    expect(checkOf(run, 'RL-PROBE-LIMIT-ENFORCED').status, summary).toBe('fail');
    expect(checkOf(run, 'RL-PROBE-LIMIT-ENFORCED').message, summary).toMatch(
      /61 requests of the run's with the key \(#\d+ to #\d+\) were served within one announced window/,
    );
    expect(checkOf(run, 'RL-BUCKET-ONE-COUNT').status, summary).toBe('warn');
    expect(run.report!.checks.filter((c) => c.status === 'error').map((c) => c.message)).toEqual([]);
    // The recording of the run reads the same window.
    const passive = await judgeRun(run, { trustOrderList: true });
    expect(passive.checks.find((c) => c.id === 'RL-PROBE-LIMIT-ENFORCED')?.status).toBe('fail');
    expect(disagreements(run.report!, passive, run), summary).toEqual([]);
  }, 150_000);
});
