// Unit tests of the probe's pure readings (record.ts and judge-*.ts) on
// synthetic samples: windows, bounds, backoff, and one finding per broken rule.
import { describe, expect, it } from 'vitest';
import type { Response } from '../../lib/http/client.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import {
  judge429Headers,
  judgeBurst,
  judgeConsistency,
  judgeRecovery,
  judgeRetryAfter,
  judgeSecondKey,
} from './judge-after-walk.ts';
import { judgeCounts, judgeEnforced, judgeNotEarly, judgeReset, judgeSteps } from './judge-walk.ts';
import {
  backoffDelayMs,
  earlyTolerance,
  endsAfterReset,
  rolledOver,
  type Sample,
  sampleOf,
  type Walk,
} from './record.ts';
import { windowStarts } from './windows.ts';

const T0 = 1_800_000_000_000;

/** A sample as the probe would read it from a response with these headers, received at `at`. */
function sample(n: number, status: number, headers: Record<string, string>, at = T0 + n * 10): Sample {
  const res = {
    exchange: { seq: n + 1 } as Exchange,
    status,
    headers,
    text: '',
    bytes: 0,
    receivedAtMs: at,
    json: () => ({ ok: false, error: 'none' }),
  } as unknown as Response;
  return sampleOf(res, n);
}

const rl = (remaining: number, reset = T0 / 1000 + 2, limit = 5) => ({
  'x-ratelimit-limit': String(limit),
  'x-ratelimit-remaining': String(remaining),
  'x-ratelimit-reset': String(reset),
});
const refused = (extra: Record<string, string> = {}) => ({ ...rl(0), 'retry-after': '2', ...extra });

/** A walk of successes with these Remaining values, then (optionally) a 429. */
function walkOf(remainings: number[], limited?: Record<string, string>): Walk {
  const samples = remainings.map((r, i) => sample(i, 404, rl(r)));
  if (limited) samples.push(sample(samples.length, 429, limited));
  const last = samples[samples.length - 1]!;
  return {
    samples,
    bound: remainings[0]! + 3,
    sent: samples.length - 1,
    ...(last.status === 429 ? { limited: last } : {}),
  };
}

