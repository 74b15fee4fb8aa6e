// A limiter that refills as fast as the walk spends: the steps that show it (or show the walk lagging behind
// it), the whole limit and one more sent at once once its Reset has passed, and how RL-PROBE-LIMIT-ENFORCED
// reads that group.
import { describe, expect, it } from 'vitest';
import { refused, rl, sample, T0, walkOf } from '../../../test/support/probe-records.ts';
import { judgeEnforced, judgeNotEarly } from './judge-limit.ts';
import { judgeTogether } from './judge-together.ts';
import { LAG_STEPS, lagging, overrun, pacedGroup, pacedRefusal, pacedSteps, rose } from './pace.ts';
import type { Sample, Walk } from './record.ts';
import { gradualRefill } from './refill.ts';

const S0 = T0 / 1000;

/**
 * Limit 10 refilled a token a second, walked one request every 1.1 s: Remaining stays at 9, each answer
 * naming the moment a second ahead when the bucket is full again.
 */
const stalled = (): Sample[] =>
  [0, 1, 2, 3, 4].map((i) => sample(i, 404, rl(9, S0 + i + 2, 10), T0 + i * 1100));

/** Once the last stalled answer's Reset has passed: the group's answers (Remaining, or 429), all at one moment. */
function paced(answers: Array<number | 429>, lastLateMs = 0): Walk {
  const before = stalled();
  const at = (i: number) => T0 + 8000 + (i === answers.length - 1 ? lastLateMs : 0);
  const group = answers.map((r, i) =>
    r === 429
      ? sample(5 + i, 429, { ...rl(0, S0 + 18, 10), 'retry-after': '1' }, at(i))
      : sample(5 + i, 404, rl(r, S0 + 8 + (10 - r), 10), at(i)),
  );
  const samples = [...before, ...group];
  const last = samples[samples.length - 1]!;
  return {
    ...walkOf([9]),
    samples,
    sent: samples.length - 1,
    together: group,
    ...(last.status === 429 ? { limited: last } : {}),
  };
}

const wholeLimit = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0];

