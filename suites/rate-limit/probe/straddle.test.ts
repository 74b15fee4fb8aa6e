// Unit tests of answers of two windows or counts that a loaded run puts side by side: requests sent together
// straddling a window's end (flask-gunicorn) are read in window order and never counted as one window's; a
// route's fresh count beside a spent one is no window begun again. Synthetic samples; nothing is sent.
import { describe, expect, it } from 'vitest';
import { sample, T0 } from '../../../test/support/probe-records.ts';
import { countOrder } from './count-order.ts';
import { judgeEnforced } from './judge-limit.ts';
import type { Sample, Walk } from './record.ts';
import { servedBeyondLimit } from './served.ts';

const LIMIT = 10;
/** Flask-Limiter's Reset: the window's expiry floored, plus one. */
const resetOf = (openedAtMs: number) => Math.floor((openedAtMs + 6000) / 1000) + 1;
const W1 = T0 + 300;
const W2 = T0 + 6400;

function answer(n: number, at: number, remaining: number, reset: number, status = 404): Sample {
  return sample(
    n,
    status,
    {
      'x-ratelimit-limit': String(LIMIT),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(reset),
      date: new Date(Math.floor(at / 1000) * 1000).toUTCString(),
      ...(status === 429 ? { 'retry-after': '6' } : {}),
    },
    at,
  );
}

/**
 * The group as the server answered it, in arrival order: two in the window opened at W1 (Remaining 3, 2), one
 * counted there but read once it had ended (Remaining 10, Reset floored from the moment read), then three in
 * the window opened at W2.
 */
function group(): Sample[] {
  return [
    answer(0, T0 + 6100, 3, resetOf(W1)),
    answer(0, T0 + 6200, 2, resetOf(W1)),
    answer(0, T0 + 6350, LIMIT, Math.floor((T0 + 6350) / 1000) + 1),
    answer(0, W2, 9, resetOf(W2)),
    answer(0, T0 + 6500, 8, resetOf(W2)),
    answer(0, T0 + 6600, 7, resetOf(W2)),
  ];
}

/** The walk: 9 to 4 one at a time in the first window, the group in `order`, then 6 to 0 and the 429. */
function walkWith(order: (g: Sample[]) => Sample[]): Walk {
  const samples = [9, 8, 7, 6, 5, 4].map((r, i) => answer(i, W1 + i * 100, r, resetOf(W1)));
  const together = order(group()).map((s, i) => ({ ...s, n: 6 + i }));
  samples.push(...together);
  [6, 5, 4, 3, 2, 1, 0].forEach((r, i) => {
    samples.push(answer(samples.length, T0 + 6700 + i * 100, r, resetOf(W2)));
  });
  const limited = answer(samples.length, T0 + 7500, 0, resetOf(W2), 429);
  samples.push(limited);
  return {
    samples,
    bound: 30,
    sent: samples.length - 1,
    spoofed: [],
    apart: [],
    headersRefused: [],
    together,
    limited,
  };
}

/** The order before windows were told apart: by Remaining falling alone. */
const byRemaining = (g: Sample[]) => [...g].sort((a, b) => b.remaining! - a.remaining!);
const counted = (g: Sample[]) =>
  countOrder(g, (s) => ({
    status: s.status,
    remaining: s.remaining!,
    reset: s.reset!,
    limit: s.limit!,
    atMs: s.response.receivedAtMs,
  }));

describe('requests sent together across a window end', () => {
  it('are read window by window: the earlier Reset first, an answer read after its window last in it', () => {
    expect(counted(group()).map((s) => s.remaining)).toEqual([3, 2, LIMIT, 9, 8, 7]);
  });

  it('keep Resets a second apart as one window, read by Remaining', () => {
    const r = resetOf(W1);
    const g = [answer(0, T0 + 1, 2, r + 1), answer(0, T0 + 2, 4, r), answer(0, T0 + 3, 3, r + 1)];
    expect(counted(g).map((s) => s.remaining)).toEqual([4, 3, 2]);
  });

  it('read by Remaining alone, are not one window served past its Limit (the zoo false alarm)', () => {
    const w = walkWith(byRemaining);
    expect(w.together!.map((s) => s.remaining)).toEqual([LIMIT, 9, 8, 7, 3, 2]);
    expect(servedBeyondLimit(w.samples)).toBeUndefined();
    const j = judgeEnforced(w);
    expect(typeof j === 'string' ? [j] : j.findings.map((f) => f.message)).toEqual([]);
  });

  it('read in window order, pass too', () => {
    const w = walkWith(counted);
    expect(servedBeyondLimit(w.samples)).toBeUndefined();
    const j = judgeEnforced(w);
    expect(typeof j === 'string' ? j : j.findings).toEqual([]);
  });

  it('a second count served in the later window is still past the limit', () => {
    const w = walkWith(byRemaining);
    // Three more served in the second window under a count of their own, before its Reset moment.
    const last = w.samples.pop()!;
    for (const r of [5, 4, 3]) w.samples.push(answer(w.samples.length, T0 + 7400 + r, r, resetOf(W2)));
    w.samples.push({ ...last, n: w.samples.length });
    expect(servedBeyondLimit(w.samples)?.served.length).toBe(13);
  });
});

describe('a fresh count of another route at the spent one’s Remaining 0', () => {
  it('is no window begun again when the spent route refuses right after it', () => {
    // Counts per route, a 30 s window each: the walk spends DELETE's 60, the list's window opens fresh at its
    // Remaining 0 (59, a later Reset), then DELETE is refused. 61 served before DELETE's Reset moment.
    const reset = (at: number) => Math.ceil((at + 30_000) / 1000);
    const del = Array.from({ length: 60 }, (_, n) => answer60(n, T0 + 100 + n * 50, 59 - n, reset(T0)));
    const list = answer60(60, T0 + 3200, 59, reset(T0 + 3200));
    const refused = answer60(61, T0 + 3300, 0, reset(T0), 429);
    expect(servedBeyondLimit([...del, list, refused])?.served.length).toBe(61);
    // The same answer followed by one served on from it is a window begun again: nothing past the Limit.
    const on = answer60(61, T0 + 3300, 58, reset(T0 + 3200));
    expect(servedBeyondLimit([...del, list, on])).toBeUndefined();
  });
});

function answer60(n: number, at: number, remaining: number, reset: number, status = 404): Sample {
  return sample(
    n,
    status,
    {
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(reset),
      date: new Date(Math.floor(at / 1000) * 1000).toUTCString(),
    },
    at,
  );
}
