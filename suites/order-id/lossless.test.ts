// The lossless list reading (lossless.ts): the marks an id passed through a JS number leaves in a list body,
// the notes on doubles printed exactly, and what the list holds beyond 2^53 that no fixture tests.
import { describe, expect, it } from 'vitest';
import { readList } from '../kit/order-list.ts';
import { doublePrinted, readListIds, untestedBeyond } from './lossless.ts';

describe('lossless list reading', () => {
  it('finds the marks of ids passed through a JS number', () => {
    const text = '[{"id":9007199254740992},{"id":9007199254740992},{"id":9223372036854776000}]';
    const read = readListIds(readList(text), ['9007199254740993', '9223372036854775807'])!;
    const classes = read.problems.map((p) => p.cls);
    expect(classes[0]).toBe('precision collision');
    expect(classes).toContain('id outside int64');
    expect(read.problems.map((p) => p.message).join()).toContain('fixture 9007199254740993');
  });

  it('reads exact ids without problems, and flags an id beyond 2^53 written with an exponent', () => {
    expect(readListIds(readList('[{"id":9007199254740993},{"id":1}]'), ['1'])!.problems).toEqual([]);
    expect(readListIds(readList('[{"id":9.007199254740994e15},{"id":1.0}]'), [])!.problems[0]!.cls).toBe(
      'inexact id',
    );
    expect(readListIds(readList('[{"id":1.0}]'), [])!.notes).toEqual(['item 0 writes its id as 1.0']);
    expect(readListIds(readList('{"orders":[]}'), [])).toBeUndefined();
  });

  it('notes, never fails, an id written as a JS number prints a double (rounded zeros)', () => {
    expect(doublePrinted(4611686018427388000n)).toBe(true);
    // 2^53 is its own double, and 2^53 + 1 is no double's decimal: neither is suspect.
    expect(doublePrinted(9007199254740992n)).toBe(false);
    expect(doublePrinted(9007199254740993n)).toBe(false);
    const read = readListIds(readList('[{"id":4611686018427388000},{"id":9007199254740992},{"id":1}]'), [
      '1',
    ])!;
    expect(read.problems).toEqual([]);
    expect(read.notes.join()).toMatch(
      /1 id is written as a JS number prints a double \(4611686018427388000, the double 4611686018427387904\)/,
    );
  });

  it('says when the list holds ids at or above 2^53 and no pending fixture is one', () => {
    const beyond = { first: ['9007199254740992', '4611686018427388000'], count: 2 };
    expect(untestedBeyond(beyond, ['1', '2'])).toMatch(
      /holds 2 ids at or above 2\^53 \(9007199254740992, 4611686018427388000\), but no pending fixture is one: ID-CANCEL-ISOLATION/,
    );
    expect(untestedBeyond(beyond, ['1', '9007199254740993'])).toBeUndefined();
    expect(untestedBeyond({ first: [], count: 0 }, ['1'])).toBeUndefined();
  });
});
