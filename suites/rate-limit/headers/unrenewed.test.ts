// Unit tests of unrenewed.ts on synthetic readings: a count that goes on across the moment its own Reset named
// is found; a fixed window (Reset rounded either way), token buckets and a walk with requests in flight are not.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../lib/http/transcript.ts';
import { RateLimitColumns } from '../../kit/rate-limit-columns.ts';
import { ReadingList } from './reading.ts';
import { unrenewedAcrossReset } from './unrenewed.ts';

const T0 = 1_800_000_000_000;

/** A keyed 2xx sent at `at` and answered `took` ms later, its Date read down from its arrival. */
function answer(at: number, remaining: number, reset: number, took = 5, limit = 10): Exchange {
  return {
    seq: at,
    bucket: 'primary',
    startedAt: new Date(at).toISOString(),
    durationMs: took,
    request: { method: 'GET', path: '/store/orders', headers: {} },
    response: {
      status: 200,
      headers: {
        date: new Date(at + took).toUTCString(),
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': String(remaining),
        'x-ratelimit-reset': String(reset),
      },
    },
  } as unknown as Exchange;
}

/** The readings of `xs`, in their order. */
function listOf(xs: Exchange[]): ReadingList {
  const list = new ReadingList(new RateLimitColumns(xs));
  for (let i = 0; i < xs.length; i++) list.push(i);
  return list;
}

/** One request every `every` ms from `from`, Remaining and Reset as `state(at)` says. */
function walk(from: number, n: number, every: number, state: (at: number, i: number) => [number, number]) {
  return listOf(
    Array.from({ length: n }, (_, i) => {
      const at = from + i * every;
      const [remaining, reset] = state(at, i);
      return answer(at, remaining, reset);
    }),
  );
}

describe('a count that goes on across its Reset', () => {
  it('is found when Reset names the clock-aligned boundary and the count runs from the first request', () => {
    // The count began at T0 + 3.4 s (10 per 10 s, a request every 1.1 s); Reset names the next 10 s boundary
    // (T0 + 10 s), and the count goes on past it, one per request, while Reset moves on to T0 + 20 s.
    const rs = walk(T0 + 3_400, 10, 1_100, (at, i) => [
      9 - i,
      at < T0 + 10_000 ? T0 / 1000 + 10 : T0 / 1000 + 20,
    ]);
    const found = unrenewedAcrossReset(rs, 'primary');
    expect(found).toHaveLength(1);
    expect(found[0]!.problem).toMatch(/count went on across the moment X-RateLimit-Reset had named/);
  });

  it('is silent on a fixed window that renews at its Reset, rounded up or down', () => {
    for (const end of [T0 + 10_000, T0 + 10_900]) {
      // Reset rounded up (T0 + 11 s for an end at 10.9 s) or down (T0 + 10 s for the same end).
      for (const named of [Math.ceil(end / 1000), Math.floor(end / 1000)]) {
        let used = 0;
        let window = 0;
        const rs = walk(T0 + 3_400, 12, 1_000, (at) => {
          const w = at < end ? 0 : 1;
          if (w !== window) [window, used] = [w, 0];
          used += 1;
          return [10 - used, named + w * 10];
        });
        expect(unrenewedAcrossReset(rs, 'primary')).toEqual([]);
      }
    }
  });

  it('is silent on a token bucket walked faster than it refills, whichever moment its Reset names', () => {
    // 10 tokens, one back a second; a request every 500 ms. Reset names when it is full, or its next token.
    for (const names of ['full', 'next'] as const) {
      let tokens = 10;
      let last = T0;
      const rs = walk(T0, 16, 500, (at) => {
        tokens = Math.min(10, tokens + (at - last) / 1000) - 1;
        last = at;
        const whole = Math.floor(tokens);
        const untilMs = names === 'full' ? (10 - tokens) * 1000 : (1 - (tokens - whole)) * 1000;
        return [Math.max(0, whole), Math.ceil((at + untilMs) / 1000)];
      });
      expect(unrenewedAcrossReset(rs, 'primary')).toEqual([]);
    }
  });

  it('takes no chain through a request in flight beside another', () => {
    // The same aligned-Reset count, but each request goes out before the one before it is answered.
    const rs = walk(T0 + 3_400, 9, 1_000, (at, i) => [
      9 - i,
      at < T0 + 10_000 ? T0 / 1000 + 10 : T0 / 1000 + 20,
    ]);
    const overlapping = listOf(
      Array.from({ length: rs.length }, (_, k) => {
        const r = rs.get(k)!;
        return answer(r.sentAtMs, r.remaining!, r.reset!, 1_500);
      }),
    );
    expect(unrenewedAcrossReset(overlapping, 'primary')).toEqual([]);
  });
});
