// Which handed-over fixtures the destructive orderId checks use: the pair for the isolation check (two ids a
// JS number cannot tell apart, when given) and a fixture whose non-canonical spellings can name no other order.
// Chooses only; it never takes or cancels anything.
import type { KnownOrders } from './readings.ts';

/** Non-canonical spellings of an id (`007`, `+7`, `7.0`, `7e0`, `0x7`); a lenient server reads each as it. */
export function spellings(id: string): string[] {
  const negative = id.startsWith('-');
  const digits = negative ? id.slice(1) : id;
  const sign = negative ? '-' : '';
  return [
    `${sign}00${digits}`,
    `${negative ? '-' : '+'}${negative ? `0${digits}` : digits}`,
    `${id}.0`,
    `${id}e0`,
    `${sign}0x${BigInt(digits).toString(16)}`,
  ];
}

/** The first remaining fixture whose every spelling names only itself or orders that cannot be cancelled. */
export function spellingFixture(remaining: readonly string[], known: KnownOrders): string | undefined {
  return remaining.find((id) => spellings(id).every((s) => known.safe(s, id)));
}

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
