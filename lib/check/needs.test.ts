// Which fixtures a check still needs: its own, and those of a shared sending no earlier check has sent. A
// reader of the first cancel needs no fixture left once that cancel took one for it. Pure; sends nothing.
import { describe, expect, it } from 'vitest';
import type { Needs } from './model.ts';
import { fixturesOf, type Supply, unmetNeed } from './needs.ts';

const FIRST_CANCEL = { 'first cancel': { requests: 1, cancellable: 1 } };
const READER: Needs = { requests: 0, shared: FIRST_CANCEL };
const OWN: Needs = { requests: 2, cancellable: 1, shared: FIRST_CANCEL };

const supply = (cancellableLeft: number, claimed: string[]): Supply => ({
  propertyRuns: 0,
  exhaustive: false,
  keyInUrl: false,
  claimed: new Set(claimed),
  cancellableLeft,
  held: false,
  shipped: 0,
  secondKey: false,
  keyPlan: false,
  burst: false,
  probeOff: false,
  budgetLeft: 100,
});

describe('fixturesOf', () => {
  it("counts a shared sending's fixture until it is sent, and a check's own always", () => {
    expect(fixturesOf(READER, new Set())).toBe(1);
    expect(fixturesOf(READER, new Set(['first cancel']))).toBe(0);
    expect(fixturesOf(OWN, new Set())).toBe(2);
    expect(fixturesOf(OWN, new Set(['first cancel']))).toBe(1);
  });

  it('lets a reader of a sent cancel run with no fixture left, and no other', () => {
    expect(unmetNeed(READER, supply(0, ['first cancel']))).toBeUndefined();
    expect(unmetNeed(READER, supply(0, []))?.cause).toEqual({
      kind: 'input',
      setting: 'cancellableOrderIds',
    });
    expect(unmetNeed(OWN, supply(0, ['first cancel']))?.reason).toMatch(/^needs 1 pending order /);
  });
});

describe('a held fixture (Needs.held)', () => {
  it('is unmet unless one was held back, and the skip names --cancellable-order-ids', () => {
    const needs: Needs = { requests: 0, held: true };
    expect(unmetNeed(needs, supply(5, []))?.cause).toEqual({ kind: 'input', setting: 'cancellableOrderIds' });
    expect(unmetNeed(needs, supply(5, []))?.reason).toMatch(/at least two in ⟦setting:cancellableOrderIds⟧/);
    expect(unmetNeed(needs, { ...supply(0, []), held: true })).toBeUndefined();
  });
});
