// Positions noted per order in growing 32-bit arrays: each id's, in order, exactly as many as noted, past
// every growth of its array.
import { describe, expect, it } from 'vitest';
import { orderOf, PositionsById } from './positions.ts';

describe('PositionsById', () => {
  it('gives each id its positions in the order noted, ids in the order first noted', () => {
    const p = new PositionsById();
    p.note('7', 0);
    p.note('9', 1);
    p.note('7', 2);
    p.note('7', 5);
    const taken = p.take();
    expect([...taken.keys()]).toEqual(['7', '9']);
    expect([...taken.get('7')!]).toEqual([0, 2, 5]);
    expect([...taken.get('9')!]).toEqual([1]);
    expect(taken.get('7')).toBeInstanceOf(Int32Array);
  });

  it('keeps every position across many growths, trimmed to the count', () => {
    const p = new PositionsById();
    const many = Array.from({ length: 1000 }, (_, i) => i * 3);
    for (const j of many) p.note('1', j);
    p.note('2', 4);
    const taken = p.take();
    expect(taken.get('1')!.length).toBe(1000);
    expect([...taken.get('1')!]).toEqual(many);
    // Exactly a power of two is handed over as is, with nothing past the count.
    const four = new PositionsById();
    for (const j of [1, 2, 3, 4]) four.note('x', j);
    expect([...four.take().get('x')!]).toEqual([1, 2, 3, 4]);
  });

  it('is empty once taken', () => {
    const p = new PositionsById();
    p.note('1', 1);
    expect(p.take().size).toBe(1);
    expect(p.take().size).toBe(0);
  });
});

describe('orderOf', () => {
  it('orders positions by key, ties by the tie-break then by position; an order already sorted as it is', () => {
    expect([...orderOf(Float64Array.of(3, 1, 2, 1))]).toEqual([1, 3, 2, 0]);
    const seq = [5, 9, 2, 7];
    expect([...orderOf(Float64Array.of(1, 1, 0, 1), (a, b) => seq[b]! - seq[a]!)]).toEqual([2, 1, 3, 0]);
    expect([...orderOf(Float64Array.of(1, 2, 2, 3))]).toEqual([0, 1, 2, 3]);
    expect([...orderOf(new Float64Array(0))]).toEqual([]);
  });
});
