// A limiter that leaves errors uncounted, as the walk meets it: absent-id cancels (404) that take nothing from
// Remaining, then the list counted down to 0 and the held fixture's cancel refused. More served than Limit is
// said to be the uncounted errors (not several counters), and the 429 is read against what was counted (not
// "well before the limit"). Synthetic samples; nothing is sent.
import { describe, expect, it } from 'vitest';
import { WINDOW_LIMIT, windowAnswer } from '../../../test/support/probe-records.ts';
import { judgeEnforced, judgeNotEarly } from './judge-limit.ts';
import type { Sample, Walk } from './record.ts';
import { errorsUncounted } from './uncounted.ts';

const LIMIT = WINDOW_LIMIT;
const answer = windowAnswer;

const list = (n: number, remaining: number) => answer(n, 'GET', '/store/orders', 200, remaining);
const absent = (n: number, remaining: number) => answer(n, 'DELETE', '/store/orders/1234567', 404, remaining);

/**
 * The walk: the list read, four absent-id cancels, the list down to Remaining 0, then the held fixture's
 * cancel refused 429. `errorRemaining(c)` is what an error says after `c` successes were counted.
 */
function walkWith(errorRemaining: (counted: number) => number, counts = true): Walk {
  const samples: Sample[] = [list(0, LIMIT - 1)];
  for (let n = 1; n <= 4; n++) samples.push(absent(n, counts ? errorRemaining(1) : LIMIT - 1 - n));
  let counted = 1;
  for (let n = 5; counted < LIMIT; n++) samples.push(list(n, LIMIT - ++counted));
  const limited = answer(samples.length, 'DELETE', '/store/orders/7', 429, 0);
  samples.push(limited);
  return {
    samples,
    bound: 20,
    sent: samples.length - 1,
    spoofed: [],
    apart: [],
    headersRefused: [],
    limited,
  };
}

/** express-rate-limit's skipFailedRequests: the hit shows on the error's own answer, then is given back. */
const refunded = () => walkWith((c) => LIMIT - c - 1);
/** A limiter that counts after the handler, and only a 2xx: an error's answer shows the count as it was. */
const afterSuccess = () => walkWith((c) => LIMIT - c);

const messages = (j: ReturnType<typeof judgeEnforced>) =>
  typeof j === 'string' ? [j] : j.findings.map((f) => f.message);

describe('errors a limiter does not count', () => {
  it.each([
    ['gives an error its hit back', refunded],
    ['counts only what it answers 2xx', afterSuccess],
  ])('a limiter that %s: the served beyond Limit are the uncounted errors', (_what, walk) => {
    const w = walk();
    expect(errorsUncounted(w.samples)).toMatchObject({ errors: expect.any(Array) });
    const [finding] = messages(judgeEnforced(w));
    expect(finding).toMatch(/^14 requests \(#0 to #13\) were served within one announced window/);
    expect(finding).toMatch(
      /X-RateLimit-Remaining did not fall with \d answers 4xx \(the first #\d, DELETE \/store\/orders\/\{orderId\} → 404\) but fell by one with each of \d+ answers 2xx: errors are not counted \(a 4xx gives its hit back\)/,
    );
    expect(finding).not.toMatch(/several counters|worker processes/);
  });

  it.each([
    ['gives an error its hit back', refunded],
    ['counts only what it answers 2xx', afterSuccess],
  ])('a limiter that %s: its 429 is read against what it counted, not blamed as early', (_what, walk) => {
    const j = judgeNotEarly(walk());
    expect(j).toMatchObject({ findings: [] });
    expect(typeof j === 'string' ? j : j.observed).toMatch(
      /^429 on request #14, after Remaining 0 \(read against #13, what the limiter counted: .*errors are not counted \(a 4xx gives its hit back\), so #4's X-RateLimit-Remaining \d on its own route was no count of the limit\)/,
    );
  });

  it('is not read into a limiter that counts every request, nor into one refilling as it goes', () => {
    expect(errorsUncounted(walkWith(() => 0, false).samples)).toBeUndefined();
    // A token bucket giving a token back now and then: steps of 0 after successes and errors alike.
    const bucket = [9, 8, 8, 7, 6, 6, 5, 4, 4, 3].map((r, n) => (n % 2 ? absent(n, r) : list(n, r)));
    expect(errorsUncounted(bucket)).toBeUndefined();
  });
});
