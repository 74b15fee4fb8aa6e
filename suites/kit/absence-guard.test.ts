// Where an id may be sent as absent: far from every cluster of known ids (each guarded by its own width, at
// least 2^32), never at a special value, drawn from the widest gap, exact as a JS number when one is.
import { describe, expect, it } from 'vitest';
import { AbsenceGuard, absentRange, MIN_GUARD, SPECIAL_IDS } from './absence-guard.ts';

const INT64_MAX = 2n ** 63n - 1n;
const EXACT = 2n ** 52n;
/** The fixtures a real user gave: both ends of int64, and ids around 2^53. */
const USER_FIXTURES = [
  '1',
  '2',
  '3',
  '7',
  '42',
  '1000',
  '9007199254740992',
  '9007199254740993',
  '9223372036854775807',
  '5',
  '6',
  '9007199254740995',
];

describe('AbsenceGuard', () => {
  it('fixtures at both ends of int64 leave the gaps between them open, and absent ids are exact JS numbers', () => {
    const guard = new AbsenceGuard(['1', INT64_MAX.toString()]);
    const range = absentRange(guard)!;
    expect(range.min).toBeGreaterThan(MIN_GUARD);
    expect(range.max).toBeLessThanOrEqual(EXACT);
    expect(guard.near(range.min)).toBe(false);
    expect(guard.near(range.max)).toBe(false);
    expect(guard.near(INT64_MAX - 5n)).toBe(true);
  });

  it("a real user's fixtures leave an exact range far from each of them", () => {
    const guard = new AbsenceGuard(USER_FIXTURES);
    const range = absentRange(guard)!;
    expect(range.max).toBeLessThanOrEqual(EXACT);
    for (const id of USER_FIXTURES) {
      const n = BigInt(id);
      for (const end of [range.min, range.max])
        expect(end > n ? end - n : n - end).toBeGreaterThan(MIN_GUARD);
    }
  });

  it('guards each cluster beyond its ends by its own width, at least 2^32', () => {
    const guard = new AbsenceGuard(['1000000000000', '1000000000100']);
    expect(guard.near(1_000_000_000_100n + MIN_GUARD)).toBe(true);
    expect(guard.near(1_000_000_000_100n + MIN_GUARD + 1n)).toBe(false);
    // Ids 4 * 10^9 apart meet (each guarded by 2^32): one cluster 8 * 10^9 wide, which hides orders up to
    // its width beyond it. Ids further apart than their guards are clusters of their own, with a gap between.
    const wide = new AbsenceGuard(['2000000000000', '2004000000000', '2008000000000']);
    expect(wide.near(2_008_000_000_000n + 8_000_000_000n)).toBe(true);
    expect(wide.near(2_008_000_000_000n + 8_000_000_001n)).toBe(false);
    const apart = new AbsenceGuard(['2000000000000', '2050000000000']);
    expect(apart.near(2_025_000_000_000n)).toBe(false);
  });

  it('merges clusters whose zones meet, and the merged one guards by its whole width', () => {
    const guard = new AbsenceGuard([(MIN_GUARD + 5n).toString()]);
    // 0 (always known) and 2^32 + 5 meet: one cluster 0..2^32+5, guarded by 2^32 + 5 on each side.
    expect(guard.zones).toHaveLength(1);
    expect(guard.zones[0]).toEqual({ lo: -(MIN_GUARD + 5n), hi: 2n * (MIN_GUARD + 5n) });
  });

  it('small ids and the int32 edges are always near (0 is always known), whatever the list shows', () => {
    const guard = new AbsenceGuard([]);
    for (const n of [0n, 1n, -1n, 2n ** 31n - 1n, 2n ** 32n]) expect(guard.near(n), String(n)).toBe(true);
  });

  it('special values are edges a hidden order may sit at, even far from every known id', () => {
    const guard = new AbsenceGuard(['1']);
    for (const n of SPECIAL_IDS) expect(guard.special(n), String(n)).toBe(true);
    expect(guard.near(2n ** 53n)).toBe(false);
    expect(guard.special(2n ** 53n + 2n)).toBe(false);
  });

  it('reads a million known ids in one sorted pass, as numbers', () => {
    const ids = Float64Array.from({ length: 1_000_000 }, (_, i) => 10_000_000 + i * 7);
    const guard = new AbsenceGuard([], ids);
    expect(guard.zones).toHaveLength(1);
    expect(guard.near(10_000_000n + 7n * 999_999n + 1n)).toBe(true);
  });

  it('draws the same zones from ids given as numbers as from the same ids given as text', () => {
    // Gaps on both sides of 2·MIN_GUARD within a group (some neighbours share a run, some clusters merge by
    // width), and a jump past everything so far between groups: 22 zones.
    let at = 0;
    const ids: number[] = [];
    for (let i = 0; i < 200; i++) {
      const step = [1, 2 ** 31, 2 ** 33, 2 ** 33 + 1, 2 ** 32][(i * 7) % 5]!;
      at += i % 10 === 9 ? Math.min(3 * at, 2 ** 45) + 2 ** 34 : step;
      ids.push(at);
    }
    const fixtures = [String(2n ** 60n), '5'];
    const zones = new AbsenceGuard(fixtures, Float64Array.from(ids)).zones;
    expect(zones).toHaveLength(22);
    expect(zones).toEqual(new AbsenceGuard([...fixtures, ...ids.map(String)]).zones);
  });

  it('with a trusted list (no guard), any exact id from 10^12 up', () => {
    expect(absentRange(undefined)).toEqual({ min: 10n ** 12n, max: EXACT });
  });
});
