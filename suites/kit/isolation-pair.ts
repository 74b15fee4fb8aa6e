// The pending fixtures a cancel of one order is watched on: two a JS number cannot tell apart when given. Read
// by the orderId isolation check and by the plan's fixture count (engine/fixtures.ts). Chooses only.

import { INT64_MAX, INT64_MIN } from '../../lib/formats/int64.ts';

/**
 * Whether a fixture sits at an int64 edge: the one order a saturating spelling can be judged on
 * (order-id/saturation.ts), so other uses take it last.
 */
export const atInt64Edge = (id: string): boolean => id === String(INT64_MAX) || id === String(INT64_MIN);

/** The fixtures with those at an int64 edge last. */
export const edgesLast = (ids: readonly string[]): string[] => [
  ...ids.filter((id) => !atInt64Edge(id)),
  ...ids.filter(atInt64Edge),
];

/**
 * The fixtures of the isolation check: two that round to the same JS number when given (e.g.
 * 9007199254740993 and 9007199254740992; the larger is cancelled first), else the first two remaining (those
 * at an int64 edge last).
 */
export function isolationPair(given: readonly string[]): { first: string; second?: string } | undefined {
  const remaining = edgesLast(given);
  for (const a of remaining) {
    const twin = remaining.find((b) => b !== a && Number(b) === Number(a) && BigInt(b) < BigInt(a));
    if (twin !== undefined) return { first: a, second: twin };
  }
  if (remaining.length === 0) return undefined;
  return { first: remaining[0]!, ...(remaining[1] !== undefined ? { second: remaining[1] } : {}) };
}
