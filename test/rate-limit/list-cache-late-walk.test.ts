// Fault ratelimit-list-cache-replays caught however late in its window the probe begins: the reference's clock
// moves on as the probe starts, so the walk waits for a fresh window, as a run slowed by a loaded machine does,
// and the list the run saw replayed has left the 10 s cache by then. The whole command, its default settings.
import { describe, expect, it } from 'vitest';
import { EMBEDDED_RATE_LIMIT } from '../../engine/run-target.ts';
import { LIST_CACHE_MS } from '../../reference/list-cache.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { checkOf, explain, runCliInProcess, targetEnv } from '../support/cli.ts';

/**
 * How far the server's clock moves on as the probe begins: its window (opened by the list the probe reads just
 * before) then has about 2 s left, too little for the walk, which waits a second past its end; by then the list
 * stored with that window's first answer has outlived the cache (LIST_CACHE_MS, the window's own length).
 */
const JUMP_MS = EMBEDDED_RATE_LIMIT.windowSeconds * 1000 - 2000;

describe('a walk that starts as its window ends, against a 10 s cache of the list', () => {
  it('still meets the cached list past Remaining 0', async () => {
    expect(LIST_CACHE_MS).toBeLessThan(JUMP_MS + 2000 + 1000);
    let shift = 0;
    const server = await startReferenceServer({
      rateLimit: EMBEDDED_RATE_LIMIT,
      faults: ['ratelimit-list-cache-replays'],
      clock: () => Date.now() + shift,
    });
    const run = await runCliInProcess(['--seed', '11'], {
      env: targetEnv(server),
      onLine: (line) => {
        if (line.startsWith('Rate-limit probe: reading the limit')) shift = JUMP_MS;
      },
    }).finally(() => server.close());
    const summary = `${explain(run, 'RL-PROBE-LIMIT-ENFORCED')}\n${run.stdout}`;
    // The timing that used to miss: the walk waited for the next window and walked it from its start.
    expect(run.stdout, summary).toMatch(/before the walk could: waiting for the next one to walk it whole/);
    expect(checkOf(run, 'RL-PROBE-LIMIT-ENFORCED').status, summary).toBe('fail');
    // Named either way: the cached list served past the walk's Remaining 0 (then the next cancel refused), or
    // the Limit + 1 the key was served in the walk's window, that list the one past it.
    expect(checkOf(run, 'RL-PROBE-LIMIT-ENFORCED').message, summary).toMatch(
      /GET \/store\/orders #\d+ was served 200 right after #\d+ \(DELETE|^61 requests of the run's with the key .* were served within one announced window/,
    );
    expect(run.report!.checks.filter((c) => c.status === 'error').map((c) => c.message)).toEqual([]);
    expect(server.stats().early, 'requests sent inside a Retry-After period').toBe(0);
  }, 120_000);
});
