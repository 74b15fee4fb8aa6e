// Unit tests of the probe's model (record.ts, windows.ts) and of the walk's judgements (judge-*.ts) on
// synthetic samples: windows, bounds, backoff, and one finding per broken rule.
import { describe, expect, it } from 'vitest';
import { refused, rl, sample, T0, walkOf } from '../../../test/support/probe-records.ts';
import { endsAfterReset } from './judge-after-walk.ts';
import { judgeCounts, judgeSteps } from './judge-counts.ts';
import { judgeEnforced, judgeNotEarly } from './judge-limit.ts';
import { judgeReset } from './judge-reset.ts';
import { earlyTolerance, rolledOver, type Sample } from './record.ts';
import { backoffDelayMs } from './recovery.ts';
import { windowStarts } from './windows.ts';

describe('probe model', () => {
  it('reads a rollover only when Reset moves on after the old window ended', () => {
    const a = sample(0, 404, rl(1, T0 / 1000 + 2));
    expect(rolledOver(a, sample(1, 404, rl(4, T0 / 1000 + 4), T0 + 1500))).toBe(true);
    expect(rolledOver(a, sample(1, 404, rl(0, T0 / 1000 + 2), T0 + 100))).toBe(false);
    // Reset moved while the old window was far from over: not a rollover (Reset is just unstable).
    expect(rolledOver(a, sample(1, 404, rl(0, T0 / 1000 + 60), T0 + 100))).toBe(false);
  });

  it('Remaining rising before the Reset moment (within its rounding) stays in the window: a bucket may refill', () => {
    // The Date header reads T0's second at T0 + 950 ms: Reset T0 + 2 s reads as T0 + 2.95 s locally. A rise
    // before that moment less a second is kept in the window, where it is the sign of a gradual limiter.
    const date = { date: new Date(T0).toUTCString() };
    const a = sample(0, 404, { ...rl(1, T0 / 1000 + 2), ...date }, T0 + 950);
    const b = sample(
      1,
      404,
      { ...rl(2, T0 / 1000 + 3), date: new Date(T0 + 1_000).toUTCString() },
      T0 + 1_920,
    );
    expect(windowStarts([a, b])).toEqual([false, false]);
    // Once the moment has come, the rise is the next window.
    const c = sample(
      1,
      404,
      { ...rl(4, T0 / 1000 + 4), date: new Date(T0 + 2_000).toUTCString() },
      T0 + 2_000,
    );
    expect(windowStarts([a, c])).toEqual([false, true]);
  });

  it('backs off exponentially, never below Retry-After, with bounded jitter', () => {
    expect(backoffDelayMs(1, 2000, 0, 0)).toBe(4000);
    expect(backoffDelayMs(2, 2000, 0, 0)).toBe(8000);
    expect(backoffDelayMs(2, 2000, 0, 0.999)).toBeLessThan(8000 * 1.25);
    expect(backoffDelayMs(1, 2000, 30_000, 0)).toBe(30_000);
    expect(backoffDelayMs(1, 0, 0, 0)).toBe(2000);
  });

  it('a Retry-After is inconsistent only when it ends after Reset beyond skew and rounding', () => {
    expect(endsAfterReset(2900, 2000)).toBe(false);
    expect(endsAfterReset(64_000, 60_000)).toBe(false);
    // A token bucket: the next token in 1 s, the bucket full in 5 s.
    expect(endsAfterReset(1000, 5000)).toBe(false);
    expect(endsAfterReset(0, 10_000)).toBe(false);
    expect(endsAfterReset(2_000_000, 2000)).toBe(true);
    expect(endsAfterReset(5000, 2000)).toBe(true);
  });

  it('read by the Date of the 429, allows whole seconds only, whatever the window', () => {
    // A window whose end slides with each request (redteam11, Redis): Retry-After 60 s, Reset 56 s away.
    expect(endsAfterReset(60_000, 56_000)).toBe(false);
    expect(endsAfterReset(60_000, 56_000, true)).toBe(true);
    // Retry-After rounded up, Reset floored, Date a tick late: 2 s at most.
    expect(endsAfterReset(58_000, 56_000, true)).toBe(false);
    expect(endsAfterReset(3000, 1000, true)).toBe(false);
    expect(endsAfterReset(1000, 5000, true)).toBe(false);
  });

  it('scales its tolerances with Limit', () => {
    expect(earlyTolerance(5)).toBe(1);
    expect(earlyTolerance(1000)).toBe(50);
  });
});

