// Unit tests of the fixed-window limiter and the ban, on a fake clock.

import { describe, expect, it } from 'vitest';
import { fakeClock } from '../test/support/reference-calls.ts';
import { FaultSet } from './faults/fault-set.ts';
import { RateLimiter, type Subject } from './rate-limiter.ts';

const key = (windows: Subject['windows'], id = 'k'): Subject => ({ kind: 'key', id, windows });
const address = (windows: Subject['windows'], id = '127.0.0.1'): Subject => ({
  kind: 'address',
  id,
  windows,
});
const FIVE_PER_2S = [{ limit: 5, windowMs: 2000 }];

function setup(options: { banAfter?: number; banMs?: number; faults?: string[] } = {}) {
  const clock = fakeClock();
  const limiter = new RateLimiter({
    clock: clock.read,
    banAfter: options.banAfter ?? 3,
    banMs: options.banMs ?? 600_000,
    faults: new FaultSet(options.faults),
  });
  return { clock, limiter };
}

describe('fixed windows', () => {
  it('counts down from the limit, refuses past it, and starts the window at the first request', () => {
    const { clock, limiter } = setup();
    const start = clock.now;
    const remaining: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const verdict = limiter.take(key(FIVE_PER_2S));
      expect(verdict.outcome).toBe('allowed');
      expect(verdict.report.resetMs).toBe(start + 2000);
      remaining.push(verdict.report.remaining);
      clock.advance(100);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const refused = limiter.take(key(FIVE_PER_2S));
    expect(refused).toMatchObject({ outcome: 'limited', retryAtMs: start + 2000, report: { remaining: 0 } });
  });

  it('a refused request consumes nothing, and a fresh window starts at the first request after the reset', () => {
    const { clock, limiter } = setup();
    for (let i = 0; i < 7; i += 1) limiter.take(key(FIVE_PER_2S));
    clock.advance(2000 + 733);
    const fresh = limiter.take(key(FIVE_PER_2S));
    expect(fresh).toMatchObject({ outcome: 'allowed', report: { remaining: 4, resetMs: clock.now + 2000 } });
    expect(limiter.stats.limited).toBe(2);
  });

  it('keeps subjects apart', () => {
    const { limiter } = setup();
    for (let i = 0; i < 5; i += 1) limiter.take(key(FIVE_PER_2S, 'a'));
    expect(limiter.take(key(FIVE_PER_2S, 'a')).outcome).toBe('limited');
    expect(limiter.take(key(FIVE_PER_2S, 'b')).outcome).toBe('allowed');
    expect(limiter.take(address(FIVE_PER_2S, 'a')).outcome).toBe('allowed');
  });
});

describe('two windows', () => {
  const windows = [
    { limit: 3, windowMs: 60_000 },
    { limit: 4, windowMs: 86_400_000 },
  ];

  it('reports the window with the lowest Remaining, the minute window on a tie', () => {
    const { clock, limiter } = setup();
    const start = clock.now;
    expect(limiter.take(key(windows)).report).toMatchObject({
      limit: 3,
      remaining: 2,
      attempts: 1,
      resetMs: start + 60_000,
    });
    expect(limiter.take(key(windows)).report).toMatchObject({ limit: 3, remaining: 1 });
    clock.advance(60_000);
    // minute: 1 used of 3 (remaining 2); day: 3 used of 4 (remaining 1): the day binds.
    expect(limiter.take(key(windows)).report).toMatchObject({
      limit: 4,
      remaining: 1,
      attempts: 3,
      resetMs: start + 86_400_000,
    });
  });

  it('when both are spent, reports and waits for the one that resets last', () => {
    const { clock, limiter } = setup();
    const start = clock.now;
    limiter.take(key(windows));
    clock.advance(60_000);
    limiter.take(key(windows));
    limiter.take(key(windows));
    const last = limiter.take(key(windows));
    expect(last.report).toMatchObject({ limit: 4, remaining: 0, resetMs: start + 86_400_000 });
    const refused = limiter.take(key(windows));
    expect(refused).toMatchObject({ outcome: 'limited', retryAtMs: start + 86_400_000 });
  });

  it('a day window refuses even after the minute window has reset', () => {
    const { clock, limiter } = setup();
    for (let minute = 0; minute < 2; minute += 1) {
      limiter.take(key(windows));
      limiter.take(key(windows));
      clock.advance(60_000);
    }
    expect(limiter.take(key(windows))).toMatchObject({ outcome: 'limited', report: { limit: 4 } });
  });
});

