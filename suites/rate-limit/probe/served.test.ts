// Unit tests of the count of answers served within one announced window: several counters behind one key
// exceed it, while a fixed window, a token bucket (on whole-second Reset and Date) and a Reset that rolls
// forward over a fixed window never do. Synthetic samples; nothing is sent.
import { describe, expect, it } from 'vitest';
import { sample, T0 } from '../../../test/support/probe-records.ts';
import type { Sample } from './record.ts';
import { interleaved, servedBeyondLimit } from './served.ts';

/** An answer at `at` (local = server ms) with Remaining, Reset (Unix s), Limit and the server's Date. */
function answer(n: number, at: number, remaining: number, reset: number, limit = 5, status = 404): Sample {
  return sample(
    n,
    status,
    {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(reset),
      date: new Date(Math.floor(at / 1000) * 1000).toUTCString(),
    },
    at,
  );
}

/** Three fixed windows of 5 per 10 s behind one key, opened at 0, 1 and 2 s, taking requests unevenly. */
function workers(turns: number[]): Sample[] {
  const used = [0, 0, 0];
  return turns.map((w, n) => {
    const at = T0 + 3000 + n * 200;
    used[w]! += 1;
    const remaining = 5 - used[w]!;
    const end = Math.ceil((T0 + w * 1000 + 10_000) / 1000);
    return remaining < 0 ? answer(n, at, 0, end, 5, 429) : answer(n, at, remaining, end);
  });
}