describe('walk judgements', () => {
  it('a faithful walk has no finding anywhere', () => {
    const w = walkOf([3, 2, 1, 0], refused());
    for (const j of [judgeEnforced(w), judgeCounts(w), judgeSteps(w), judgeReset(w.samples)])
      expect(j).toMatchObject({ findings: [] });
    expect(judgeNotEarly(w)).toMatchObject({ findings: [] });
  });

  it('never limits: no 429 within the bound, and successes past Remaining 0', () => {
    const j = judgeEnforced(walkOf([3, 2, 1, 0, 0, 0, 0]));
    const f = typeof j === 'string' ? [] : j.findings.map((x) => x.message);
    expect(f[0]).toMatch(/past the limit was not refused with 429 \(3 of 6/);
    expect(f[1]).toMatch(/no 429 after 6 requests.*never enforced/);
  });

  it('a success after Remaining 0 from a gradual limiter (Retry-After well before Reset) is recorded', () => {
    const bucket = { ...rl(0, T0 / 1000 + 5), 'retry-after': '1' };
    const j = judgeEnforced(walkOf([3, 2, 1, 0, 0], bucket));
    expect(j).toMatchObject({ findings: [] });
    expect(typeof j !== 'string' && j.notes.join()).toMatch(
      /refills gradually .*Retry-After \(1 s\) ends well before/,
    );
  });

  it('a short Retry-After refuted by the recovery is no sign of a gradual limiter', () => {
    const short = { ...rl(0, T0 / 1000 + 5), 'retry-after': '1' };
    const w = walkOf([3, 2, 1, 0, 0], short);
    const refusedAgain = { refusedWith: 429, waitsMs: [1000], attempts: [sample(6, 429, short, T0 + 1100)] };
    const j = judgeEnforced(w, refusedAgain);
    expect(typeof j !== 'string' && j.findings[0]!.message).toMatch(
      /request #4 answered 404 .* X-RateLimit-Remaining 0 in the same window/,
    );
    // Served when the Retry-After ended: the next token did come, so the success after Remaining 0 stands.
    const served = sample(6, 404, rl(0, T0 / 1000 + 5), T0 + 1100);
    expect(
      judgeEnforced(w, { refusedWith: 429, waitsMs: [1000], attempts: [served], recovered: served }),
    ).toMatchObject({
      findings: [],
    });
  });

  it('a bucket refilling as fast as the walk spends: Remaining never reached 0, nothing to judge', () => {
    expect(judgeEnforced(walkOf([3, 3, 2, 2, 2, 1, 1]))).toMatch(/Remaining still 1: .*not reached/);
  });

  it('a Remaining that never moves: more than Limit served in one window is judged by Limit', () => {
    // Limit 5, Remaining 5 on every answer, 8 served well before the Reset moment: the limit is not enforced.
    const j = judgeEnforced(walkOf([5, 5, 5, 5, 5, 5, 5, 5]));
    expect(typeof j !== 'string' && j.findings[0]!.message).toMatch(
      /no 429 although 8 requests .* within one window, more than X-RateLimit-Limit 5; .*stayed 5/,
    );
    // No more than Limit served: nothing to judge yet.
    expect(judgeEnforced(walkOf([5, 5, 5, 5, 5]))).toMatch(/Remaining still 5/);
    // The walk reached the Reset moment: two windows may share the requests.
    const slow = walkOf([5, 5, 5, 5, 5, 5, 5, 5]);
    slow.samples.forEach((x, i) => {
      Object.assign(x.response, { receivedAtMs: T0 + i * 300 });
    });
    expect(judgeEnforced(slow)).toMatch(/Remaining still 5/);
  });

  it('limit + 1: one success after Remaining 0, then the 429', () => {
    const j = judgeEnforced(walkOf([3, 2, 1, 0, 0], refused()));
    const f = typeof j === 'string' ? [] : j.findings;
    expect(f).toHaveLength(1);
    expect(f[0]!.message).toMatch(/request #4 answered 404 .* X-RateLimit-Remaining 0 in the same window/);
    // Counting stays quiet: the over-limit success is the enforcement finding, not a counting one.
    expect(judgeCounts(walkOf([3, 2, 1, 0, 0], refused())).findings).toEqual([]);
  });

  it('Remaining stuck at Limit: counting fails and the 429 comes "early"', () => {
    const w = walkOf([5, 5, 5, 5, 5], refused({ 'x-ratelimit-remaining': '5' }));
    expect(judgeCounts(w).findings[0]!.message).toMatch(/did not fall .* 5 then 5 .*\(4 of 4/);
    const early = judgeNotEarly(w);
    expect(typeof early !== 'string' && early.findings[0]!.message).toMatch(
      /Remaining 5 of 5: refused well before/,
    );
  });

  it('a 429 after another route’s count: read against its own route, the routes told apart', () => {
    // thin-rack in round four: the list walked to Remaining 0, a DELETE the limiter spares said 60 of 60
    // (placeholder counters), then the list's 429.
    const w = walkOf([3, 2, 1, 0, 5], refused());
    const on = (s: Sample, method: string, path: string) =>
      Object.assign(s.response.exchange, { request: { method, url: `http://h/v1${path}`, headers: {} } });
    for (const s of w.samples) on(s, 'GET', '/store/orders');
    on(w.samples[4]!, 'DELETE', '/store/orders/15');
    const j = judgeNotEarly(w);
    expect(typeof j !== 'string' && j.findings).toEqual([]);
    expect(typeof j !== 'string' && j.observed).toMatch(
      /^429 on request #5, after Remaining 0 \(the response just before it, #4 DELETE \/store\/orders\/\{orderId\}, said X-RateLimit-Remaining 5 of 5, but came from another route than the refused GET \/store\/orders: the counts of one route do not describe the other's, so the 429 is read against #3\)$/,
    );
    // Its own route said 2 left: early, said against that answer and naming the other route.
    const early = walkOf([3, 2, 5], refused());
    for (const s of early.samples) on(s, 'GET', '/store/orders');
    on(early.samples[2]!, 'DELETE', '/store/orders/15');
    const e = judgeNotEarly(early);
    expect(typeof e !== 'string' && e.findings[0]!.message).toMatch(
      /^429 on request #3 although the last response of its route \(#1\) said X-RateLimit-Remaining 2 of 5: refused .* \(the response just before it, #2 DELETE/,
    );
    // No answer of its own route before it (a walk that switched to the list on a stuck Remaining): the
    // answer before it is all there is, read as ever.
    const switched = walkOf([5, 5, 5], refused());
    for (const s of switched.samples) on(s, 'DELETE', '/store/orders/9');
    on(switched.samples[3]!, 'GET', '/store/orders');
    const stuck = judgeNotEarly(switched);
    expect(typeof stuck !== 'string' && stuck.findings[0]!.message).toMatch(
      /^429 on request #3 although the response before it said X-RateLimit-Remaining 5 of 5: refused well before the limit$/,
    );
  });

  it('a jump in Remaining is recorded, not counted against the server', () => {
    const w = walkOf([4, 3, 1, 0], refused());
    expect(judgeSteps(w).findings[0]!.message).toMatch(/fell by 2 on request #2 .* other traffic/);
    expect(judgeCounts(w).findings).toEqual([]);
  });

  it('a Remaining that stays on some steps (a refill between requests) is recorded, not a finding', () => {
    const j = judgeCounts(walkOf([4, 3, 3, 2, 1, 0], refused()));
    expect(j.findings).toEqual([]);
    expect(j.notes.join()).toMatch(/stayed or rose on 1 of 5 steps/);
  });

  it('a Limit that changes within the window is a finding', () => {
    const w = walkOf([3, 2], refused());
    w.samples[2] = sample(2, 404, rl(1, T0 / 1000 + 2, 6));
    expect(judgeCounts(w).findings[0]!.message).toMatch(/X-RateLimit-Limit changed within the window/);
  });

  it('Reset in milliseconds, as a delta, in the past, too far, or moving', () => {
    const judge = (samples: Parameters<typeof judgeReset>[0]) => {
      const j = judgeReset(samples);
      if (typeof j === 'string') throw new Error(j);
      return j;
    };
    const msg = (reset: number) => judge([sample(0, 404, rl(3, reset))]).findings[0]?.message;
    expect(msg(T0 + 2000)).toMatch(/Unix milliseconds/);
    expect(msg(2)).toMatch(/a delta/);
    expect(msg(T0 / 1000 - 60)).toMatch(/before the response/);
    expect(msg(T0 / 1000 + 3 * 86_400)).toMatch(/more than a day/);
    expect(msg(T0 / 1000 + 2)).toBeUndefined();
    const back = [sample(0, 404, rl(3, T0 / 1000 + 9)), sample(1, 404, rl(2, T0 / 1000 + 2))];
    expect(judge(back).findings[0]!.message).toMatch(/moved back from .* within the same window/);
    // A token bucket is full again later with every request: recorded, not a finding.
    const later = [sample(0, 404, rl(3, T0 / 1000 + 2)), sample(1, 404, rl(2, T0 / 1000 + 9))];
    expect(judge(later)).toMatchObject({ findings: [] });
    expect(judge(later).notes.join()).toMatch(/moved later with requests 1 times/);
    // A fraction of a second is still a Unix timestamp; a walk with no Reset judges nothing.
    expect(msg(T0 / 1000 + 2.356721)).toBeUndefined();
    expect(judgeReset([])).toMatch(/no numeric X-RateLimit-Reset in the walk to judge/);
  });

  it('Reset switching between counters side by side is no move: each names its own window (either face)', () => {
    // Two worker processes behind one key, each counting on its own, their windows begun 3 s apart (A ends at
    // +6 s, B at +9 s), answers going to them in turn. Once back at A's Reset is A's answer again, not a
    // Reset that moved back: the walk that paused into such a window read it so, the recording of it (only
    // the window of the 429) never saw it. RL-PROBE-LIMIT-ENFORCED judges the counting.
    const a = (n: number, left: number) => sample(n, 404, rl(left, T0 / 1000 + 6, 10));
    const b = (n: number, left: number) => sample(n, 404, rl(left, T0 / 1000 + 9, 10));
    const walk = [a(0, 8), a(1, 7), b(2, 8), a(3, 6), b(4, 7), b(5, 6)];
    const j = judgeReset(walk);
    if (typeof j === 'string') throw new Error(j);
    expect(j.findings).toEqual([]);
    expect(j.notes.join()).toMatch(
      /Reset differed 2 times between answers of .* counts running side by side/,
    );
    // One count whose Reset moves back is still a finding, counters or not.
    const one = [b(0, 8), b(1, 7), a(2, 6)];
    expect(judgeReset(one)).toMatchObject({ findings: [{ message: expect.stringMatching(/moved back/) }] });
  });

  it('Reset "moving back" between requests sent together is no finding: the server chose their order', () => {
    // A token bucket (200 a second) is full again later with every request it serves. Requests sent together
    // on a loaded machine are handled in any order over seconds: #1, handled first, names an earlier moment
    // than #0, handled last. Read in the order sent, Reset went back 2 s; no order of handling is known.
    const sentAt = (s: Sample, ms: number): Sample => {
      (s.response.exchange as { startedAt: string }).startedAt = new Date(ms).toISOString();
      return s;
    };
    const together = [
      sentAt(sample(0, 404, rl(120, T0 / 1000 + 4, 200), T0 + 2_100), T0),
      sentAt(sample(1, 404, rl(150, T0 / 1000 + 1, 200), T0 + 2_200), T0 + 1),
    ];
    const j = judgeReset(together);
    expect(typeof j !== 'string' && j.findings).toEqual([]);
    // A request apart (the second sent once the first was answered): the moment went back 2 s.
    const apart = [together[0]!, sentAt(sample(1, 404, rl(119, T0 / 1000 + 2, 200), T0 + 2_200), T0 + 2_150)];
    const k = judgeReset(apart);
    expect(typeof k !== 'string' && k.findings[0]?.message).toMatch(
      /moved back from .* within the same window/,
    );
  });

  it('Reset is past only against the earliest moment the server can have answered', () => {
    const sentAt = (s: Sample, ms: number): Sample => {
      (s.response.exchange as { startedAt: string }).startedAt = new Date(ms).toISOString();
      return s;
    };
    // Sent at T0, read 3 s later by a loaded client, no Date header: the server may have answered at T0.
    const late = sentAt(sample(0, 404, rl(3, T0 / 1000 + 1), T0 + 3_000), T0);
    const j = judgeReset([late]);
    expect(typeof j !== 'string' && j.findings).toEqual([]);
    // Its Date says it answered at T0 + 3 s: the moment was past when it was named.
    const dated = sentAt(
      sample(0, 404, { ...rl(3, T0 / 1000 + 1), date: new Date(T0 + 3_000).toUTCString() }, T0 + 3_000),
      T0,
    );
    const k = judgeReset([dated]);
    expect(typeof k !== 'string' && k.findings[0]?.message).toMatch(/before the response/);
  });

  it('a walk that had the key to itself allows no early 429: Remaining 1 then 429 is one too early', () => {
    const early = judgeNotEarly(walkOf([4, 3, 2, 1], refused()));
    expect(typeof early !== 'string' && early.findings[0]?.message).toMatch(/no other traffic/);
    // Other traffic showed (Remaining fell by two once): a little early is tolerated.
    const shared = judgeNotEarly(walkOf([5, 3, 2, 1], refused()));
    expect(typeof shared !== 'string' && shared.findings).toEqual([]);
  });

  it('judges no early 429 when the walk met none', () => {
    expect(judgeNotEarly(walkOf([3, 2]))).toMatch(/met no 429/);
  });
});
