// Unit tests of rate-limit-columns.ts: each response's Limit, Remaining, Reset and Date read back as
// rateLimitHeaders and serverDateMs read them, the values a 32-bit column cannot hold included.
import { describe, expect, it } from 'vitest';
import { rateLimitHeaders, serverDateMs } from '../../lib/formats/rate-limit-headers.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { ownRateLimitColumns, RateLimitColumns, rateLimitColumns } from './rate-limit-columns.ts';

const T0 = 1_800_000_000_000;

function exchange(
  seq: number,
  headers: Record<string, string> | undefined,
  sentAt = T0 + seq * 1000,
): Exchange {
  return {
    seq,
    bucket: 'primary',
    startedAt: new Date(sentAt).toISOString(),
    durationMs: 7.5,
    request: { method: 'GET', path: '/store/orders', headers: {} },
    ...(headers ? { response: { status: 200, headers } } : {}),
  } as unknown as Exchange;
}

const xs: Exchange[] = [
  exchange(1, {
    'x-ratelimit-limit': '10',
    'x-ratelimit-remaining': '9',
    'x-ratelimit-reset': String(T0 / 1000 + 60),
    date: new Date(T0 + 1000).toUTCString(),
  }),
  // No response at all.
  exchange(2, undefined),
  // Values past 32 bits, a fractional Reset, a negative Remaining, an unparsable Limit, no Date.
  exchange(3, {
    'x-ratelimit-limit': 'ten',
    'x-ratelimit-remaining': '-3',
    'x-ratelimit-reset': '1800000060.25',
  }),
  exchange(4, {
    'x-ratelimit-limit': '99999999999',
    'x-ratelimit-remaining': '-2147483648',
    'x-ratelimit-reset': '5',
    // A Date a month before the moment sent: no 32-bit distance in ms.
    date: new Date(T0 - 40 * 86_400_000).toUTCString(),
  }),
  exchange(5, { 'x-ratelimit-remaining': '0', date: 'not a date' }),
];

describe('rate-limit columns', () => {
  it('read back what rateLimitHeaders and serverDateMs read, for every response', () => {
    const cols = new RateLimitColumns(xs);
    xs.forEach((x, i) => {
      const headers = x.response?.headers ?? {};
      const rl = rateLimitHeaders(headers);
      expect(cols.limit(i)).toBe(x.response ? rl.limit?.value : undefined);
      expect(cols.remaining(i)).toBe(x.response ? rl.remaining?.value : undefined);
      expect(cols.reset(i)).toBe(x.response ? rl.reset?.value : undefined);
      expect(cols.serverDateMs(i)).toBe(x.response ? serverDateMs(headers) : undefined);
    });
    expect(cols.limit(3)).toBe(99_999_999_999);
    expect(cols.remaining(3)).toBe(-2_147_483_648);
    expect(cols.reset(2)).toBe(1_800_000_060.25);
    expect(cols.serverDateMs(3)).toBe(T0 - 40 * 86_400_000);
  });

  it('read each Date, one repeated on answers in a row, one absent or broken between', () => {
    const second = new Date(T0 + 1000).toUTCString();
    const next = new Date(T0 + 2000).toUTCString();
    const dates = [second, second, undefined, second, 'garbage', 'garbage', next, second];
    const dated = dates.map((date, i) => exchange(i + 1, date === undefined ? {} : { date }, T0 + 1500));
    const cols = new RateLimitColumns(dated);
    expect(dated.map((_, i) => cols.serverDateMs(i))).toEqual([
      T0 + 1000,
      T0 + 1000,
      undefined,
      T0 + 1000,
      undefined,
      undefined,
      T0 + 2000,
      T0 + 1000,
    ]);
  });

  it('finds an exchange by its seq, or by looking when seq does not give its place', () => {
    const cols = new RateLimitColumns(xs);
    expect(xs.map((x) => cols.indexOf(x))).toEqual([0, 1, 2, 3, 4]);
    const shuffled = [xs[3]!, xs[0]!, xs[4]!];
    const other = new RateLimitColumns(shuffled);
    expect(xs.map((x) => other.indexOf(x))).toEqual([1, -1, -1, 0, 2]);
    expect(other.limit(0)).toBe(99_999_999_999);
  });

  it('are made once per array while it has not grown, afresh once it has', () => {
    const grown = [...xs];
    const first = rateLimitColumns(grown);
    expect(rateLimitColumns(grown)).toBe(first);
    grown.push(exchange(6, { 'x-ratelimit-limit': '3' }));
    const again = rateLimitColumns(grown);
    expect(again).not.toBe(first);
    expect(again.limit(5)).toBe(3);
  });

  it('are taken over once by the next array of the very same exchanges, then let go', () => {
    const made = rateLimitColumns([...xs]);
    const again = [...xs];
    const taken = rateLimitColumns(again);
    expect(taken).toBe(made);
    expect(taken.xs).toBe(again);
    expect(taken.limit(0)).toBe(10);
    // Taken once: a third array of them reads its own, and other exchanges (one fewer) take none of it.
    const third = rateLimitColumns([...xs]);
    expect(third).not.toBe(made);
    const fewer = xs.slice(1);
    expect(rateLimitColumns(fewer)).not.toBe(third);
    expect(rateLimitColumns(fewer).limit(0)).toBeUndefined();
    // The array that took them keeps them.
    expect(rateLimitColumns(again)).toBe(made);
    expect(() => made.adopt(fewer)).toThrow(/other exchanges/);
  });

  it('of a reader that keeps its own are never taken over', () => {
    const own = ownRateLimitColumns([...xs]);
    expect(rateLimitColumns([...xs])).not.toBe(own);
  });
});