describe('a refill that keeps pace with the walk', () => {
  it('shows on steps where Remaining did not fall although the moment Reset named had come', () => {
    expect(pacedSteps(stalled())).toBe(true);
    // One step is enough when the walk waited for the limit to be whole before the last request.
    expect(pacedSteps(stalled().slice(-2), true)).toBe(true);
    expect(pacedSteps(stalled().slice(-2))).toBe(false);
    // Inside a window whose Reset is far ahead, an unmoved Remaining is no refill (a count that is stuck).
    const stuck = [0, 1, 2].map((i) => sample(i, 404, rl(9, S0 + 60, 10), T0 + i * 1100));
    expect(pacedSteps(stuck)).toBe(false);
    // One step that fell breaks it (a count going down as walked), and so does a Remaining short of Limit − 1,
    // whose Reset may free only part of the limit (a sliding log's oldest request leaving).
    const low = [8, 8, 8].map((r, i) => sample(i, 404, rl(r, S0 + i + 2, 10), T0 + i * 1100));
    expect(pacedSteps(low)).toBe(false);
    const falling = [9, 8, 8].map((r, i) => sample(i, 404, rl(r, S0 + i + 2, 10), T0 + i * 1100));
    expect(pacedSteps(falling)).toBe(false);
  });

  it('a whole limit served and the one over it refused: a limit enforced, read as a gradual refill', () => {
    const walk = paced([...wholeLimit, 429]);
    expect(pacedGroup(walk)?.from.n).toBe(4);
    expect(judgeTogether(walk)).toBeUndefined();
    expect(gradualRefill(walk)).toMatch(/Remaining stayed at 9 of 10 on request #4/);
    const j = judgeEnforced(walk);
    expect(typeof j !== 'string' && j.findings).toEqual([]);
  });

  it('the refusal in the group, after a whole limit served: not early, whatever its route', () => {
    const walk = paced([...wholeLimit, 429]);
    expect(pacedRefusal(walk, walk.limited!)).toBe(10);
    const j = judgeNotEarly(walk);
    expect(typeof j !== 'string' && j.findings).toEqual([]);
    expect(typeof j !== 'string' && j.observed).toMatch(
      /after 10 sent with it, the limit whole, were served/,
    );
    // Refused with only five served before it: read as before, against the answers before it.
    const early = paced([9, 8, 7, 6, 5, 429]);
    expect(pacedRefusal(early, early.limited!)).toBeUndefined();
  });

  it('more served than the whole limit and what could refill while they arrived: a limit not enforced', () => {
    const walk = paced([...wholeLimit, 0, 0, 429]);
    const found = judgeTogether(walk);
    expect(found?.message).toMatch(
      /once it had passed \(the limit whole again\), the walk sent 13 requests together and 12 were served: more than the 10 a whole limit holds/,
    );
    const j = judgeEnforced(walk);
    expect(typeof j !== 'string' && j.findings.map((f) => f.message)).toContain(found!.message);
  });

  it('all of them served (tokens came back as they arrived): nothing to judge, said so', () => {
    // The last arrived 1.5 s after the others: a bucket full again in 10 s gives two tokens back meanwhile.
    const walk = paced([...wholeLimit, 0], 1500);
    expect(judgeTogether(walk)).toBeUndefined();
    // At one moment, the same eleven served are one past a whole limit.
    expect(judgeTogether(paced([...wholeLimit, 0]))?.expected).toBe('at most 10 of the 11 served, then 429');
    expect(judgeEnforced(walk)).toMatch(
      /^once the limit was whole again \(X-RateLimit-Remaining 9 of 10 on request #4, its Reset moment passed\) the walk sent 11 requests together, and every one was served/,
    );
  });

  it('the last few before Remaining 0 sent inside their window are no whole limit', () => {
    const walk = paced([...wholeLimit, 429]);
    const inWindow = walk.samples.map((s) =>
      s.n >= 5 ? sample(s.n, s.status, { ...rl(s.remaining ?? 0, S0 + 60, 10) }, T0 + 4500) : s,
    );
    expect(pacedGroup({ ...walk, samples: inWindow, together: inWindow.slice(5) })).toBeUndefined();
  });
});

/**
 * Limit 10, a token every 200 ms, walked one request every 150 ms: answers with these Remaining values, each
 * naming the moment the bucket is full again, which moves on with the walk (`moves` false: a fixed window's).
 */
const walked = (counts: number[], moves = true): Sample[] =>
  counts.map((r, i) => sample(i, 404, rl(r, S0 + 2 + (moves ? Math.floor(i * 0.3) : 0), 10), T0 + i * 150));

describe('a walk lagging behind a refill (a loaded machine)', () => {
  it('Remaining falling too slowly to reach 0 within the room the walk has', () => {
    expect(lagging(walked([9, 9, 8, 8, 8, 8, 8]), 19)).toMatch(
      /went from 9 to 8 over the walk's last 6 requests while X-RateLimit-Reset moved on: at that pace the walk would not reach 0 within the 19 requests/,
    );
    expect(lagging(walked([7, 7, 7, 6, 7, 7, 7]), 60)).toMatch(/went from 7 to 7/);
    // Falling by half its steps reaches 0 from 5 in 10 more: lagging only where fewer are left.
    expect(lagging(walked([8, 8, 7, 7, 6, 6, 5]), 19)).toBeUndefined();
    expect(lagging(walked([8, 8, 7, 7, 6, 6, 5]), 9)).toMatch(/from 8 to 5/);
  });

  it('not a walk that outruns it, a stuck count, a window turned, Remaining 0 or too few steps', () => {
    expect(lagging(walked([9, 8, 7, 6, 5, 4, 3]), 19)).toBeUndefined();
    // A fixed window whose count is stuck names one Reset throughout: no refill to outrun.
    expect(lagging(walked([5, 5, 5, 5, 5, 5, 5], false), 19)).toBeUndefined();
    expect(lagging(walked([4, 3, 2, 9, 8, 8, 8]), 19)).toBeUndefined();
    expect(lagging(walked([1, 1, 0, 1, 0, 0, 0]), 19)).toBeUndefined();
    expect(lagging(walked([9, 9, 9, 9, 9, 9].slice(0, LAG_STEPS)), 19)).toBeUndefined();
    const refusedLast = [...walked([9, 9, 8, 8, 8, 8]), sample(6, 429, refused(), T0 + 900)];
    expect(lagging(refusedLast, 19)).toBeUndefined();
  });
});

describe('a rise of Remaining after the Limit was overrun', () => {
  it('reads as another counter, not a refill, once more than the Limit were served in one window', () => {
    // Three counters of 5 taking requests unevenly: 3 rises to a higher count, 12 served in one window.
    const turns = [4, 4, 3, 2, 3, 4, 3, 1, 2, 2, 1, 0];
    const date = { date: new Date(1_800_000_000_000).toUTCString() };
    const samples = turns.map((r, i) => sample(i, 404, { ...rl(r, 1_800_000_010), ...date }));
    expect(rose(samples[3]!, samples[4]!)).toBe(true);
    expect(overrun(samples.slice(0, 5))).toBe(false);
    expect(overrun(samples)).toBe(true);
    // One count refilling within its Limit: never an overrun.
    // A token bucket a second per request, its Reset the moment it is full again: it moves on as it refills.
    const bucket = [4, 3, 2, 3, 2, 1, 2, 1, 0].map((r, i) => {
      const at = 1_800_000_000_000 + i * 1000;
      const headers = { ...rl(r, at / 1000 + 5 - r), date: new Date(at).toUTCString() };
      return sample(i, 404, headers, at);
    });
    expect(overrun(bucket)).toBe(false);
  });
});
