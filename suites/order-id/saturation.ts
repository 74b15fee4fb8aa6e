// The spellings a saturating reader (strtoll with its ERANGE unchecked, PHP's (int), a clamp to int64) takes
// for an int64 edge: 2^63 reads as 2^63-1, -2^63-1 as -2^63. Only a pending order at the edge shows such a
// reader, so each is planned against the edge when it is a fixture, and named as withheld when the edge is an
// order the run was not given. Plans only; the spelling run sends.
import { INT64_MAX, INT64_MIN } from '../../lib/formats/int64.ts';
import type { KnownOrders } from '../kit/known-orders.ts';

/** Each int64 edge and the spelling just past it, which a saturating reader clamps to the edge. */
export const SATURATING: ReadonlyArray<{ edge: bigint; segment: string }> = [
  { edge: INT64_MAX, segment: (INT64_MAX + 1n).toString() },
  { edge: INT64_MIN, segment: (INT64_MIN - 1n).toString() },
];

export interface SaturationPlan {
  /** Spellings to send against their edge, a pending fixture that no other reading can reach past. */
  send: Array<{ segment: string; id: string }>;
  /** Spellings not sent, with the order a saturating reader would cancel and why it may not be. */
  withheld: Array<{ segment: string; order: string; why: string }>;
}

/**
 * What to do with each saturating spelling: send it when its edge is a pending fixture and every reading of
 * it names only that fixture (or orders that cannot be cancelled); withhold it, naming the fixture that would
 * let it run, when the edge is an order the run was not given (or another reading names one). An edge no
 * order is known at leaves the spelling to the absent-id checks.
 */
export function saturationPlan(known: KnownOrders, cancellable: readonly string[]): SaturationPlan {
  const plan: SaturationPlan = { send: [], withheld: [] };
  for (const { edge, segment } of SATURATING) {
    const id = edge.toString();
    if (cancellable.includes(id)) {
      const why = known.unsafeReading(segment, id);
      if (why === undefined) plan.send.push({ segment, id });
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
