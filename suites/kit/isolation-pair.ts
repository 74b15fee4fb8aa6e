// The pending fixtures a cancel of one order is watched on: two a JS number cannot tell apart when given. Read
// by the orderId isolation check and by the plan's fixture count (engine/fixtures.ts). Chooses only.

/**
 * The fixtures of the isolation check: two that round to the same JS number when given (e.g.
 * 9007199254740993 and 9007199254740992; the larger is cancelled first), else the first two remaining.
 */
export function isolationPair(remaining: readonly string[]): { first: string; second?: string } | undefined {
  for (const a of remaining) {
    const twin = remaining.find((b) => b !== a && Number(b) === Number(a) && BigInt(b) < BigInt(a));
    if (twin !== undefined) return { first: a, second: twin };
  }
  if (remaining.length === 0) return undefined;
  return { first: remaining[0]!, ...(remaining[1] !== undefined ? { second: remaining[1] } : {}) };
}
