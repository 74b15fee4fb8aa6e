// The index of a list's ids: numbers for safe integers, the rest beside them, repeats in the order they occur,
// lookups exact or generous, and a list that is not in id order sorted once.
import { describe, expect, it } from 'vitest';
import { ListIds } from './list-ids.ts';

const of = (...ids: unknown[]) => {
  const list = new ListIds();
  for (const id of ids) list.add(id);
  return list;
};

describe('ListIds', () => {
  it('keeps every id in list order, absent ones included, and counts what is present', () => {
    const ids = of(3, undefined, 9007199254740993n, 'x', null, 1.5, -0);
    expect([...ids.all()]).toEqual([3, undefined, 9007199254740993n, 'x', null, 1.5, -0]);
    expect([ids.items, ids.present, ids.integers, ids.identities]).toEqual([7, 6, 3, 5]);
    expect([ids.at(1), ids.at(2), ids.at(4)]).toEqual([undefined, 9007199254740993n, null]);
    expect([...ids.unusual()]).toEqual([
      [2, 9007199254740993n],
      [3, 'x'],
      [4, null],
      [5, 1.5],
    ]);
  });

  it('names repeats by identity in the order they occur: "1" and 1 are two ids, 0 and -0 one', () => {
    const ids = of('1', 2, '1', 1, 9007199254740993n, 2, 9007199254740993n, 0, -0);
    expect(ids.repeated()).toEqual({ first: ['"1"', '2', '9007199254740993', '0'], count: 4 });
    expect(ids.repeated(2)).toEqual({ first: ['"1"', '2'], count: 4 });
    expect([...ids.repeats()]).toEqual([
      ['"1"', 2],
      ['2', 2],
      ['9007199254740993', 2],
      ['0', 2],
    ]);
    expect(ids.distinctIntegers).toBe(4);
    expect(of(1, 2, 3).repeated()).toEqual({ first: [], count: 0 });
  });

  it('looks ids up exactly, or generously as a lenient server reads them', () => {
    const ids = of(30, 10, 20, 9007199254740993n, ' 44 ', 2.5);
    expect([ids.has('10'), ids.has(20n), ids.has('9007199254740993'), ids.has('9007199254740992')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect([ids.has('44'), ids.hasGenerously('44'), ids.hasGenerously(2n), ids.hasGenerously('3')]).toEqual([
      false,
      true,
      true,
      true,
    ]);
    expect([...ids.sortedSafe()]).toEqual([2, 3, 10, 20, 30, 44]);
    expect(ids.beyondSafe()).toEqual([9007199254740993n]);
  });

  it('finds the id a fixture was rounded to through a JS number', () => {
    const ids = of(7, 9007199254740993n);
    expect(ids.roundedTwin('9007199254740992')).toBe('9007199254740993');
    expect(ids.roundedTwin('8')).toBeUndefined();
  });

  it('indexes a million ids out of order, and finds the one repeat', () => {
    const n = 1_000_000;
    const ids = new ListIds();
    for (let i = 0; i < n; i++) ids.add(10_000_000 + ((i * 7919) % n));
    ids.add(10_000_123);
    expect(ids.items).toBe(n + 1);
    expect(ids.repeated()).toEqual({ first: ['10000123'], count: 1 });
    expect([ids.has('10999999'), ids.has('11000000'), ids.distinctIntegers]).toEqual([true, false, n]);
  });

  it('reads exact ids given as text', () => {
    expect([...ListIds.of(['1', '9223372036854775807']).all()]).toEqual([1, 9223372036854775807n]);
  });
});
