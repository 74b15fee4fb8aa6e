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

/** Whether another of `ids` rounds to the same JS number as `id` (a twin the isolation check wants). */
const hasTwin = (ids: readonly string[], id: string): boolean =>
  ids.some((o) => o !== id && Number(o) === Number(id));

/**
 * The order pending fixtures are handed out in, whatever order they were given in: plain ids first, then those
 * one JS number cannot tell apart (the isolation check's pair), then those at an int64 edge (the saturating
 * spellings and their own cancels), so a check that any id serves never takes one that makes another judge more.
 */
export const handoutOrder = (ids: readonly string[]): string[] => {
  const inner = ids.filter((id) => !atInt64Edge(id));
  return [
    ...inner.filter((id) => !hasTwin(inner, id)),
    ...inner.filter((id) => hasTwin(inner, id)),
    ...ids.filter(atInt64Edge),
  ];
};

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
