// Unit tests of whether the walk's Remaining may size a burst (judge-counts.ts): reliable, unreliable, or seen
// counting down, on synthetic samples.
import { describe, expect, it } from 'vitest';
import { refused, T0, walkOf } from '../../../test/support/probe-records.ts';
import { notSeenCounting, remainingUnreliable } from './judge-counts.ts';

describe('remainingUnreliable (whether Remaining may size the burst)', () => {
  it('counts one per request: reliable', () => {
    expect(remainingUnreliable(walkOf([4, 3, 2, 1, 0], refused()))).toBeUndefined();
  });

  it('never falls, goes negative, or falls by two on a request: unreliable', () => {
    expect(remainingUnreliable(walkOf([4, 4, 4, 4], refused()))).toMatch(/did not fall on any of 3/);
    expect(remainingUnreliable(walkOf([2, 1, 0, -1]))).toMatch(/negative/);
    expect(remainingUnreliable(walkOf([4, 2, 1, 0], refused()))).toMatch(/fell by 2 on request #1/);
  });

  it('stays on a step: a refill when it falls on most steps or the 429 shows a gradual limiter, else unreliable', () => {
    // Stays once, falls on the other four: a token came back.
    expect(remainingUnreliable(walkOf([5, 4, 4, 3, 2, 1, 0], refused()))).toBeUndefined();
    // Stays as often as it falls, behind a fixed window's 429 (Retry-After 2 s, Reset 2 s away): unexplained.
    expect(remainingUnreliable(walkOf([4, 4, 3, 3, 2, 2, 1], refused()))).toMatch(/no gradual refill/);
    // The same behind a token bucket's 429: the next token in 1 s, full again in 9 s.
    const bucket = refused({ 'retry-after': '1', 'x-ratelimit-reset': String(T0 / 1000 + 9) });
    expect(remainingUnreliable(walkOf([4, 4, 3, 3, 2, 2, 1], bucket))).toBeUndefined();
  });
});

describe('notSeenCounting (whether a burst may be sized by Remaining)', () => {
  it('a Remaining seen falling by one, and a 429 no earlier than it said: the burst may run', () => {
    expect(notSeenCounting(walkOf([3, 2, 1, 0], refused()))).toBeUndefined();
  });

  it('not seen counting down, or a 429 well before Remaining 0: no burst', () => {
    expect(notSeenCounting(walkOf([0], refused()))).toMatch(/not seen counting down .* on 0 requests/);
    expect(notSeenCounting(walkOf([5, 4, 3], refused()))).toMatch(/429 came earlier than/);
  });
});
