// Pacer.backOff: the rate-limit probe's exponential backoff in place of the minute the pacer falls back on
// after a 429 that named no moment still ahead (no Retry-After, a Reset already past: a counter that outlives
// it), and never sooner than a Retry-After or a Reset still ahead. A fake clock; no server.
import { describe, expect, it } from 'vitest';
import { Pacer, RETRY_MARGIN_MS, UNKNOWN_429_BACKOFF_MS } from './pacer.ts';

const START = 1_800_000_000_000;
const pacer = () => new Pacer({ maxRequests: 100, maxWaitMs: 120_000, now: () => START });
const limited = (resetSec: number, retryAfter?: string) => ({
  'x-ratelimit-limit': '5',
  'x-ratelimit-remaining': '0',
  'x-ratelimit-reset': String(resetSec),
  ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
});

describe('Pacer.backOff', () => {
  it('replaces the minute after a 429 that named no moment ahead', () => {
    const p = pacer();
    p.observe('primary', 429, limited(START / 1000 - 1), START);
    expect(p.blockedUntil('primary')).toBe(START + UNKNOWN_429_BACKOFF_MS + RETRY_MARGIN_MS);
    p.backOff('primary', START + 7400);
    expect(p.blockedUntil('primary')).toBe(START + 7400);
  });

  it('never shortens a Retry-After, nor the wait for a Reset still ahead', () => {
    const p = pacer();
    p.observe('primary', 429, limited(START / 1000 + 2, '10'), START);
    p.backOff('primary', START + 1000);
    expect(p.blockedUntil('primary')).toBe(START + 10_000 + RETRY_MARGIN_MS);
    const q = pacer();
    q.observe('primary', 429, limited(START / 1000 + 30), START);
    q.backOff('primary', START + 1000);
    expect(q.blockedUntil('primary')).toBe(START + 30_000 + RETRY_MARGIN_MS);
  });

  it('is forgotten once an answer other than a 429 comes', () => {
    const p = pacer();
    p.observe('primary', 429, limited(START / 1000 - 1), START);
    p.observe('primary', 200, limited(START / 1000 + 30), START);
    p.hold('primary', START + 90_000);
    p.backOff('primary', START + 1000);
    expect(p.blockedUntil('primary')).toBe(START + 90_000);
  });
});
