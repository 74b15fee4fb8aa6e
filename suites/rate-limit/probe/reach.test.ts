// The reach of servedBeyondLimit's count (served.ts reachOf): where its scan from an answer stops for a moment,
// and whether that is within so many answers, told at once where it surely is and by the search elsewhere.
import { describe, expect, it } from 'vitest';
import type { Sample } from './record.ts';
import { reachOf } from './served.ts';

const arriving = (at: readonly number[]): Sample[] =>
  at.map((receivedAtMs, n) => ({ n, response: { receivedAtMs } }) as unknown as Sample);

describe('reachOf', () => {
  it('stops at the first answer from which every one arrived at or after the moment', () => {
    const reach = reachOf(arriving([10, 30, 20, 40, 50]));
    expect(reach.to(0, 25)).toBe(3);
    expect(reach.to(0, 20)).toBe(1);
    expect(reach.to(3, 45)).toBe(4);
    expect(reach.to(0, 99)).toBe(5);
  });

  it('tells whether the reach is within so many answers as the search does, in order or not, a moment unknown', () => {
    const sequences = [
      [10, 20, 30, 40, 50, 60],
      [10, 30, 20, 20, 50, 40],
      [5, 5, 5, 5],
      [10, Number.NaN, 30, 20, 40],
      [40, 30, 20, 10],
    ];
    const moments = [0, 5, 15, 20, 25, 35, 45, 100, Number.NaN];
    const mismatches: string[] = [];
    let checked = 0;
    for (const at of sequences) {
      const reach = reachOf(arriving(at));
      for (let i = 0; i < at.length; i++)
        for (const u of moments)
          for (const most of [-1, 0, 1, 2, 3, 10, 1.5]) {
            checked += 1;
            if (reach.within(i, u, most) !== reach.to(i, u) - i <= most)
              mismatches.push(`${at} from ${i} until ${u} within ${most}`);
          }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(mismatches).toEqual([]);
  });
});
