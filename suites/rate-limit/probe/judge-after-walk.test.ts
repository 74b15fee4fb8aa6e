// Unit tests of the judgements of what follows the walk (judge-after-walk.ts) on synthetic samples: the
// 429 itself, the recovery, the second key and the burst, one finding per broken rule.
import { describe, expect, it } from 'vitest';
import { refused, rl, sample, T0, walkOf } from '../../../test/support/probe-records.ts';
import {
  judge429Headers,
  judgeBurst,
  judgeConsistency,
  judgeRecovery,
  judgeRetryAfter,
  judgeSecondKey,
} from './judge-after-walk.ts';
import { wholeSecondGraceMs } from './record.ts';

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
    // A few seconds against a Reset already past: the Reset is what is wrong, not Retry-After's unit.
    const past = consistency({ ...rl(0, T0 / 1000 - 5), 'retry-after': '3' });
    const pastMessage = typeof past !== 'string' ? past.findings[0]!.message : past;
    expect(pastMessage).toMatch(/names a moment already past/);
    expect(pastMessage).not.toMatch(/milliseconds/);
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
    expect(
      judgeRecovery({ refusedWith: 429, waitsMs: [2000], attempts: [ok], recovered: ok }).findings,
    ).toEqual([]);
    // A token bucket after a 1 s Retry-After: served, with one token back.
    const low = sample(5, 404, rl(1, T0 / 1000 + 4));
    const gradual = judgeRecovery({ refusedWith: 429, waitsMs: [1000], attempts: [low], recovered: low });
    expect(gradual.findings).toEqual([]);
    expect(gradual.notes.join('\n')).toMatch(/Remaining 1 of 5 after the wait: .*gradual refill/);
    const again = [5, 6, 7].map((n) => sample(n, 429, refused()));
    const j = judgeRecovery({ refusedWith: 429, waitsMs: [2000, 4100, 8300], attempts: again });
    expect(j.findings[0]!.message).toMatch(
      /429 again.*waited 2 s, then 4.1 s, then 8.3 s; still 429 after 3 tries/,
    );
  });

  it('recovery: a refusal within the second past the announced moment is no failure; one past it is', () => {
    // A limiter that keeps its window's end in whole seconds (floored) lifts up to a second late.
    const due = T0;
    const early = sample(5, 429, refused(), due + 400);
    const ok = sample(6, 404, rl(4, T0 / 1000 + 4), due + 1900);
    const within = judgeRecovery({
      refusedWith: 429,
      waitsMs: [2000, 1500],
      dueAtMs: due,
      graceMs: 1000,
      attempts: [early, ok],
      recovered: ok,
    });
    expect(within.findings).toEqual([]);
    expect(within.notes.join('\n')).toMatch(/refused 400 ms past the moment .* served 1900 ms past it/);
    // Served by the backoff's next try, past the second: forgiven, but nothing says it lifted within it.
    expect(within.notes.join('\n')).toMatch(
      /had not lifted on the first try.*when between the two it lifted is not shown/,
    );
    const soon = sample(6, 404, rl(4, T0 / 1000 + 4), due + 800);
    const lifted = judgeRecovery({
      refusedWith: 429,
      waitsMs: [2000, 400],
      dueAtMs: due,
      graceMs: 1000,
      attempts: [early, soon],
      recovered: soon,
    });
    expect(lifted.notes.join('\n')).toMatch(/^the limit lifted late by less than a second: refused 400 ms/m);
    const late = sample(5, 429, refused(), due + 1200);
    const past = judgeRecovery({
      refusedWith: 429,
      waitsMs: [2000, 1500],
      dueAtMs: due,
      graceMs: 1000,
      attempts: [late, ok],
      recovered: ok,
    });
    expect(past.findings[0]!.message).toMatch(/first request after the Retry-After wait was 429 again/);
    // A Reset that names the moment to a fraction (koa-ratelimit's) leaves no grace: a truncated Retry-After is.
    const fractional = sample(4, 429, { ...rl(0, T0 / 1000 + 1.9), 'retry-after': '1' });
    expect(wholeSecondGraceMs(fractional)).toBe(0);
    expect(wholeSecondGraceMs(sample(4, 429, { ...rl(0, T0 / 1000 + 2), 'retry-after': '1' }))).toBe(1000);
    const truncated = judgeRecovery({
      refusedWith: 429,
      waitsMs: [1000, 1500],
      dueAtMs: due,
      graceMs: wholeSecondGraceMs(fractional),
      attempts: [early, ok],
      recovered: ok,
    });
    expect(truncated.findings).toHaveLength(1);
  });

  it('recovery: a refusal within the second that names a new window is a failure, one naming the same moment not', () => {
    const due = T0 + 60_000;
    const ok = sample(7, 404, rl(59, T0 / 1000 + 120, 60), due + 61_000);
    const recovery = (refusal: ReturnType<typeof sample>) =>
      judgeRecovery({
        refusedWith: 429,
        waitsMs: [60_000, 61_000],
        dueAtMs: due,
        graceMs: 1000,
        attempts: [refusal, ok],
        recovered: ok,
      });
    // Refused 67 ms past the moment, and the refusal already names a lift a minute on: the limit never lifted.
    const renamed = sample(6, 429, { ...rl(0, T0 / 1000 + 120, 60), 'retry-after': '60' }, due + 67);
    const j = recovery(renamed);
    expect(j.findings).toHaveLength(1);
    expect(j.findings[0]!.message).toMatch(
      /67 ms past the moment the wait said, and it named a lift 60\.\d+ s after/,
    );
    // A limiter that floors its window's end: refused within the second, still naming that moment (Retry-After 1).
    const floored = sample(6, 429, { ...rl(0, T0 / 1000 + 60, 60), 'retry-after': '1' }, due + 400);
    expect(recovery(floored).findings).toEqual([]);
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

  it('second key: without Remaining on both reads, says what was seen and concludes nothing', () => {
    const bare = (n: number) => sample(n, 404, {});
    const none = judgeSecondKey({ before: bare(1), after: bare(6) }).observed;
    expect(none).toMatch(/answered 404 before the walk and 404 while the first key was limited/);
    expect(none).toMatch(/neither answer carried X-RateLimit-Remaining/);
    expect(none).not.toMatch(/\?|per key/);
    const one = judgeSecondKey({ before: sample(1, 404, rl(4)), after: bare(6) }).observed;
    expect(one).toMatch(/the second carried no X-RateLimit-Remaining \(the other said 4\)/);
    expect(one).not.toMatch(/per key/);
  });

  it('burst: at most Remaining succeed; a burst that straddled a reset judges nothing', () => {
    const burst = (ok: number, straddled = false) => ({
      size: 5,
      allowed: 4,
      samples: [...Array(5).keys()].map((i) => sample(10 + i, i < ok ? 404 : 429, rl(0))),
      straddled,
    });
    const findings = (j: ReturnType<typeof judgeBurst>) => {
      if (typeof j === 'string') throw new Error(j);
      return j.findings;
    };
    expect(findings(judgeBurst(burst(4)))).toEqual([]);
    expect(findings(judgeBurst(burst(5)))[0]!.message).toMatch(/5 of 5 .* 1 got past the limit/);
    expect(judgeBurst(burst(5, true))).toMatch(/straddled a window reset: nothing to judge/);
    // A race is said only when the walk's requests sent one at a time kept to the limit.
    expect(findings(judgeBurst(burst(5), []))[0]!.message).toMatch(
      /1 got past the limit \(the counter is not atomic under concurrency: requests sent one at a time kept to it\)$/,
    );
    const offByOne = findings(judgeBurst(burst(5), [sample(8, 404, rl(0))]))[0]!.message;
    expect(offByOne).toMatch(
      /requests sent one at a time got past it too: the walk's #8 served after Remaining 0/,
    );
    expect(offByOne).toMatch(/off-by-one, not a race\)$/);
    expect(findings(judgeBurst(burst(5)))[0]!.message).not.toMatch(/atomic|race/);
  });

  it('burst on a gradual limiter: tokens that came back during the burst may be served too, no more', () => {
    const burst = (ok: number, refill: number | null) => ({
      size: 21,
      allowed: 20,
      samples: [...Array(21).keys()].map((i) => sample(10 + i, i < ok ? 404 : 429, rl(0))),
      straddled: false,
      gradual: { why: 'Remaining rose', refill, spanMs: 80 },
    });
    const j = judgeBurst(burst(21, 2));
    expect(typeof j !== 'string' && j.findings).toEqual([]);
    expect(typeof j !== 'string' && j.observed).toMatch(/tokens that came back during the 80 ms burst/);
    const over = judgeBurst(burst(21, 0));
    expect(typeof over !== 'string' && over.findings[0]!.message).toMatch(
      /1 got past the limit, beyond the 0 tokens/,
    );
    expect(judgeBurst(burst(21, null))).toMatch(/rate its headers do not bound/);
  });
});