describe('probe model', () => {
  it('reads a rollover only when Reset moves on after the old window ended', () => {
    const a = sample(0, 404, rl(1, T0 / 1000 + 2));
    expect(rolledOver(a, sample(1, 404, rl(4, T0 / 1000 + 4), T0 + 1500))).toBe(true);
    expect(rolledOver(a, sample(1, 404, rl(0, T0 / 1000 + 2), T0 + 100))).toBe(false);
    // Reset moved while the old window was far from over: not a rollover (Reset is just unstable).
    expect(rolledOver(a, sample(1, 404, rl(0, T0 / 1000 + 60), T0 + 100))).toBe(false);
  });

  it('Remaining rising under a later Reset starts a window even inside the rounding slack', () => {
    // The Date header reads T0's second at T0 + 950 ms: Reset T0 + 2 s reads as T0 + 2.95 s locally.
    const date = { date: new Date(T0).toUTCString() };
    const a = sample(0, 404, { ...rl(1, T0 / 1000 + 2), ...date }, T0 + 950);
    const b = sample(
      1,
      404,
      { ...rl(4, T0 / 1000 + 4), date: new Date(T0 + 1_000).toUTCString() },
      T0 + 1_920,
    );
    expect(windowStarts([a, b])).toEqual([false, true]);
    // The same rise with the same Reset is a refilling bucket, not a new window, until the moment comes.
    const c = sample(1, 404, { ...rl(2, T0 / 1000 + 2), ...date }, T0 + 1_000);
    expect(windowStarts([a, c])).toEqual([false, false]);
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
    const refusedAgain = { waitsMs: [1000], attempts: [sample(6, 429, short, T0 + 1100)] };
    const j = judgeEnforced(w, refusedAgain);
    expect(typeof j !== 'string' && j.findings[0]!.message).toMatch(
      /request #4 answered 404 .* X-RateLimit-Remaining 0 in the same window/,
    );
    // Served when the Retry-After ended: the next token did come, so the success after Remaining 0 stands.
    const served = sample(6, 404, rl(0, T0 / 1000 + 5), T0 + 1100);
    expect(judgeEnforced(w, { waitsMs: [1000], attempts: [served], recovered: served })).toMatchObject({
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
    const msg = (reset: number) => judgeReset([sample(0, 404, rl(3, reset))]).findings[0]?.message;
    expect(msg(T0 + 2000)).toMatch(/Unix milliseconds/);
    expect(msg(2)).toMatch(/a delta/);
    expect(msg(T0 / 1000 - 60)).toMatch(/before the response/);
    expect(msg(T0 / 1000 + 3 * 86_400)).toMatch(/more than a day/);
    expect(msg(T0 / 1000 + 2)).toBeUndefined();
    const back = [sample(0, 404, rl(3, T0 / 1000 + 9)), sample(1, 404, rl(2, T0 / 1000 + 2))];
    expect(judgeReset(back).findings[0]!.message).toMatch(/moved back from .* within the same window/);
    // A token bucket is full again later with every request: recorded, not a finding.
    const later = [sample(0, 404, rl(3, T0 / 1000 + 2)), sample(1, 404, rl(2, T0 / 1000 + 9))];
    expect(judgeReset(later)).toMatchObject({ findings: [] });
    expect(judgeReset(later).notes.join()).toMatch(/moved later with requests 1 times/);
  });

  it('judges no early 429 when the walk met none', () => {
    expect(judgeNotEarly(walkOf([3, 2]))).toMatch(/met no 429/);
  });
});

describe('429 judgements', () => {
  const limited = (h: Record<string, string>) => sample(4, 429, h);
  /** Retry-After against Reset for a walk of Remaining 3..0 ended by a 429 with these headers. */
  const consistency = (h: Record<string, string>, remainings = [3, 2, 1, 0]) => {
    const w = walkOf(remainings, h);
    return judgeConsistency(w.limited!, w);
  };

  it('Retry-After: present in either RFC 9110 form, absent or garbled is a finding', () => {
    expect(judgeRetryAfter(limited(refused())).findings).toEqual([]);
    const date = new Date(T0 + 2000).toUTCString();
    expect(judgeRetryAfter(limited(refused({ 'retry-after': date }))).observed).toMatch(/http-date/);
    expect(judgeRetryAfter(limited(rl(0))).findings[0]!.message).toMatch(/no Retry-After/);
    expect(judgeRetryAfter(limited(refused({ 'retry-after': 'soon' }))).findings[0]!.message).toMatch(
      /neither delay-seconds nor an HTTP-date/,
    );
  });

  it('Retry-After in milliseconds ends after Reset and says so; a shorter one is consistent', () => {
    const j = consistency(refused({ 'retry-after': '1960' }));
    expect(typeof j !== 'string' && j.findings[0]!.message).toMatch(
      /ends after X-RateLimit-Reset.*looks like milliseconds/,
    );
    expect(consistency(refused())).toMatchObject({ findings: [] });
    // A token bucket: Retry-After 1 s (the next token), Reset 5 s away (the bucket full again).
    const bucket = consistency({ ...rl(0, T0 / 1000 + 5), 'retry-after': '1' });
    expect(bucket).toMatchObject({ findings: [] });
    expect(typeof bucket !== 'string' && bucket.observed).toMatch(/ends before the Reset moment/);
    const late = consistency({ ...rl(0, T0 / 1000 + 2), 'retry-after': '10' });
    expect(typeof late !== 'string' && late.findings).toHaveLength(1);
    expect(consistency(rl(0))).toMatch(/no usable Retry-After/);
  });

  it('a 429 sent without the rate-limit headers is compared with the Reset its window announced', () => {
    const far = consistency({ 'retry-after': '1998' });
    expect(typeof far !== 'string' && far.findings[0]!.message).toMatch(
      /ends after X-RateLimit-Reset: .*X-RateLimit-Reset \d+ on request #3, the 429 carrying none/,
    );
    expect(consistency({ 'retry-after': '2' })).toMatchObject({ findings: [] });
    // A Reset sent as a delta is no moment to compare with.
    const w = walkOf([1, 0], { 'retry-after': '1998' });
    for (const x of w.samples)
      if (x.status !== 429) Object.assign(x, { reset: 2, resetAtMs: x.response.receivedAtMs + 2000 });
    expect(judgeConsistency(w.limited!, w)).toMatch(/neither the 429 nor the walk before it/);
  });

  it('the 429 needs the three headers with Remaining 0', () => {
    expect(judge429Headers(limited(refused())).findings).toEqual([]);
    expect(judge429Headers(limited({ 'retry-after': '2' })).findings[0]!.message).toMatch(
      /lacks X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset/,
    );
    expect(judge429Headers(limited(refused({ 'x-ratelimit-remaining': '-1' }))).findings[0]!.message).toMatch(
      /Remaining -1, not 0/,
    );
  });
});

describe('after the limit', () => {
  it('recovery passes when the first try is served (a gradual refill too), fails when still 429', () => {
    const ok = sample(5, 404, rl(4, T0 / 1000 + 4));
    expect(judgeRecovery({ waitsMs: [2000], attempts: [ok], recovered: ok }).findings).toEqual([]);
    // A token bucket after a 1 s Retry-After: served, with one token back.
    const low = sample(5, 404, rl(1, T0 / 1000 + 4));
    const gradual = judgeRecovery({ waitsMs: [1000], attempts: [low], recovered: low });
    expect(gradual.findings).toEqual([]);
    expect(gradual.notes.join('\n')).toMatch(/Remaining 1 of 5 after the wait: .*gradual refill/);
    const again = [5, 6, 7].map((n) => sample(n, 429, refused()));
    const j = judgeRecovery({ waitsMs: [2000, 4100, 8300], attempts: again });
    expect(j.findings[0]!.message).toMatch(
      /429 again.*waited 2 s, then 4.1 s, then 8.3 s; still 429 after 3 tries/,
    );
  });

  it('second key: untouched is per key; refused or drained is shared', () => {
    const before = sample(1, 404, rl(4));
    expect(judgeSecondKey({ before, after: sample(6, 404, rl(3)) }).observed).toMatch(/limits are per key/);
    expect(judgeSecondKey({ before, after: sample(6, 429, refused()) }).findings[0]!.message).toMatch(
      /share one limit/,
    );
    expect(judgeSecondKey({ before, after: sample(6, 404, rl(0)) }).findings[0]!.message).toMatch(
      /counted against it/,
    );
  });

  it('burst: at most Remaining succeed, unless the burst straddled a reset', () => {
    const burst = (ok: number, straddled = false) => ({
      size: 5,
      allowed: 4,
      samples: [...Array(5).keys()].map((i) => sample(10 + i, i < ok ? 404 : 429, rl(0))),
      straddled,
    });
    expect(judgeBurst(burst(4)).findings).toEqual([]);
    expect(judgeBurst(burst(5)).findings[0]!.message).toMatch(/5 of 5 .* 1 got past the limit/);
    expect(judgeBurst(burst(5, true)).findings).toEqual([]);
  });
});
