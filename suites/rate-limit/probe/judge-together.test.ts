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
