// The saturating spellings are planned against a pending fixture at the int64 edge, withheld and named when
// the edge is an order the run was not given, and left to the absent-id checks when no order is known there.
import { describe, expect, it } from 'vitest';
import { handoutOrder, isolationPair } from './isolation-pair.ts';
import { KnownOrders } from './known-orders.ts';
import { saturationPlan } from './saturation.ts';
import { heldFixtureOf } from './target-facts.ts';

const MAX = '9223372036854775807';
const MIN = '-9223372036854775808';

describe('saturationPlan', () => {
  it('sends 2^63 against the edge order when it is a pending fixture', () => {
    const known = new KnownOrders(['1', MAX], ['1', MAX], []);
    expect(saturationPlan(known, ['1', MAX])).toEqual({
      send: [{ segment: '9223372036854775808', id: MAX, also: [] }],
      withheld: [],
    });
  });

  it('sends both past-the-end spellings when both edges are fixtures held together', () => {
    // 2^63 wraps to -2^63 and -2^63-1 to 2^63-1: each names the other edge, a fixture held with it.
    const known = new KnownOrders(['1', MAX, MIN], ['1', MAX, MIN], []);
    expect(saturationPlan(known, ['1', MIN, MAX], [MIN, MAX])).toEqual({
      send: [
        { segment: '9223372036854775808', id: MAX, also: [MIN] },
        { segment: '-9223372036854775809', id: MIN, also: [MAX] },
      ],
      withheld: [],
    });
    // Not held (another check took it): the wrapping reading still withholds it.
    const plan = saturationPlan(known, ['1', MIN, MAX], [MAX]);
    expect(plan.send).toEqual([]);
    expect(plan.withheld.map((w) => w.segment)).toEqual(['9223372036854775808', '-9223372036854775809']);
  });

  it('withholds it, naming the order, when the edge is listed but not given', () => {
    const known = new KnownOrders(['1', MAX, MIN], ['1'], []);
    const plan = saturationPlan(known, ['1']);
    expect(plan.send).toEqual([]);
    expect(plan.withheld.map((w) => [w.segment, w.order])).toEqual([
      ['9223372036854775808', MAX],
      ['-9223372036854775809', MIN],
    ]);
    expect(plan.withheld[0]!.why).toMatch(/not given as a fixture/);
  });

  it('plans nothing where no order is known at the edge, or the edge order has shipped', () => {
    expect(saturationPlan(new KnownOrders(['1'], ['1'], []), ['1'])).toEqual({ send: [], withheld: [] });
    expect(saturationPlan(new KnownOrders(['1', MAX], ['1'], [MAX]), ['1'])).toEqual({
      send: [],
      withheld: [],
    });
  });

  it('withholds a fixture spelling that another reading could carry to an order not given', () => {
    // 2^63 wraps to -2^63: with a pending order there that the run was not given, it is not sent.
    const known = new KnownOrders([MAX, MIN], [MAX], []);
    const plan = saturationPlan(known, [MAX]);
    expect(plan.send).toEqual([]);
    expect(plan.withheld[0]).toMatchObject({ segment: '9223372036854775808', order: MAX });
    expect(plan.withheld[0]!.why).toMatch(/may read as order -9223372036854775808/);
  });
});

describe('handoutOrder', () => {
  it('hands out plain ids first, then the 2^53 twins, then the int64 edges, whatever the order given', () => {
    expect(handoutOrder([MIN, '9007199254740993', '9007199254740992', MAX, '1001', '1002'])).toEqual([
      '1001',
      '1002',
      '9007199254740993',
      '9007199254740992',
      MIN,
      MAX,
    ]);
    // An id at or above 2^53 with no twin among those given is a plain one.
    expect(handoutOrder(['9007199254740993', '7'])).toEqual(['9007199254740993', '7']);
  });
});

describe('a fixture at an int64 edge', () => {
  it('is kept for the saturating spellings while other fixtures serve the other checks', () => {
    expect(isolationPair(['101000', MAX, '202000'])).toEqual({ first: '101000', second: '202000' });
    expect(heldFixtureOf(['101000', '202000', MAX])).toBe('202000');
    // Alone with one other, it still serves: the run never refuses a fixture it was given.
    expect(isolationPair([MAX, '101000'])).toEqual({ first: '101000', second: MAX });
  });
});
