// The wraps-int32 spelling: a valid int64 that a 32-bit reader wraps onto a pending fixture, built only where the
// guard proves it absent, tried right after too-big, and never sent around an absent id.
import { describe, expect, it } from 'vitest';
import { AbsenceGuard } from '../kit/absence-guard.ts';
import { int32Reading, namedIds } from '../kit/id-readings.ts';
import { admissibleAbsent, KnownOrders } from '../kit/known-orders.ts';
import { kindOf } from './catalogue.ts';
import { FixturePool } from './fixtures.ts';
import { MALFORMED_KINDS } from './malformed.ts';
import { TRIAL_ORDER } from './trial-order.ts';

const WRAPS = kindOf('wraps-int32');
const every = WRAPS.variants.map((_, i) => i);
const TWO32 = 2n ** 32n;

/** A pool over `pending` (and `shipped`), the list untrusted (guarded) unless `trusted`. */
function poolOver(pending: string[], shipped: string[] = [], trusted = false) {
  const all = [...pending, ...shipped];
  const known = new KnownOrders(all, pending, shipped, trusted ? undefined : new AbsenceGuard(all));
  const target = {
    cancellableIds: pending,
    takeCancellableId: () => true,
    reclaim: () => undefined,
  };
  return { known, pool: new FixturePool(target, known, true) };
}

describe('the wraps-int32 spelling', () => {
  it('reads the low 32 bits of a canonical id beyond int32 only', () => {
    expect(int32Reading((2n * TWO32 + 7n).toString())).toBe(7n);
    expect(int32Reading((TWO32 - 5n).toString())).toBe(-5n);
    expect(int32Reading('2147483647')).toBeUndefined();
    expect(int32Reading('-2147483648')).toBeUndefined();
    expect(int32Reading('007')).toBeUndefined();
    expect(int32Reading('+4294967303')).toBeUndefined();
    expect(int32Reading('9223372036854775808')).toBeUndefined();
    // Not among the readings every segment is checked by: absent ids would all name small ids.
    expect(namedIds((2n * TWO32 + 7n).toString())).not.toContain(7n);
  });

  it('spells a small fixture as 2^33 + a when the guard covers 2^32 + a', () => {
    const { known, pool } = poolOver(['10', '11', '12'], ['20']);
    const found = pool.find(WRAPS, every, 300);
    expect(found).toEqual({ id: '10', variant: 1, segment: (2n * TWO32 + 10n).toString() });
    // The least multiple of 2^32 was unsafe: inside the guard of the cluster 0..20.
    expect(known.safe((TWO32 + 10n).toString(), '10')).toBe(false);
    const segment = (found as { segment: string }).segment;
    expect(admissibleAbsent(known, BigInt(segment))).toBe(true);
    expect(int32Reading(segment)).toBe(10n);
  });

  it('sends 2^32 + a once the list is trusted, and a larger step past a wide cluster', () => {
    expect(poolOver(['10'], [], true).pool.find(WRAPS, every, 300)).toMatchObject({
      segment: (TWO32 + 10n).toString(),
    });
    // Listed ids up to 2^34 make one cluster guarded to 2^35: the least step past it is 2^8.
    const wide = poolOver(['1'], [(2n ** 33n).toString(), (2n ** 34n).toString()]);
    expect(wide.pool.find(WRAPS, every, 300)).toMatchObject({ segment: (2n ** 40n + 1n).toString() });
  });

  it('leaves a fixture alone whose wrap would name a known order or which no 32-bit reader can name', () => {
    // 2^33 + 10 is listed (shipped): its own id, not a wrap, so no multiple names only the fixture there but a
    // larger one.
    const listed = poolOver(['10'], [(2n * TWO32 + 10n).toString()]);
    const found = listed.pool.find(WRAPS, every, 300) as { segment: string };
    expect(BigInt(found.segment) > 4n * TWO32).toBe(true);
    expect(listed.known.has(BigInt(found.segment))).toBe(false);
    // A fixture beyond int32 has no 32-bit spelling.
    expect(poolOver(['9007199254740993']).pool.find(WRAPS, every, 300)).toBe('unsafe');
  });

  it('is tried right after too-big, and never drawn around an absent id', () => {
    const order = TRIAL_ORDER.map(([, k]) => k.kind);
    expect(order[order.indexOf('too-big') + 1]).toBe('wraps-int32');
    expect(WRAPS.fixture).toBe('MUST');
    expect(MALFORMED_KINDS).not.toContain('wraps-int32');
  });
});
