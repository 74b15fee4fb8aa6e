import { describe, expect, it } from 'vitest';
import { HarnessError } from '../errors.ts';
import { Pacer, RESET_MARGIN_MS, RETRY_MARGIN_MS, UNKNOWN_429_BACKOFF_MS, type WaitInfo } from './pacer.ts';

/** A pacer on a fake clock whose sleeps advance the clock and are recorded. */
function fakePacer(maxRequests = 100, maxWaitMs = 120_000) {
  let now = 1_800_000_000_000;
  const waits: WaitInfo[] = [];
  const pacer = new Pacer({
    maxRequests,
    maxWaitMs,
    now: () => now,
    sleep: async (ms, info) => {
      waits.push(info);
      now += ms;
    },
  });
  return { pacer, waits, now: () => now, advance: (ms: number) => (now += ms) };
}

const headers = (limit: number, remaining: number, resetSec: number) => ({
  'x-ratelimit-limit': String(limit),
  'x-ratelimit-remaining': String(remaining),
  'x-ratelimit-reset': String(resetSec),
});

describe('Pacer', () => {
  it('sends freely while Remaining is above 0', async () => {
    const f = fakePacer();
    f.pacer.observe('primary', 200, headers(60, 5, f.now() / 1000 + 30), f.now());
    await f.pacer.acquire('primary');
    expect(f.waits).toEqual([]);
    expect(f.pacer.requestsSent).toBe(1);
  });

  it('keeps the Limit last announced beside Remaining: the room a window has once it resets', () => {
    const f = fakePacer();
    f.pacer.observe('primary', 200, headers(5, 1, f.now() / 1000 + 2), f.now());
    expect(f.pacer.snapshot('primary')).toMatchObject({ limit: 5, remaining: 1 });
    f.pacer.observe('primary', 200, { 'x-ratelimit-remaining': '0' }, f.now());
    expect(f.pacer.snapshot('primary')).toMatchObject({ limit: 5, remaining: 0 });
  });

  it('waits for X-RateLimit-Reset instead of tripping a 429 when Remaining is 0', async () => {
    const f = fakePacer();
    const start = f.now();
    f.pacer.observe('primary', 200, headers(60, 0, start / 1000 + 30), start);
    await f.pacer.acquire('primary');
    expect(f.waits).toEqual([
      { bucket: 'primary', ms: 30_000 + RESET_MARGIN_MS, reason: 'X-RateLimit-Reset' },
    ]);
    expect(f.now() - start).toBeGreaterThanOrEqual(30_000);
  });

  it('keeps buckets apart: an exhausted key does not pause unauthenticated requests', async () => {
    const f = fakePacer();
    f.pacer.observe('primary', 200, headers(60, 0, f.now() / 1000 + 30), f.now());
    await f.pacer.acquire('anonymous');
    expect(f.waits).toEqual([]);
  });

  it('after a 429 sends nothing in that bucket before Retry-After has passed, even when spending to the limit', async () => {
    const f = fakePacer();
    const at = f.now();
    f.pacer.observe('primary', 429, { ...headers(5, 0, at / 1000 + 2), 'retry-after': '7' }, at);
    expect(f.pacer.blockedUntil('primary')).toBe(at + 7000 + RETRY_MARGIN_MS);
    await f.pacer.acquire('primary', 1, true);
    expect(f.now()).toBeGreaterThanOrEqual(at + 7000);
    expect(f.waits.map((w) => w.reason)).toEqual(['Retry-After']);
  });

  it('falls back to Reset, then to a minute, when a 429 has no usable Retry-After', () => {
    const f = fakePacer();
    const at = f.now();
    f.pacer.observe('primary', 429, { ...headers(5, 0, at / 1000 + 9), 'retry-after': 'later' }, at);
    expect(f.pacer.blockedUntil('primary')).toBe(at + 9000 + RETRY_MARGIN_MS);
    f.pacer.observe('secondary', 429, {}, at);
    expect(f.pacer.blockedUntil('secondary')).toBe(at + UNKNOWN_429_BACKOFF_MS + RETRY_MARGIN_MS);
  });

  it('backs off exponentially after each further 429 in a row, whatever Retry-After says (0 included)', () => {
    const f = fakePacer();
    const ra0 = { ...headers(5, 0, f.now() / 1000 + 30), 'retry-after': '0' };
    const gaps: number[] = [];
    for (let i = 0; i < 4; i++) {
      const at = f.now();
      f.pacer.observe('primary', 429, ra0, at);
      gaps.push(f.pacer.blockedUntil('primary')! - at - RETRY_MARGIN_MS);
      f.advance(gaps.at(-1)! + RETRY_MARGIN_MS);
    }
    expect(gaps).toEqual([1000, 2000, 4000, 8000]);
    // An answer that is not a 429 ends the row: the next 429 starts from the base again.
    f.pacer.observe('primary', 200, headers(5, 4, f.now() / 1000 + 30), f.now());
    const at = f.now();
    f.pacer.observe('primary', 429, ra0, at);
    expect(f.pacer.blockedUntil('primary')).toBe(at + 1000 + RETRY_MARGIN_MS);
  });

  it('keeps a Retry-After longer than the backoff, and never backs off past the minute window', () => {
    const f = fakePacer();
    const at = f.now();
    f.pacer.observe('primary', 429, { 'retry-after': '7' }, at);
    expect(f.pacer.blockedUntil('primary')).toBe(at + 7000 + RETRY_MARGIN_MS);
    for (let i = 0; i < 10; i++) f.pacer.observe('secondary', 429, { 'retry-after': '0' }, at);
    expect(f.pacer.blockedUntil('secondary')).toBe(at + UNKNOWN_429_BACKOFF_MS + RETRY_MARGIN_MS);
  });

  it('locks a credential whose Retry-After is longer than the run may wait', () => {
    const f = fakePacer(100, 10_000);
    f.pacer.observe('primary', 429, { 'retry-after': '342' }, f.now());
    expect(f.pacer.locked('primary')?.ms).toBe(342_000 + RETRY_MARGIN_MS);
    f.pacer.observe('secondary', 429, { 'retry-after': '5' }, f.now());
    expect(f.pacer.locked('secondary')).toBeUndefined();
  });

  it('spendToLimit ignores Remaining 0 but nothing else', async () => {
    const f = fakePacer();
    f.pacer.observe('primary', 200, headers(60, 0, f.now() / 1000 + 30), f.now());
    await f.pacer.acquire('primary', 1, true);
    expect(f.waits).toEqual([]);
  });

  it('refuses to exceed the budget, before any wait', async () => {
    const f = fakePacer(2);
    await f.pacer.acquire('primary');
    await expect(f.pacer.acquire('primary', 2)).rejects.toMatchObject({ code: 'E_BUDGET' });
    await f.pacer.acquire('primary');
    await expect(f.pacer.acquire('anonymous')).rejects.toBeInstanceOf(HarnessError);
    expect(f.pacer.requestsSent).toBe(2);
    expect(f.pacer.budgetLeft).toBe(0);
  });

  it('refuses a wait longer than --max-wait-seconds instead of hanging', async () => {
    const f = fakePacer(100, 10_000);
    f.pacer.observe('primary', 429, { 'retry-after': '3600' }, f.now());
    await expect(f.pacer.acquire('primary')).rejects.toMatchObject({
      code: 'E_RATE_LIMIT_WAIT',
      message: expect.stringMatching(/3601 s .*longer than the 10 s.*raise ⟦setting:maxWaitSeconds⟧/),
    });
    expect(f.waits).toEqual([]);
  });
});

