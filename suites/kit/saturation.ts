// The spellings a saturating reader (strtoll with its ERANGE unchecked, PHP's (int), a clamp to int64) takes
// for an int64 edge: 2^63 reads as 2^63-1, -2^63-1 as -2^63. Only a pending order at the edge shows such a
// reader, so each is planned against the edge when it is a fixture, and named as withheld when the edge is an
// order the run was not given. Plans only; the spelling run sends.
import { INT64_MAX, INT64_MIN } from '../../lib/formats/int64.ts';
import type { KnownOrders } from './known-orders.ts';

/** The shared sending that takes the given fixtures at an int64 edge (kit/sendings.ts, kit/edge-fixtures.ts). */
export const EDGE_SENDING = 'int64 edge fixtures';

/** The checks that judge what the edge fixtures are taken for: the cancels, the saturating spellings before them. */
export const EDGE_FIXTURE_CHECKS = ['CANCEL-PENDING-204', 'ID-CANCEL-MISREAD'] as const;

/** Each int64 edge and the spelling just past it, which a saturating reader clamps to the edge. */
export const SATURATING: ReadonlyArray<{ edge: bigint; segment: string }> = [
  { edge: INT64_MAX, segment: (INT64_MAX + 1n).toString() },
  { edge: INT64_MIN, segment: (INT64_MIN - 1n).toString() },
];

export interface SaturationPlan {
  /**
   * Spellings to send against their edge, a pending fixture, when every reading of it names only that fixture,
   * the other edge fixture held with it (`also`: a wrapping reader takes 2^63 for -2^63), or no order.
   */
  send: Array<{ segment: string; id: string; also: string[] }>;
  /** Spellings not sent, with the order a saturating reader would cancel and why it may not be. */
  withheld: Array<{ segment: string; order: string; why: string }>;
}

/** The int64 edges among the pending fixtures given. */
export const edgeFixtures = (cancellable: readonly string[]): string[] =>
  SATURATING.map((s) => s.edge.toString()).filter((id) => cancellable.includes(id));

/**
 * What to do with each saturating spelling: send it when its edge is a pending fixture and every reading of
 * it names only that fixture or another of `held` (the edge fixtures the spelling run holds; orders that cannot
 * be cancelled aside); withhold it, naming the fixture that would let it run, when the edge is an order the run
 * was not given (or another reading names one). An edge no order is known at leaves the spelling to the
 * absent-id checks.
 */
export function saturationPlan(
  known: KnownOrders,
  cancellable: readonly string[],
  held: readonly string[] = [],
): SaturationPlan {
  const plan: SaturationPlan = { send: [], withheld: [] };
  for (const { edge, segment } of SATURATING) {
    const id = edge.toString();
    if (cancellable.includes(id)) {
      // The other edges held with it, only when it is held itself (else none: a reading of them withholds it).
      const also = held.includes(id) ? held.filter((h) => h !== id) : [];
      const why = known.unsafeReading(segment, id, undefined, new Set(also));
      if (why === undefined) plan.send.push({ segment, id, also });
      else plan.withheld.push({ segment, order: id, why });
      continue;
    }
    if (!known.has(edge) || known.shipped.has(id)) continue;
    plan.withheld.push({
      segment,
      order: id,
      why: `a saturating reader takes it for order ${id}, which was not given as a fixture`,
    });
  }
  return plan;
}
