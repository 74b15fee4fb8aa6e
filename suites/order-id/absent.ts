// Cases of the absent-id property: int64 ids that no known order has, edges first (fast-check's bias never
// yields 2^53 or 2^53+1), then the whole int64 range. Builds values only; KnownOrders decides what is safe.
import fc from 'fast-check';
import { INT64_MAX, INT64_MIN, inInt64 } from '../../lib/formats/int64.ts';
import { TRUST_HINT } from '../kit/absence.ts';
import { admissibleAbsent, type KnownOrders } from '../kit/known-orders.ts';

/** The fixed edges, tried in this order whenever they are absent and safe. */
export const ABSENT_EDGES: readonly bigint[] = [
  0n,
  1n,
  -1n,
  2n ** 31n - 1n,
  2n ** 31n,
  2n ** 32n,
  2n ** 53n - 1n,
  2n ** 53n,
  2n ** 53n + 1n,
  INT64_MAX,
  INT64_MIN,
];

/** Neighbours of known ids beyond 2^53 tried at most (each costs a request). */
export const MAX_NEIGHBOUR_EDGES = 8;
/** Known ids beyond 2^53 whose neighbours are looked at, at most (a large store may list millions). */
export const MAX_NEIGHBOUR_BASES = 64;
const OFFSETS = [-2n, -1n, 1n, 2n];

export interface EdgeChoice {
  edges: bigint[];
  /** Edges left out, with why (listed, unsafe, over the neighbour cap). */
  leftOut: string[];
}

function reason(known: KnownOrders, id: bigint): string {
  if (known.has(id)) return `${id} (a known order)`;
  const c = known.collisions(id.toString()).find((x) => !x.shipped);
  if (c) return `${id} (read lossily it names order ${c.order}, which may not be cancelled)`;
  const low = known.wrapsOntoUngiven(id);
  if (low !== undefined) return `${id} (read as 32 bits it names order ${low}, which the run was not given)`;
  if (known.edge(id))
    return `${id} (an edge implementers seed orders at: sent only as a fixture, or when the list is trusted: ${TRUST_HINT})`;
  return `${id} (near a known order, where the list cannot prove it absent: ${TRUST_HINT})`;
}

/** The edges to try first: the fixed ones, then ±1 and ±2 around every known id beyond 2^53. */
export function absentEdges(known: KnownOrders): EdgeChoice {
  const edges: bigint[] = [];
  const leftOut: string[] = [];
  const seen = new Set<bigint>();
  const consider = (id: bigint): boolean => {
    if (seen.has(id) || !inInt64(id)) return false;
    seen.add(id);
    if (admissibleAbsent(known, id)) return true;
    leftOut.push(reason(known, id));
    return false;
  };
  for (const id of ABSENT_EDGES) if (consider(id)) edges.push(id);
  let neighbours = 0;
  const bases = known.beyondSafe();
  // Past either cap the rest are only counted: a store of a million large ids has millions of neighbours.
  let b = 0;
  for (; b < bases.length && b < MAX_NEIGHBOUR_BASES && neighbours < MAX_NEIGHBOUR_EDGES; b++) {
    for (const d of OFFSETS) {
      const id = bases[b]! + d;
      if (!consider(id)) continue;
      if (neighbours < MAX_NEIGHBOUR_EDGES) {
        edges.push(id);
        neighbours++;
      } else leftOut.push(`${id} (over the cap of ${MAX_NEIGHBOUR_EDGES} neighbour edges)`);
    }
  }
  if (b < bases.length) {
    leftOut.push(
      `the neighbours of ${bases.length - b} more known ids beyond 2^53 (not looked at: at most ${MAX_NEIGHBOUR_EDGES} neighbour edges, from the first ${MAX_NEIGHBOUR_BASES} such ids)`,
    );
  }
  return { edges, leftOut };
}

/** ±(2^k + d): int boundaries beyond the fixed edges, which a uniform draw would almost never hit. */
const nearPowerOfTwo = fc
  .tuple(fc.integer({ min: 8, max: 63 }), fc.integer({ min: -2, max: 2 }), fc.boolean())
  .map(([k, d, negative]) => {
    const n = 2n ** BigInt(k) + BigInt(d);
    const v = negative ? -n : n;
    return v > INT64_MAX ? INT64_MAX : v < INT64_MIN ? INT64_MIN : v;
  });

/** Generated candidates: the whole int64 range, negatives included, and the neighbourhoods of powers of two. */
export const absentArbitrary: fc.Arbitrary<bigint> = fc.oneof(
  { weight: 3, arbitrary: fc.bigInt({ min: INT64_MIN, max: INT64_MAX }) },
  { weight: 1, arbitrary: nearPowerOfTwo },
);
