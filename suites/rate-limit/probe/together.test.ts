// How many of the walk's last requests go together: four under a small Limit, a quarter of a larger one (a
// racy count rarely shows under four), never more than sixteen.
import { describe, expect, it } from 'vitest';
import { TOGETHER_MAX, togetherMax } from './together.ts';

describe('togetherMax', () => {
  it('keeps four under a small Limit or none read', () => {
    expect(togetherMax(undefined)).toBe(TOGETHER_MAX);
    expect(togetherMax(5)).toBe(4);
    expect(togetherMax(11)).toBe(4);
  });

  it('sends a quarter of a larger Limit, at most sixteen', () => {
    expect(togetherMax(60)).toBe(15);
    expect(togetherMax(1000)).toBe(16);
  });
});