describe('served within one announced window', () => {
  it('several counters behind one key serve more than Limit before the Reset moment', () => {
    const s = workers([0, 1, 1, 2, 0, 2, 1, 0, 0, 2, 1, 2, 0]);
    const b = servedBeyondLimit(s);
    expect(b?.limit).toBe(5);
    expect(b!.served.length).toBeGreaterThan(5);
    expect(interleaved(s).filter((c) => c.length >= 2).length).toBeGreaterThanOrEqual(2);
  });

  it('answers that arrived out of the order sent are all counted (the bound on each scan reads every arrival)', () => {
    const s = workers([0, 1, 1, 2, 0, 2, 1, 0, 0, 2, 1, 2, 0]);
    const before = servedBeyondLimit(s)!.served.length;
    // The first answer came back last of all, yet before its window's end; the others in the order sent.
    const late = s[0]!;
    const moved = [
      sample(late.n, late.status, late.response.headers as Record<string, string>, T0 + 3000 + 12 * 200 + 50),
      ...s.slice(1),
    ];
    expect(servedBeyondLimit(moved)?.served.length).toBe(before);
    expect(before).toBeGreaterThan(5);
  });

  it("a front's own 4xx without the limiter's fields is no request served (nginx's 400 before the app)", () => {
    const end = Math.ceil((T0 + 9000) / 1000);
    const s: Sample[] = [];
    for (let n = 0; n < 5; n++) s.push(answer(n, T0 + 1000 + n * 100, 4 - n, end));
    // Two requests the front refused itself, between the counted ones: Date only, no X-RateLimit-*.
    const front = (n: number) =>
      sample(n, 400, { date: new Date(Math.floor((T0 + 1200) / 1000) * 1000).toUTCString() }, T0 + 1250 + n);
    s.splice(2, 0, front(90), front(91));
    expect(servedBeyondLimit(s)).toBeUndefined();
    // The same answers served (200 without the fields) are past the limit.
    const served200 = (n: number) =>
      sample(n, 200, { date: new Date(Math.floor((T0 + 1200) / 1000) * 1000).toUTCString() }, T0 + 1250 + n);
    const t = [...s];
    t.splice(2, 2, served200(90), served200(91));
    expect(servedBeyondLimit(t)?.served.length).toBe(7);
  });

  it('an answer whose Date lags does not stretch its window past the moment a fresher Date places', () => {
    const end = Math.ceil((T0 + 2000) / 1000);
    const dated = (n: number, at: number, remaining: number, reset: number, dateAt: number) =>
      sample(
        n,
        404,
        {
          'x-ratelimit-limit': '5',
          'x-ratelimit-remaining': String(remaining),
          'x-ratelimit-reset': String(reset),
          date: new Date(Math.floor(dateAt / 1000) * 1000).toUTCString(),
        },
        at,
      );
    // A fresh Date first; then answers whose Date lags 4 s (a starved loop's cached Date), five served in the
    // window ending at T0 + 2 s, then two of the next window whose counts do not read as a clean renewal.
    const s = [
      dated(0, T0 + 100, 4, end, T0 + 100),
      dated(1, T0 + 200, 3, end, T0 - 3800),
      dated(2, T0 + 300, 2, end, T0 - 3700),
      dated(3, T0 + 400, 1, end, T0 - 3600),
      dated(4, T0 + 500, 0, end, T0 - 3500),
      dated(5, T0 + 2600, 4, end + 2, T0 - 1400),
      dated(6, T0 + 2700, 1, end + 2, T0 - 1300),
    ];
    expect(servedBeyondLimit(s)).toBeUndefined();
  });

  it('a fixed window walked across its end serves no more than Limit in either', () => {
    const s: Sample[] = [];
    const end1 = Math.ceil((T0 + 4000) / 1000);
    const end2 = Math.ceil((T0 + 8000) / 1000);
    for (let n = 0; n < 5; n++) s.push(answer(n, T0 + 3000 + n * 150, 4 - n, end1));
    for (let n = 5; n < 10; n++) s.push(answer(n, T0 + 4100 + n * 150, 9 - n, end2));
    expect(servedBeyondLimit(s)).toBeUndefined();
  });

  it('a token bucket, whose Reset is when it is full again, never serves more than Limit by then', () => {
    // 5 tokens, one back every second; a request every 300 ms; Reset rounded up, Date down.
    for (const offset of [0, 250, 500, 999]) {
      const s: Sample[] = [];
      let fullAt = 0;
      let n = 0;
      for (let t = T0 + offset; t < T0 + offset + 12_000; t += 300) {
        const missing = Math.max(0, fullAt - t);
        const tokens = 5 - missing / 1000;
        if (tokens >= 1) {
          fullAt = t + missing + 1000;
          s.push(answer(n, t, Math.floor(tokens - 1), Math.ceil(fullAt / 1000)));
        } else s.push(answer(n, t, 0, Math.ceil((t + missing) / 1000), 5, 429));
        n += 1;
      }
      expect(servedBeyondLimit(s), `offset ${offset}`).toBeUndefined();
    }
  });

  it('a Reset that rolls forward over a fixed window: the count stops where the whole limit came back', () => {
    const s: Sample[] = [];
    // Windows of 5 per 4 s from T0, each answer naming now + 10 s.
    for (let n = 0; n < 12; n++) {
      const at = T0 + 500 + n * 600;
      const inWindow = n < 5 ? n : n - 7;
      if (n >= 5 && n < 7) s.push(answer(n, at, 0, Math.ceil((at + 10_000) / 1000), 5, 429));
      else s.push(answer(n, at, 4 - inWindow, Math.ceil((at + 10_000) / 1000)));
    }
    expect(servedBeyondLimit(s)).toBeUndefined();
  });

  it('without a Date, counts whose windows name different Reset moments are not read as one window', () => {
    const s = workers([0, 1, 1, 2, 0, 2, 1, 0, 0, 2, 1, 2, 0]).map((x) => {
      const { date: _, ...headers } = x.response.headers as Record<string, string>;
      return sample(x.n, x.status, headers, x.response.receivedAtMs);
    });
    expect(servedBeyondLimit(s)).toBeUndefined();
  });

  /** An answer without a Date (Netty writes none), as the walk reads it. */
  const undated = (n: number, remaining: number, reset: number, status = 404, limit = 5) =>
    sample(
      n,
      status,
      {
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': String(remaining),
        'x-ratelimit-reset': String(reset),
      },
      T0 + 1000 + n * 20,
    );

  it('without a Date, two counts side by side under one unmoved Reset serve more than Limit', () => {
    // A count per connection, the pool taking the two in turn: 4 3 on one, 4 3 on the other, and so on.
    const end = T0 / 1000 + 9;
    const s: Sample[] = [];
    const used = [0, 0];
    for (let n = 0; n < 11; n++) {
      const c = n % 2;
      used[c]! += 1;
      s.push(used[c]! > 5 ? undated(n, 0, end, 429) : undated(n, 5 - used[c]!, end));
    }
    const b = servedBeyondLimit(s);
    expect(b?.sameReset).toBe(true);
    expect(b?.served.length).toBe(10);
  });

  it('without a Date, one count renewed under a frozen Reset shows its counts one after the other', () => {
    const end = T0 / 1000 + 9;
    const s = [4, 3, 2, 1, 0, 4, 3, 2, 1, 0].map((r, n) => undated(n, r, end));
    expect(servedBeyondLimit(s)).toBeUndefined();
  });

  it('without a Date, a token bucket (Remaining staying on every other step) names a Reset that moves', () => {
    // 5 tokens, one back every 2 requests' time; Reset whole seconds, when the bucket is full again.
    const s: Sample[] = [];
    let tokens = 5;
    for (let n = 0; n < 30; n++) {
      const at = T0 + 1000 + n * 100;
      if (n % 2 === 1) tokens = Math.min(5, tokens + 1);
      tokens -= 1;
      const fullAt = at + (5 - tokens) * 200;
      s.push(
        sample(
          n,
          404,
          {
            'x-ratelimit-limit': '5',
            'x-ratelimit-remaining': String(Math.max(0, tokens)),
            'x-ratelimit-reset': String(Math.ceil(fullAt / 1000)),
          },
          at,
        ),
      );
    }
    expect(servedBeyondLimit(s)).toBeUndefined();
  });

  it("a request naming another client address counts when its answer continued the key's count", () => {
    // A walk of a fresh window (5 per 10 s), its 2nd and 4th requests naming 192.0.2.x: counted with the key
    // (Remaining one below the answer before), then a list served from a count of its own past Remaining 0.
    const end = Math.ceil((T0 + 10_000) / 1000);
    const named = (s: Sample): Sample =>
      ({
        ...s,
        response: {
          ...s.response,
          exchange: {
            ...s.response.exchange,
            request: {
              method: 'DELETE',
              url: '/v1/store/orders/7',
              headers: { 'x-forwarded-for': '192.0.2.1' },
            },
          },
        },
      }) as Sample;
    const walk = [4, 3, 2, 1, 0].map((r, n) => answer(n, T0 + 1000 + n * 100, r, end));
    walk[1] = named(walk[1]!);
    walk[3] = named(walk[3]!);
    const list = answer(5, T0 + 1600, 4, end + 3, 5, 200);
    const s = [...walk, list, answer(6, T0 + 1700, 0, end, 5, 429)];
    expect(servedBeyondLimit(s)?.served.length).toBe(6);
    // Answered from a count of their own (the whole Limit again), they are the forwarding check's, not counted.
    const own = [...s];
    own[1] = named(answer(1, T0 + 1100, 4, end + 1));
    own[3] = named(answer(3, T0 + 1300, 4, end + 1));
    expect(servedBeyondLimit(own)).toBeUndefined();
  });
});