// hold() and waitUntilFree(), which the rate-limit probe relies on for its backoff and final wait.
const limited = (retryAfter: string) => ({
  'x-ratelimit-limit': '5',
  'x-ratelimit-remaining': '0',
  'x-ratelimit-reset': '1800000002',
  'retry-after': retryAfter,
});

describe('Pacer.hold', () => {
  it('keeps the bucket blocked past a Retry-After, and acquire waits for it', async () => {
    const f = fakePacer();
    const start = f.now();
    f.pacer.observe('primary', 429, limited('2'), start);
    f.pacer.hold('primary', start + 5000);
    expect(f.pacer.blockedUntil('primary')).toBe(start + 5000);
    await f.pacer.acquire('primary', 1, true);
    expect(f.now()).toBe(start + 5000);
    expect(f.waits.map((w) => w.reason)).toEqual(['Retry-After']);
  });

  it('never shortens a block', () => {
    const f = fakePacer();
    const start = f.now();
    f.pacer.observe('primary', 429, limited('10'), start);
    f.pacer.hold('primary', start + 1000);
    expect(f.pacer.blockedUntil('primary')).toBe(start + 10_000 + RETRY_MARGIN_MS);
  });

  it('blocks only its own bucket', () => {
    const f = fakePacer();
    f.pacer.hold('primary', f.now() + 5000);
    expect(f.pacer.blockedUntil('secondary')).toBeUndefined();
  });
});

describe('Pacer.waitUntilFree', () => {
  it('sleeps out a Retry-After without charging the budget', async () => {
    const f = fakePacer();
    const start = f.now();
    f.pacer.observe('primary', 429, limited('3'), start);
    expect(await f.pacer.waitUntilFree('primary', true)).toBe(true);
    expect(f.now()).toBe(start + 3000 + RETRY_MARGIN_MS);
    expect(f.pacer.requestsSent).toBe(0);
    expect(f.pacer.blockedUntil('primary')).toBeUndefined();
  });

  it('returns at once when nothing blocks', async () => {
    const f = fakePacer();
    expect(await f.pacer.waitUntilFree('primary')).toBe(true);
    expect(f.waits).toEqual([]);
  });

  it('refuses a wait longer than --max-wait-seconds, and acquire then still refuses to send', async () => {
    const f = fakePacer(10, 60_000);
    const start = f.now();
    f.pacer.observe('primary', 429, limited('600'), start);
    expect(await f.pacer.waitUntilFree('primary', true)).toBe(false);
    expect(f.now()).toBe(start);
    await expect(f.pacer.acquire('primary', 1, true)).rejects.toSatisfy(
      (e) => e instanceof HarnessError && e.code === 'E_RATE_LIMIT_WAIT',
    );
  });
});

