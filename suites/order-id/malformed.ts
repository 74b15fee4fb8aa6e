// Cases of the malformed-id property: segments of the spelling catalogue built around an id proven absent, so
// that no lenient reading names an order (KnownOrders.safe decides). Builds wire text only; sends nothing.
import fc from 'fast-check';
import { INT64_MAX, INT64_MIN } from '../../lib/formats/int64.ts';
import type { KnownOrders } from '../kit/known-orders.ts';
import { DEFAULT_KINDS, kindOf, LONG_MAX, LONG_MIN, spell } from './catalogue.ts';

export { LONG_MAX, LONG_MIN } from './catalogue.ts';
export { invalidEncoding } from './spelling-parts.ts';

/**
 * Every kind of the catalogue but the length case and those whose segments are canonical ids (fixtureOnly): the
 * generated cases draw from all of them.
 */
export const MALFORMED_KINDS: readonly string[] = DEFAULT_KINDS.filter((k) => !k.fixtureOnly).map(
  (k) => k.kind,
);

/** One case: a kind, the absent id it is built around, which spelling of the kind, and a length for long ones. */
export interface MalformedCase {
  kind: string;
  absent: bigint;
  variant: number;
  size: number;
}

/** The raw path segment of a case, percent-encoded as it goes on the wire. */
export function malformedSegment(c: MalformedCase): string {
  return spell(kindOf(c.kind), c.variant, c.absent, c.size);
}

export const malformedArbitrary: fc.Arbitrary<MalformedCase> = fc.record({
  kind: fc.constantFrom(...MALFORMED_KINDS),
  absent: fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
  variant: fc.nat({ max: 63 }),
  size: fc.integer({ min: LONG_MIN, max: LONG_MAX }),
});

/** Readable absent ids for the catalogue's absent cases, far from small fixture ids; the first safe one is used. */
const EXAMPLE_BASE = 1234567890123n;
const EXAMPLE_STEP = 1000003n;
const EXAMPLE_TRIES = 20;

/** The case of a kind's variant around the first example id for which it is safe, if any is. */
export function absentCase(
  known: KnownOrders,
  kind: string,
  variant: number,
  size: number,
): MalformedCase | undefined {
  for (let i = 0; i < EXAMPLE_TRIES; i++) {
    const c: MalformedCase = { kind, absent: EXAMPLE_BASE + BigInt(i) * EXAMPLE_STEP, variant, size };
    if (admissibleMalformed(known, c)) return c;
  }
  return undefined;
}

/** True when the case is built around an absent id and no reading of its segment names a cancellable order. */
export function admissibleMalformed(known: KnownOrders, c: MalformedCase): boolean {
  return !known.has(c.absent) && known.safe(malformedSegment(c));
}
