// The walk's requests sent together: read in the order they were counted, and judged by RL-PROBE-LIMIT-ENFORCED
// only when more were served after them than the Remaining before them left (a count that lets them past).
import { describe, expect, it } from 'vitest';
import { rl, sample, T0, walkOf } from '../../../test/support/probe-records.ts';
import { countOrder } from './count-order.ts';
import { judgeEnforced } from './judge-limit.ts';
import { judgeTogether, servedAlonePastZero } from './judge-together.ts';
import type { Walk } from './record.ts';

/** Limit 10, Reset 60 s ahead: a walk down to Remaining 3, the group, then the answers after it. */
function walkWith(group: number[], after: Array<number | 429>): Walk {
  const reset = T0 / 1000 + 60;
  const before = [9, 8, 7, 6, 5, 4, 3].map((r, i) => sample(i, 404, rl(r, reset, 10)));
  const together = group.map((r, i) => sample(7 + i, 404, rl(r, reset, 10)));
  const rest = after.map((r, i) =>
    r === 429
      ? sample(7 + group.length + i, 429, { ...rl(0, reset, 10), 'retry-after': '60' })
      : sample(7 + group.length + i, 404, rl(r, reset, 10)),
  );
  const samples = [...before, ...together, ...rest];
  const last = samples[samples.length - 1]!;
  return {
    ...walkOf([9]),
    samples,
    sent: samples.length - 1,
    together,
    ...(last.status === 429 ? { limited: last } : {}),
  };
}

describe('requests sent together', () => {
  it('are read in the order counted: served by Remaining falling, refusals last', () => {
    const order = countOrder(
      [
        { status: 429, remaining: 0, atMs: 1 },
        { status: 404, remaining: 1, atMs: 3 },
        { status: 404, remaining: 2, atMs: 2 },
      ],
      (c) => c,
    );
    expect(order.map((c) => c.status === 429 || c.remaining)).toEqual([2, 1, true]);
  });

  it('a count that took each of them: nothing to say, and the walk is judged as one at a time', () => {
    const walk = walkWith([2, 1, 0], [429]);
    expect(judgeTogether(walk)).toBeUndefined();
    const j = judgeEnforced(walk);
    expect(typeof j !== 'string' && j.findings).toEqual([]);
  });

  it('a count they all read before any wrote: more served after Remaining 3 than 3, a limit not enforced', () => {
    const walk = walkWith([2, 2, 2], [1, 0, 429]);
    const found = judgeTogether(walk);
    expect(found?.message).toMatch(
      /said X-RateLimit-Remaining 3, the walk sent 3 requests together and 5 requests/,
    );
    expect(found?.actual).toMatch(/answered Remaining 2, 2, 2/);
    expect(found?.message).toMatch(/as a limiter that reads its count and writes it back after a pause/);
    const j = judgeEnforced(walk);
    expect(typeof j !== 'string' && j.findings.map((f) => f.message)).toEqual([found!.message]);
  });

  it('each counted, then one more served alone: an off-by-one told as such, not a race', () => {
    // restify in round four: Remaining 3, 2, 1, 0 to the requests sent together, then one more served.
    const walk = walkWith([2, 1, 0], [0, 429]);
    const found = judgeTogether(walk);
    expect(found?.message).toMatch(
      /the 3 sent together were counted one by one \(Remaining 2, 1, 0\), and #10, sent alone after them, was served too: the limiter lets one request more through than it counts .*off-by-one.*, not a race$/,
    );
    expect(found?.message).not.toMatch(/concurrent requests past it/);
    expect(found?.actual).toMatch(/; 1 sent alone after them\)$/);
    expect(servedAlonePastZero(walk).map((s) => s.n)).toEqual([10]);
    // A walk that kept to the limit one at a time served nothing alone past Remaining 0.
    expect(servedAlonePastZero(walkWith([2, 1, 0], [429]))).toEqual([]);
  });
});

/** A token bucket of 60 a minute (x/time/rate): an answer handled at `handled`, sent and read by our clock. */
function bucketAnswer(
  n: number,
  status: number,
  remaining: number,
  at: { sent: number; handled: number; read: number },
) {
  const s = sample(
    n,
    status,
    {
      ...rl(remaining, T0 / 1000 + 48, 60),
      date: new Date(T0 + at.handled).toUTCString(),
      ...(status === 429 ? { 'retry-after': '1' } : {}),
    },
    T0 + at.read,
  );
  Object.assign(s.response.exchange, {
    startedAt: new Date(T0 + at.sent).toISOString(),
    durationMs: at.read - at.sent,
  });
  return s;
}

/**
 * The walk down to Remaining 15 (staying on some steps: tokens come back), #10 read 900 ms late, its 15
 * requests sent together and handled over 1.2 s on a loaded machine, `alone` more sent one at a time, then 429.
 */
function loadedBucketWalk(alone: number[]): Walk {
  const before = [22, 21, 21, 20, 19, 18, 18, 17, 16, 15].map((r, i) =>
    bucketAnswer(i, 404, r, { sent: 300 * i - 10, handled: 300 * i, read: i === 9 ? 3_900 : 300 * i + 20 }),
  );
  const together = [15, 14, 13, 12, 12, 11, 10, 9, 8, 7, 6, 5, 5, 4, 3].map((r, i) =>
    bucketAnswer(10 + i, 404, r, { sent: 3_950, handled: 3_960 + 85 * i, read: 4_100 + 85 * i }),
  );
  const rest = alone.map((r, i) =>
    bucketAnswer(25 + i, 404, r, { sent: 5_310 + 110 * i, handled: 5_320 + 110 * i, read: 5_400 + 110 * i }),
  );
  const t = 5_310 + 110 * alone.length;
  const limited = bucketAnswer(25 + alone.length, 429, 0, { sent: t, handled: t + 10, read: t + 90 });
  const samples = [...before, ...together, ...rest, limited];
  return { ...walkOf([22]), samples, sent: samples.length - 1, together, limited };
}

describe('requests sent together to a token bucket on a loaded machine', () => {
  it('more served than Remaining is no finding while the refill over the measured span allows it', () => {
    // Remaining 15 was 15.95 tokens; the 2.9 s from when #9 left to when #27 was read bring up to 3 more: 18.
    expect(judgeTogether(loadedBucketWalk([2, 1, 0]))).toBeUndefined();
  });

  it('more served than any refill in that span allows is a limit not enforced', () => {
    const found = judgeTogether(loadedBucketWalk([2, 1, 0, 0, 0, 0, 0, 0]));
    expect(found?.message).toMatch(/15 requests together and 23 requests .* were served/);
    expect(found?.expected).toMatch(/at most 20 served after Remaining 15/);
  });
});
