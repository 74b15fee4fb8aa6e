// The two additive Pacer methods the rate-limit probe relies on: hold() extends a block for backoff (never
// shortens it), waitUntilFree() sleeps out a block without sending or charging, and refuses past --max-wait.
import { describe, expect, it } from 'vitest';
import { HarnessError } from '../lib/errors.ts';
import { Pacer, RETRY_MARGIN_MS, type WaitInfo } from '../lib/pacer.ts';

function fakePacer(maxWaitMs = 120_000) {
  let now = 1_800_000_000_000;
  const waits: WaitInfo[] = [];
  const pacer = new Pacer({
    maxRequests: 10,
    maxWaitMs,
    now: () => now,
    sleep: async (ms, info) => {
      waits.push(info);
      now += ms;
    },
  });
  return { pacer, waits, now: () => now };
}

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
    const f = fakePacer(60_000);
    const start = f.now();
    f.pacer.observe('primary', 429, limited('600'), start);
    expect(await f.pacer.waitUntilFree('primary', true)).toBe(false);
    expect(f.now()).toBe(start);
    await expect(f.pacer.acquire('primary', 1, true)).rejects.toSatisfy(
      (e) => e instanceof HarnessError && e.code === 'E_RATE_LIMIT_WAIT',
    );
  });
});
