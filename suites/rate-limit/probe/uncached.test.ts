// Unit tests of the reading that tells a list answered before the limiter (a front's cache) from a counted
// one and from a token bucket standing at Limit - 1. Synthetic samples; nothing is sent.
import { describe, expect, it } from 'vitest';
import { sample, T0 } from '../../../test/support/probe-records.ts';
import type { Sample } from './record.ts';
import { listNotCounted } from './uncached.ts';

const reset = String(T0 / 1000 + 30);

/** List answers 200 with these Remaining values of Limit 60, with Age when `age` is set. */
const lists = (remainings: number[], age?: boolean): Sample[] =>
  remainings.map((r, n) =>
    sample(n, 200, {
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': String(r),
      'x-ratelimit-reset': reset,
      ...(age && n > 0 ? { age: '0' } : {}),
    }),
  );

describe('a list the limiter never sees', () => {
  it('stands still with Age on the stored answers', () => {
    expect(listNotCounted(lists([59, 59, 59, 59], true))).toBe(true);
  });

  it('stands still below Limit - 1 without Age (a micro-cache that adds none)', () => {
    expect(listNotCounted(lists([40, 40, 40, 40]))).toBe(true);
  });

  it('falls on fewer than a third of many steps (a cache that expires now and then)', () => {
    expect(listNotCounted(lists([50, 49, 49, 48, 48, 47, 47], true))).toBe(false);
    expect(listNotCounted(lists([50, 50, 49, 49, 49, 49, 49, 49, 48, 48], true))).toBe(true);
  });

  it('is no counted list, nor a token bucket standing at Limit - 1 without Age', () => {
    expect(listNotCounted(lists([59, 58, 57, 56, 55]))).toBe(false);
    expect(listNotCounted(lists([59, 59, 59, 59, 59]))).toBe(false);
    expect(listNotCounted(lists([59, 59]))).toBe(false);
  });
});
