// The sample of a case matrix: every operation meets every kind by default, all cases of a small kind go out
// whatever the seed, the seed decides the rest, and --exhaustive sends the whole product; counts match.
import { describe, expect, it } from 'vitest';
import { type CaseKind, rotation, slotCounts, slots } from './sample.ts';

const OPS = ['list', 'cancel', 'pets'] as const;
const KINDS: CaseKind<string>[] = [
  { name: 'small', cases: ['a', 'b'] },
  { name: 'three', cases: ['x', 'y', 'z'] },
  { name: 'large', cases: ['1', '2', '3', '4', '5', '6', '7'] },
];

describe('slots', () => {
  it('gives every operation each kind once, and every case of a kind no larger than the operations', () => {
    for (let seed = 0; seed < 50; seed++) {
      const s = slots(KINDS, OPS, { seed, salt: 'T', exhaustive: false });
      expect(s).toHaveLength(slotCounts(KINDS, OPS.length).requests);
      for (const kind of KINDS)
        expect(s.filter((x) => x.kind === kind.name).map((x) => x.op)).toEqual([...OPS]);
      expect(new Set(s.filter((x) => x.kind === 'small').map((x) => x.case))).toEqual(new Set(['a', 'b']));
      expect(new Set(s.filter((x) => x.kind === 'three').map((x) => x.case))).toEqual(
        new Set(['x', 'y', 'z']),
      );
      expect(new Set(s.filter((x) => x.kind === 'large').map((x) => x.case)).size).toBe(3);
    }
  });

  it('sends every case of a kind whose cases are kinds of their own, each operation still meeting it', () => {
    const schemes: CaseKind<string>[] = [
      {
        name: 'schemes',
        cases: ['Token', 'ApiKey', 'Digest', 'Key', 'JWT', 'OAuth', 'Basic'],
        everyCase: true,
      },
      { name: 'basic', cases: ['user', 'password'], everyCase: true },
    ];
    for (let seed = 0; seed < 50; seed++) {
      const s = slots(schemes, OPS, { seed, salt: 'T', exhaustive: false });
      expect(s).toHaveLength(slotCounts(schemes, OPS.length).requests);
      expect(s).toHaveLength(7 + 3);
      for (const kind of schemes) {
        const mine = s.filter((x) => x.kind === kind.name);
        expect(new Set(mine.map((x) => x.case))).toEqual(new Set(kind.cases));
        expect(new Set(mine.map((x) => x.op))).toEqual(new Set(OPS));
      }
    }
  });

  it('rotates by the seed: the same seed the same sample, other seeds other cases and operations', () => {
    const of = (seed: number) => JSON.stringify(slots(KINDS, OPS, { seed, salt: 'T', exhaustive: false }));
    expect(of(7)).toBe(of(7));
    const seen = new Set(Array.from({ length: 40 }, (_, seed) => of(seed)));
    expect(seen.size).toBeGreaterThan(10);
    const large = new Set(
      Array.from({ length: 40 }, (_, seed) =>
        slots(KINDS, OPS, { seed, salt: 'T', exhaustive: false })
          .filter((x) => x.kind === 'large')
          .map((x) => x.case),
      ).flat(),
    );
    expect(large.size).toBe(7);
  });

  it('sends one case per kind on one operation when asked, and the whole product under --exhaustive', () => {
    const one = slots(KINDS, OPS, { seed: 3, salt: 'T', exhaustive: false, onePerKind: true });
    expect(one).toHaveLength(slotCounts(KINDS, OPS.length, true).requests);
    expect(one.map((x) => x.kind)).toEqual(['small', 'three', 'large']);
    const all = slots(KINDS, OPS, { seed: 3, salt: 'T', exhaustive: true });
    expect(all).toHaveLength(slotCounts(KINDS, OPS.length).exhaustive);
    expect(all).toHaveLength((2 + 3 + 7) * 3);
    expect(new Set(all.map((x) => `${x.case}@${x.op}`)).size).toBe(all.length);
  });

  it('starts within the kind', () => {
    for (let seed = 0; seed < 100; seed++) expect(rotation(seed, 's', 7)).toBeLessThan(7);
    expect(rotation(1, 's', 0)).toBe(0);
  });
});
