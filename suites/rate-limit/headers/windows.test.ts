// Unit tests of the whole-run window reading (windows.ts) on synthetic exchanges: a faithful fixed
// window read through whole-second rounding stays silent; a rolling or frozen Reset is found.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../lib/http/transcript.ts';
import { byBucket, judgeWindows } from './windows.ts';

const T0 = 1_800_000_000_000;

/**
 * A keyed answer received at local `at` ms, whose server clock (Date, whole seconds, rounded down as servers
 * write it) reads `at` too; the request went out `took` ms before.
 */
function answer(
  seq: number,
  at: number,
  status: number,
  remaining: number,
  reset: number,
  took = 5,
  dateAt = at,
): Exchange {
  return {
    seq,
    bucket: 'primary',
    startedAt: new Date(at - took).toISOString(),
    durationMs: took,
    request: { method: 'DELETE', path: '/store/orders/1', headers: {} },
    response: {
      status,
      headers: {
        date: new Date(dateAt).toUTCString(),
        'x-ratelimit-limit': '5',
        'x-ratelimit-remaining': String(remaining),
        'x-ratelimit-reset': String(reset),
      },
    },
  } as unknown as Exchange;
}

describe('whole-run windows', () => {
  it('a fixed window whose next answer comes just after the true reset, inside the rounding, is no Reset moving later', () => {
    // A 2 s window opens at T0 - 100 ms and truly ends at T0 + 1_900 ms; Reset names it rounded up (T0/1000 + 2)
    // and the first answer's Date reads its second down (T0 - 1 s at T0 - 50 ms), so the moment reads 0.95 s
    // late. Traffic goes on: the next window's first answer comes 20 ms after the true end, before that moment
    // less a second of slack, with a Reset 2 s later.
    const end = T0 + 1_900;
    const xs = [
      answer(1, T0 - 50, 404, 4, T0 / 1000 + 2),
      answer(2, T0 + 500, 404, 3, T0 / 1000 + 2),
      answer(3, T0 + 1_500, 404, 2, T0 / 1000 + 2),
      answer(4, end + 20, 404, 4, T0 / 1000 + 4),
      answer(5, end + 40, 404, 3, T0 / 1000 + 4),
    ];
    const found = judgeWindows(byBucket(xs));
    expect(found.moved).toEqual([]);
    expect(found.stale).toEqual([]);
  });

  it('an answer after the moment counts as such though the first answer arrived late after its Date', () => {
    // A fixed window of 5 per 2 s opens at T0 + 1_050 (Reset T0 + 4 s); on a loaded machine the first
    // answer's Date still reads the second before (a cached Date) and it arrives 10 ms later. Read through
    // that Date alone the moment seems T0 + 5_060. Told to wait 2 s after its 429, the client is served again at
    // T0 + 3_210, after the window's true end, with a later Reset: one Reset moment the run outlived.
    const reset = T0 / 1000 + 4;
    const xs = [
      answer(1, T0 + 1_060, 404, 4, reset, 10, T0),
      answer(2, T0 + 1_080, 404, 3, reset),
      answer(3, T0 + 1_100, 404, 2, reset),
      answer(4, T0 + 1_120, 404, 1, reset),
      answer(5, T0 + 1_140, 404, 0, reset),
      answer(6, T0 + 1_160, 429, 0, reset),
      answer(7, T0 + 3_210, 404, 4, reset + 2),
    ];
    const found = judgeWindows(byBucket(xs));
    expect(found.passed).toBe(1);
    expect(found.stale).toEqual([]);
    expect(found.moved).toEqual([]);
  });

  it('a Reset that rolls forward while Remaining falls is found', () => {
    const xs = [0, 1, 2, 3].map((i) => answer(i + 1, T0 + i * 1_500, 404, 4 - i, T0 / 1000 + 60 + i * 1.5));
    const whole = xs.map((x) => {
      const h = x.response!.headers as Record<string, string>;
      h['x-ratelimit-reset'] = String(Math.ceil(Number(h['x-ratelimit-reset'])));
      return x;
    });
    expect(judgeWindows(byBucket(whole)).moved.length).toBeGreaterThan(0);
  });

  it('a limit back whole well before the moment the 429 named: a Reset that rolls forward', () => {
    // A fixed window of 5 per 10 s opened at T0; every answer names now + 10 s. The 429 at +6 s names +16 s,
    // and told to wait until the window's true end (+10 s) the client is served with the whole limit back.
    const xs = [
      answer(1, T0 + 6_000, 404, 0, T0 / 1000 + 16),
      answer(2, T0 + 6_010, 429, 0, T0 / 1000 + 17),
      answer(3, T0 + 10_050, 404, 4, T0 / 1000 + 21),
      answer(4, T0 + 10_100, 404, 3, T0 / 1000 + 21),
    ];
    expect(judgeWindows(byBucket(xs)).moved.map((o) => o.problem)).toEqual([
      expect.stringMatching(/whole limit was back .* 7 s before the moment the answer before it had named/),
    ]);
    // The faithful window names its true end: the limit back then is no finding.
    const faithful = [
      answer(1, T0 + 6_000, 404, 0, T0 / 1000 + 10),
      answer(2, T0 + 6_010, 429, 0, T0 / 1000 + 10),
      answer(3, T0 + 10_050, 404, 4, T0 / 1000 + 21),
      answer(4, T0 + 10_100, 404, 3, T0 / 1000 + 21),
    ];
    expect(judgeWindows(byBucket(faithful)).moved).toEqual([]);
    // Nor when the server's Date lags its clock (uvicorn caches it; 4 s behind on a loaded run): read through
    // that Date the moment seems 4 s later, but on this machine's clock the limit came back right at it.
    const staleDate = faithful.map((x, i) => {
      const h = x.response!.headers as Record<string, string>;
      if (i < 2) h.date = new Date(T0 + 2_000).toUTCString();
      return x;
    });
    expect(judgeWindows(byBucket(staleDate)).moved).toEqual([]);
  });

  it('the same request again finding the whole limit back well before the moment named, though not spent', () => {
    // Windows of 5 per 10 s aligned to the clock, ending at T0 + 10 s; every answer names now + 10 s. Sent at
    // +7.5 s, the request finds 2 left (Reset +17.5 s rounded up); sent again after the window's true end it
    // finds the whole limit back, 7.9 s before the moment named.
    const url = 'http://127.0.0.1:9/v1/store/orders/7';
    const same = (x: Exchange) => Object.assign(x.request, { url }) && x;
    const xs = [
      answer(1, T0 + 7_400, 404, 3, T0 / 1000 + 18),
      answer(2, T0 + 7_500, 404, 2, T0 / 1000 + 18),
      answer(3, T0 + 10_100, 404, 4, T0 / 1000 + 21),
      answer(4, T0 + 10_200, 404, 3, T0 / 1000 + 21),
    ].map(same);
    expect(judgeWindows(byBucket(xs)).moved.map((o) => o.problem)).toEqual([
      expect.stringMatching(/whole limit was back .* 7.9 s before the moment the answer before it had named/),
    ]);
    // Another request's count begun full beside it (a limiter per path) is no finding, nor the same request
    // finding a whole count under the same Reset (a counter of another worker, aligned windows).
    const otherPath = xs.map((x, i) => (i >= 2 ? Object.assign(x.request, { url: `${url}1` }) && x : x));
    expect(judgeWindows(byBucket(otherPath)).moved).toEqual([]);
    const aligned = [
      answer(1, T0 + 7_400, 404, 3, T0 / 1000 + 10),
      answer(2, T0 + 7_500, 404, 2, T0 / 1000 + 10),
      answer(3, T0 + 7_600, 404, 4, T0 / 1000 + 10),
      answer(4, T0 + 7_700, 404, 3, T0 / 1000 + 10),
    ].map(same);
    expect(judgeWindows(byBucket(aligned)).moved).toEqual([]);
  });

  it('a Reset still naming a passed moment well after it, in the next window, is stale', () => {
    const xs = [
      answer(1, T0 + 100, 404, 4, T0 / 1000 + 2),
      answer(2, T0 + 200, 429, 0, T0 / 1000 + 2),
      answer(3, T0 + 4_500, 404, 4, T0 / 1000 + 2),
    ];
    expect(judgeWindows(byBucket(xs)).stale).toHaveLength(1);
  });

  it('concurrent answers carry no order: a burst answer that completes after a sibling 429 is no new window', () => {
    // A fixed window of 5 ending at T0 + 3 s. The recovery is served (4 left); then a burst of 5 goes out at
    // once at T0 + 100 ms. The server answers them in some order; they complete in another: the 429 first,
    // then an answer it served earlier (Remaining 3). Read in completion order that looks like Remaining
    // rising right after a 429, under the same Reset.
    const reset = T0 / 1000 + 3;
    const xs = [
      answer(1, T0, 200, 4, reset),
      answer(2, T0 + 110, 429, 0, reset, 10),
      answer(3, T0 + 115, 200, 3, reset, 15),
      answer(4, T0 + 118, 200, 2, reset, 18),
      answer(5, T0 + 119, 200, 0, reset, 19),
      answer(6, T0 + 120, 200, 1, reset, 20),
    ];
    const found = judgeWindows(byBucket(xs));
    expect(found.stale).toEqual([]);
    expect(found.moved).toEqual([]);
  });

  it('answers in sequence still show a lifted limit that kept its passed Reset', () => {
    const reset = T0 / 1000 + 2;
    const xs = [
      answer(1, T0 + 100, 404, 1, reset),
      answer(2, T0 + 200, 429, 0, reset),
      answer(3, T0 + 3_500, 404, 4, reset),
    ];
    expect(judgeWindows(byBucket(xs)).stale).toHaveLength(1);
  });

  it("a sliding log's Reset rounded down to its second is no passed moment", () => {
    // A sliding log of 3 requests per 2 s; Reset names the oldest logged request's expiry, rounded down.
    // Requests at T0, +300 and +600 ms fill it (Reset T0 + 2 s); one at +700 ms is refused. At +2_350 the
    // first two have expired: served, Remaining 1, and the oldest left (+600) expires at +2_600, which reads
    // T0 + 2 s once rounded down, as the server's Date does. That moment is ahead: the next window's own.
    const reset = T0 / 1000 + 2;
    const xs = [
      answer(1, T0, 404, 2, reset),
      answer(2, T0 + 300, 404, 1, reset),
      answer(3, T0 + 600, 404, 0, reset),
      answer(4, T0 + 700, 429, 0, reset),
      answer(5, T0 + 2_350, 404, 1, reset),
    ];
    expect(judgeWindows(byBucket(xs)).stale).toEqual([]);
  });

  it('a count of its own begun at the limit (a limiter keyed per route) is no Reset moving later', () => {
    // Each route counts on its own, its window opened by its own first request (RL-BUCKET-ONE-COUNT's
    // finding, a SHOULD): a path first asked 3 s and then 6 s into the run starts at the limit with a Reset
    // 60 s from then. Neither spent the list's window further, so neither Reset moved within one.
    const r0 = T0 / 1000 + 60;
    const xs = [
      answer(1, T0, 200, 4, r0),
      answer(2, T0 + 500, 200, 3, r0),
      answer(3, T0 + 3_000, 404, 4, r0 + 3),
      answer(4, T0 + 6_000, 404, 4, r0 + 6),
      answer(5, T0 + 6_500, 200, 2, r0),
    ];
    expect(judgeWindows(byBucket(xs)).moved).toEqual([]);
  });

  it('a token bucket spent about as fast as it refills (a walk slowed by a loaded machine) is no Reset moving later', () => {
    // golang.org/x/time/rate as the zoo's Go target reads it: 60 tokens per 8 s, Remaining the whole tokens,
    // Reset the moment it is full (rounded up). A request every 125 ms spends a little more than comes back:
    // Remaining stays on most steps and falls by one every 17 or so, the Reset moving 0.13 s later with each.
    expect(judgeWindows(byBucket(bucketRun(125, 10.95))).moved).toEqual([]);
    // Every 50 ms: Remaining falls on most steps, stays on some.
    const faster = bucketRun(50, 59);
    expect(judgeWindows(byBucket(faster)).moved).toEqual([]);
    // The same answers with a Reset always 8 s from now: its time left does not grow as Remaining falls.
    const rolling = faster.map((x) => {
      const at = Date.parse(x.startedAt) + x.durationMs;
      const headers = { ...x.response!.headers, 'x-ratelimit-reset': String(Math.ceil((at + 8000) / 1000)) };
      return { ...x, response: { ...x.response!, headers } } as Exchange;
    });
    expect(judgeWindows(byBucket(rolling)).moved.length).toBeGreaterThan(0);
  });
});

/** A run against a token bucket of 60 per 8 s, a request every `stepMs`, starting with `tokens`. */
function bucketRun(stepMs: number, start: number): Exchange[] {
  const [limit, perTokenMs] = [60, 8000 / 60];
  let tokens = start;
  const xs: Exchange[] = [];
  for (let i = 0; i < 60; i++) {
    const at = T0 + 37 + i * stepMs;
    tokens = Math.min(limit, tokens + (i === 0 ? 0 : stepMs / perTokenMs)) - 1;
    const reset = Math.ceil((at + (limit - tokens) * perTokenMs) / 1000);
    const x = answer(i + 1, at, 404, Math.floor(tokens), reset);
    (x.response!.headers as Record<string, string>)['x-ratelimit-limit'] = String(limit);
    xs.push(x);
  }
  return xs;
}