describe('Pacer.waitUntil', () => {
  it('sleeps until the moment, saying why, and charges nothing', async () => {
    const f = fakePacer();
    const start = f.now();
    expect(await f.pacer.waitUntil('primary', start + 9000)).toBe(true);
    expect(f.now()).toBe(start + 9000);
    expect(f.waits).toEqual([{ bucket: 'primary', ms: 9000, reason: 'a rate-limit window to pass' }]);
    expect(f.pacer.requestsSent).toBe(0);
  });

  it('returns at once for a moment already past, and refuses one beyond --max-wait-seconds', async () => {
    const f = fakePacer(10, 60_000);
    const start = f.now();
    expect(await f.pacer.waitUntil('primary', start - 1)).toBe(true);
    expect(await f.pacer.waitUntil('primary', start + 60_001)).toBe(false);
    expect(f.waits).toEqual([]);
    expect(f.now()).toBe(start);
  });
});

describe('Pacer and a spent window', () => {
  it('Remaining 0 with a Reset ten years ahead: locked in every form, with advice to rerun, not to wait', async () => {
    const f = fakePacer(100, 120_000);
    const tenYears = f.now() / 1000 + 10 * 365 * 86_400;
    f.pacer.observe('primary', 200, headers(60, 0, tenYears), f.now());
    expect(f.pacer.locked('primary')).toMatchObject({ reason: 'X-RateLimit-Reset', beyondAnyWindow: true });
    // Not even the probe's walk into the limit sends into it.
    expect(f.pacer.requiredWait('primary', true)).toBeDefined();
    const refused = f.pacer.acquire('primary');
    await expect(refused).rejects.toThrow(
      /window is spent \(X-RateLimit-Remaining 0\) and resets more than a day from now .*rerun once it has reset/,
    );
    await expect(refused).rejects.not.toThrow(/maxWaitSeconds|\d{7,}/);
    expect(f.pacer.requestsSent).toBe(0);
    expect(f.waits).toEqual([]);
    // Another bucket is not held by it.
    await f.pacer.acquire('anonymous');
  });

  it('Remaining 0 with a Reset past the wait limit but within a day: refused, naming the setting', async () => {
    const f = fakePacer(100, 120_000);
    f.pacer.observe('primary', 200, headers(60, 0, f.now() / 1000 + 3600), f.now());
    await expect(f.pacer.acquire('primary', 1, true)).rejects.toThrow(/3601 s .*⟦setting:maxWaitSeconds⟧/);
  });

  it('a Reset ten years ahead with Remaining left sends as usual; Remaining 0 later still means spent', async () => {
    const f = fakePacer();
    const far = f.now() / 1000 + 10 * 365 * 86_400;
    f.pacer.observe('primary', 200, headers(60, 5, far), f.now());
    await f.pacer.acquire('primary');
    f.pacer.observe('primary', 200, { 'x-ratelimit-remaining': '0' }, f.now());
    expect(f.pacer.locked('primary')?.beyondAnyWindow).toBe(true);
  });

  it("a 429 whose Retry-After ends long before its far Reset: the probe's retry waits the Retry-After only", async () => {
    const f = fakePacer(100, 120_000);
    const at = f.now();
    // A day quota's Reset on a 429 the minute window gave: spec §8 rule 4's wait is the Retry-After.
    f.pacer.observe('primary', 429, { ...headers(1000, 990, at / 1000 + 80_000), 'retry-after': '2' }, at);
    await f.pacer.acquire('primary', 1, true);
    expect(f.waits.map((w) => w.reason)).toEqual(['Retry-After']);
    expect(f.now() - at).toBeLessThan(3000);
    // Anything but the probe's retry still waits for the spent window's Reset, and refuses that wait.
    f.pacer.observe(
      'primary',
      429,
      { ...headers(1000, 990, at / 1000 + 80_000), 'retry-after': '2' },
      f.now(),
    );
    f.advance(5000);
    await expect(f.pacer.acquire('primary')).rejects.toThrow(/X-RateLimit-Reset/);
    // A 429 without a readable Retry-After leaves the far Reset standing for the probe too.
    f.pacer.observe('primary', 429, headers(1000, 0, at / 1000 + 80_000), f.now());
    f.advance(70_000);
    expect(f.pacer.requiredWait('primary', true)?.reason).toBe('X-RateLimit-Reset');
  });

  it('says why it waited until a moment: a window a check lets pass, or the Reset the probe waits for', async () => {
    const f = fakePacer();
    expect(await f.pacer.waitUntil('primary', f.now() + 2000)).toBe(true);
    expect(await f.pacer.waitUntil('primary', f.now() + 3000, 'X-RateLimit-Reset')).toBe(true);
    expect(f.waits.map((w) => [w.reason, w.ms])).toEqual([
      ['a rate-limit window to pass', 2000],
      ['X-RateLimit-Reset', 3000],
    ]);
    expect(await f.pacer.waitUntil('primary', f.now() + 200_000)).toBe(false);
  });
});
