import { describe, expect, it } from 'vitest';
import {
  dateIsOff,
  integerHeader,
  rateLimitHeaders,
  resetAtLocalMs,
  resetKind,
  retryAfter,
} from './rate-limit-headers.ts';

describe('rate-limit headers', () => {
  it('reads integers and keeps what it cannot read', () => {
    expect(integerHeader({ 'x-ratelimit-limit': '60' }, 'X-RateLimit-Limit')).toEqual({
      raw: '60',
      value: 60,
    });
    expect(integerHeader({ 'x-ratelimit-limit': '-1' }, 'x-ratelimit-limit')).toEqual({
      raw: '-1',
      value: -1,
    });
    expect(integerHeader({ 'x-ratelimit-limit': '6.5' }, 'x-ratelimit-limit')).toEqual({ raw: '6.5' });
    expect(integerHeader({ 'x-ratelimit-limit': ['60', '60'] }, 'x-ratelimit-limit')).toEqual({
      raw: '60, 60',
    });
    expect(rateLimitHeaders({}).limit).toBeUndefined();
  });

  it('reads a value seen before as it read it first, whichever header, and no reading can be changed', () => {
    const first = rateLimitHeaders({
      'x-ratelimit-reset': '1795000000.5',
      'x-ratelimit-limit': '1795000000.5',
    });
    expect(first.reset).toEqual({ raw: '1795000000.5', value: 1795000000.5, fraction: true });
    // The same text as an integer header is read as one (a fraction never parses there).
    expect(first.limit).toEqual({ raw: '1795000000.5' });
    const again = rateLimitHeaders({ 'x-ratelimit-reset': '1795000000.5' }).reset!;
    expect(again).toEqual(first.reset);
    expect(() => {
      (again as { value?: number }).value = 1;
    }).toThrow(TypeError);
    // Past the readings kept (4,096 of each kind), every value is still read as it is.
    for (let i = 0; i < 5_000; i++)
      expect(integerHeader({ 'x-ratelimit-remaining': ` ${i} ` }, 'x-ratelimit-remaining')).toEqual({
        raw: ` ${i} `,
        value: i,
      });
    expect(integerHeader({ 'x-ratelimit-remaining': ' 7 ' }, 'x-ratelimit-remaining')?.value).toBe(7);
  });

  it('tells Unix seconds from milliseconds and from a delta', () => {
    expect(resetKind(1_795_000_000)).toBe('unix-seconds');
    expect(resetKind(1_795_000_000_000)).toBe('unix-milliseconds');
    expect(resetKind(42)).toBe('delta-seconds');
  });

  it('turns a Reset into local time, cancelling the server clock skew', () => {
    const received = 1_000_000_000_000;
    // The server's clock runs 5 s behind ours; its window resets 10 s after its "now".
    const serverNow = received - 5000;
    expect(resetAtLocalMs(serverNow / 1000 + 10, received, serverNow)).toBe(received + 10_000);
    expect(resetAtLocalMs(30, received)).toBe(received + 30_000);
    expect(resetAtLocalMs(received + 7000, received)).toBe(received + 7000);
  });

  it("reads Reset on the run's clock when the Date is the clock that is off (local time labelled GMT)", () => {
    const received = 1_800_000_000_000;
    const reset = received / 1000 + 10;
    // A Date an hour ahead, the Reset counted in true Unix seconds: the Date is off, Reset 10 s ahead on ours.
    expect(dateIsOff(reset, received, received + 3_600_000)).toBe(true);
    expect(resetAtLocalMs(reset, received, received + 3_600_000)).toBe(received + 10_000);
    // A server clock an hour ahead whose Reset moves with it: read through its Date, as any skew is.
    expect(dateIsOff(reset + 3600, received, received + 3_600_000)).toBe(false);
    expect(resetAtLocalMs(reset + 3600, received, received + 3_600_000)).toBe(received + 10_000);
    // Minutes of skew are a clock set apart, not a Date off; a Reset plausible on neither clock says nothing.
    expect(dateIsOff(reset, received, received + 240_000)).toBe(false);
    expect(dateIsOff(reset - 7200, received, received + 3_600_000)).toBe(false);
  });

  it('reads both Retry-After forms (RFC 9110 §10.2.3)', () => {
    const now = Date.UTC(2026, 10, 22, 10, 0, 0);
    expect(retryAfter({ 'retry-after': '17' }, now)).toEqual({
      form: 'delay-seconds',
      raw: '17',
      delayMs: 17_000,
    });
    expect(
      retryAfter(
        { 'retry-after': 'Sun, 22 Nov 2026 10:00:30 GMT', date: 'Sun, 22 Nov 2026 10:00:00 GMT' },
        now + 999_999,
      ),
    ).toEqual({ form: 'http-date', raw: 'Sun, 22 Nov 2026 10:00:30 GMT', delayMs: 30_000 });
    expect(retryAfter({ 'retry-after': 'soon' }, now)).toEqual({ form: 'invalid', raw: 'soon' });
    expect(retryAfter({}, now)).toBeUndefined();
  });

  it('reads X-RateLimit-Reset as a number, a fraction of a second allowed; Limit and Remaining as integers', () => {
    const rl = rateLimitHeaders({
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '59.5',
      'x-ratelimit-reset': '1795688031.356721',
    });
    expect(rl.reset).toEqual({ raw: '1795688031.356721', value: 1795688031.356721, fraction: true });
    expect(rl.remaining).toEqual({ raw: '59.5' });
    expect(rateLimitHeaders({ 'x-ratelimit-reset': '1795688031' }).reset).toEqual({
      raw: '1795688031',
      value: 1795688031,
    });
    expect(rateLimitHeaders({ 'x-ratelimit-reset': '1e9' }).reset).toEqual({ raw: '1e9' });
  });
});
