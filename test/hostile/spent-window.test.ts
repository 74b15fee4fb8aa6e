// Remaining 0 means the window is spent, whatever its Reset says: a target that answers the key's first
// request with Remaining 0 and a Reset ten years ahead gets no further request with that key, in any form
// (bearer, altered, Basic, a header, a cookie); the run says why, ends that key's part incomplete, and its
// advice is to rerun once the window has reset, never to wait 315,360,000 s.
import { afterEach, describe, expect, it } from 'vitest';
import type { Exchange } from './server.ts';
import { closeAll, KEY, reportProblems, runAgainst, said } from './support.ts';

afterEach(closeAll);

/** Whether a request carries the key in any form the run may send it in. */
function carriesKey(headers: Record<string, string>, target: string): boolean {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const text = `${target} ${Object.values(headers).join(' ')}`;
  return [KEY, KEY.slice(0, 12), encodeURIComponent(KEY), b64(`${KEY}:`), b64(`:${KEY}`)].some((f) =>
    text.includes(f),
  );
}

describe('a spent window with a Reset ten years ahead', () => {
  it('sends nothing more with the key, says so, and never advises an absurd wait', async () => {
    const tenYears = Math.floor(Date.now() / 1000) + 10 * 365 * 86_400;
    const run = await runAgainst(
      async (x: Exchange) => {
        const a = await x.upstream();
        if (x.req.headers.authorization !== `Bearer ${KEY}`) return x.reply(a);
        x.reply({
          ...a,
          headers: {
            ...a.headers,
            'x-ratelimit-limit': '60',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(tenYears),
          },
        });
      },
      // The probe too: it must not walk into the window either.
      [],
      {},
      { runArgs: ['--timeout-ms', '2000', '--property-runs', '1', '--seed', '5', '--max-wait-seconds', '2'] },
    );
    expect(reportProblems(run), said(run)).toEqual([]);
    const keyed = run.server.requests.filter((r) => carriesKey(r.headers, r.target));
    expect(keyed.map((r) => `${r.method} ${r.target}`)).toHaveLength(1);
    expect(run.code, said(run)).toBe(3);
    expect(said(run)).toMatch(
      /key's window is spent \(X-RateLimit-Remaining 0\) and resets more than a day from now \(X-RateLimit-Reset\)/,
    );
    expect(said(run)).toMatch(/rerun once it has reset/);
    expect(said(run)).not.toMatch(/\d{7,} s|315,?360,?000/);
  });
});
