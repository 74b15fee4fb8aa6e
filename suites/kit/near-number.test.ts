// NearNumbers gives back exactly the number kept, whether it fit a small offset from its base or not.
import { describe, expect, it } from 'vitest';
import { NearNumbers } from './near-number.ts';

describe('NearNumbers', () => {
  const sent = Date.UTC(2026, 10, 22, 10, 0, 0, 17);
  const cases: Array<[string, number | undefined, number]> = [
    ['a Reset in Unix seconds, past 2^30', 1_795_688_040, Math.floor(sent / 1000)],
    ['a Date in ms', sent - 17, sent],
    ['a Reset with a fraction', 1_795_688_031.356721, Math.floor(sent / 1000)],
    ['a moment far from its base', 8.64e15, 0],
    ['-0', -0, 0],
    ['NaN', Number.NaN, sent],
    ['none', undefined, sent],
  ];
  for (const [what, value, base] of cases)
    it(`reads back ${what} exactly`, () => {
      const numbers = new NearNumbers<object>();
      const owner = {};
      const kept = numbers.keep(owner, value, base);
      expect(Object.is(numbers.read(owner, kept, base), value)).toBe(true);
    });

  it('keeps a value near its base as a small integer, one far off apart for its own owner', () => {
    const numbers = new NearNumbers<object>();
    const [a, b] = [{}, {}];
    const near = numbers.keep(a, 1_795_688_040, 1_795_688_000);
    const far = numbers.keep(b, 1.5, 1_795_688_000);
    expect(near).toBe(40);
    expect(Math.abs(far)).toBeLessThan(2 ** 30);
    expect(numbers.read(a, near, 1_795_688_000)).toBe(1_795_688_040);
    expect(numbers.read(b, far, 1_795_688_000)).toBe(1.5);
  });
});
