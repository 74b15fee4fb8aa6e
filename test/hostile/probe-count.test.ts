// The rate-limit probe never sends more than it announced, even when the window resets in the middle of its
// walk (it then walks the new window once, which the announcement already counts).
import { afterEach, describe, expect, it } from 'vitest';
import type { Exchange } from './server.ts';
import { closeAll, KEY, reportProblems, runAgainst, said, waited } from './support.ts';

afterEach(closeAll);

const LIMIT = 6;
const WINDOW_MS = 3000;

/** A limiter of its own on the live key: LIMIT per window, and a window that ends early once, mid-walk. */
function resettingLimiter() {
  let used = 0;
  let start = Date.now();
  let keyed = 0;
  return async (x: Exchange) => {
    const a = await x.upstream();
    if (x.req.headers.authorization !== `Bearer ${KEY}`) return x.reply(a);
    keyed++;
    // The third keyed request (the probe's first walk step) is answered just after the window ends, from a new one.
    if (keyed === 3) {
      const previousReset = Math.ceil((start + WINDOW_MS) / 1000) * 1000;
      await new Promise((resolve) => x.later(Math.max(0, previousReset + 50 - Date.now()), () => resolve(0)));
      used = 0;
      start = previousReset;
    }
    // Other traffic has spent most of the window by the probe's reading: it plans a short walk.
    if (keyed === 2) used = LIMIT - 2;
    const now = Date.now();
    if (now - start >= WINDOW_MS) {
      used = 0;
      start = now;
    }
    const reset = String(Math.ceil((start + WINDOW_MS) / 1000));
    if (used >= LIMIT) {
      const wait = Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000));
      return x.reply({
        status: 429,
        headers: {
          'content-type': 'application/json',
          'retry-after': String(wait),
          'x-ratelimit-limit': String(LIMIT),
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': reset,
        },
        body: Buffer.from('{"code":"RATE_LIMITED","message":"slow down","status":429}'),
      });
    }
    used++;
    // No Date header: the upstream's, taken before a delay, would skew how the harness reads Reset.
    const { date: _date, ...headers } = a.headers;
    x.reply({
      ...a,
      headers: {
        ...headers,
        'x-ratelimit-limit': String(LIMIT),
        'x-ratelimit-remaining': String(LIMIT - used),
        'x-ratelimit-reset': reset,
      },
    });
  };
}

describe('the rate-limit probe', () => {
  it('sends at most the count it announced when the window resets mid-walk', async () => {
    const run = await runAgainst(
      resettingLimiter(),
      ['--only', 'RL-PROBE', '--seed', '5', '--max-wait-seconds', '5'],
      {},
      {
        runArgs: [],
      },
    );
    expect(reportProblems(run)).toEqual([]);
    const announced = /will send up to (\d+) requests \((\d+) if the window resets mid-walk/.exec(run.stdout);
    expect(announced, said(run)).not.toBeNull();
    expect(run.stdout).toMatch(/the window reset during the walk/);
    const spent = /Rate-limit probe: cost (\d+) requests/.exec(run.stdout);
    expect(spent, said(run)).not.toBeNull();
    // The walk of the second window costs more than the first count: the case the second count is for.
    expect(Number(spent![1])).toBeGreaterThan(Number(announced![1]));
    expect(Number(spent![1])).toBeLessThanOrEqual(Number(announced![2]));
    // Its waits (the pacer's count, not the wall clock of a loaded machine): the windows it was told of, each
    // within --max-wait-seconds (a reset, then the 429's Retry-After).
    expect(waited(run)).toBeGreaterThan(0);
    expect(waited(run)).toBeLessThanOrEqual(2 * 5);
  });
});