describe('ban', () => {
  function exhaust(limiter: RateLimiter, subject: Subject) {
    for (let i = 0; i < 5; i += 1) limiter.take(subject);
    return limiter.take(subject);
  }

  it('bans a key at its third early request, for banMs, answering banned with the ban end', () => {
    const { clock, limiter } = setup({ banAfter: 3, banMs: 600_000 });
    expect(exhaust(limiter, key(FIVE_PER_2S))).toMatchObject({ outcome: 'limited', early: false });
    clock.advance(100);
    expect(limiter.take(key(FIVE_PER_2S))).toMatchObject({ outcome: 'limited', early: true });
    expect(limiter.take(key(FIVE_PER_2S))).toMatchObject({ outcome: 'limited', early: true });
    const banned = limiter.take(key(FIVE_PER_2S));
    expect(banned).toMatchObject({
      outcome: 'banned',
      retryAtMs: clock.now + 600_000,
      report: { limit: 5, remaining: 0, attempts: 9, resetMs: clock.now + 600_000 },
    });
    clock.advance(300_000);
    expect(limiter.take(key(FIVE_PER_2S))).toMatchObject({
      outcome: 'banned',
      retryAtMs: banned.report.resetMs,
    });
    clock.advance(300_000);
    expect(limiter.take(key(FIVE_PER_2S)).outcome).toBe('allowed');
    expect(limiter.stats).toEqual({ limited: 5, early: 3, bans: 1 });
  });

  it('with banAfter 1 the first early request bans', () => {
    const { limiter } = setup({ banAfter: 1 });
    exhaust(limiter, key(FIVE_PER_2S));
    expect(limiter.take(key(FIVE_PER_2S)).outcome).toBe('banned');
  });

  it('a key that waits until the deadline is never early, and waiting forgives earlier early requests', () => {
    const { clock, limiter } = setup({ banAfter: 2 });
    const refused = exhaust(limiter, key(FIVE_PER_2S));
    expect(limiter.take(key(FIVE_PER_2S))).toMatchObject({ outcome: 'limited', early: true });
    clock.now = refused.outcome === 'limited' ? refused.retryAtMs : Number.NaN;
    expect(exhaust(limiter, key(FIVE_PER_2S))).toMatchObject({ outcome: 'limited', early: false });
    expect(limiter.take(key(FIVE_PER_2S))).toMatchObject({ outcome: 'limited', early: true });
    expect(limiter.stats.bans).toBe(0);
  });

  it('never bans an address', () => {
    const { limiter } = setup({ banAfter: 1 });
    for (let i = 0; i < 20; i += 1) limiter.take(address(FIVE_PER_2S));
    expect(limiter.take(address(FIVE_PER_2S)).outcome).toBe('limited');
    expect(limiter.stats).toMatchObject({ bans: 0, early: 0, limited: 16 });
  });
});

describe('atomicity', () => {
  it('take() lets exactly the limit through a burst; the racy fault path lets more through', async () => {
    const { limiter } = setup();
    const burst = await Promise.all(
      Array.from({ length: 50 }, async () => limiter.take(key(FIVE_PER_2S, 'a'))),
    );
    expect(burst.filter((v) => v.outcome === 'allowed')).toHaveLength(5);
    const racy = await Promise.all(
      Array.from({ length: 50 }, () => limiter.takeRacy(key(FIVE_PER_2S, 'b'), () => Promise.resolve())),
    );
    expect(racy.filter((v) => v.outcome === 'allowed').length).toBeGreaterThan(5);
  });
});

describe('behaviour faults', () => {
  const statuses = (limiter: RateLimiter, n: number) =>
    Array.from({ length: n }, () => limiter.take(key([{ limit: 2, windowMs: 2000 }])).outcome);

  it('ratelimit-off-by-one lets limit + 1 through', () => {
    expect(statuses(setup().limiter, 4)).toEqual(['allowed', 'allowed', 'limited', 'limited']);
    expect(statuses(setup({ faults: ['ratelimit-off-by-one'] }).limiter, 4)).toEqual([
      'allowed',
      'allowed',
      'allowed',
      'limited',
    ]);
  });

  it('ratelimit-never-limits counts but never refuses', () => {
    const { limiter } = setup({ faults: ['ratelimit-never-limits'] });
    expect(statuses(limiter, 4)).toEqual(['allowed', 'allowed', 'allowed', 'allowed']);
    expect(limiter.take(key([{ limit: 2, windowMs: 2000 }])).report.remaining).toBe(0);
  });

  it('ratelimit-window-never-resets keeps refusing after the reset', () => {
    for (const [faults, after] of [
      [[], 'allowed'],
      [['ratelimit-window-never-resets'], 'limited'],
    ] as const) {
      const { clock, limiter } = setup({ faults: [...faults] });
      statuses(limiter, 3);
      clock.advance(2000);
      expect(statuses(limiter, 1)).toEqual([after]);
    }
  });
});
