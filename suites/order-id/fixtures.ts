// Which handed-over fixtures the destructive orderId checks use: the pair for the isolation check (two ids a
// JS number cannot tell apart, when given) and a fixture whose non-canonical spellings can name no other order.
// Chooses only; it never takes or cancels anything.
import type { KnownOrders } from './readings.ts';

/** The kinds of non-canonical spelling, in the order they are tried. */
export type SpellingKind = 'hex' | 'exponent' | 'fraction' | 'plus-sign' | 'leading-zeros';

/**
 * The order matters: the first spelling a server accepts cancels the order, so every later one can no longer
 * be judged on it. No integer literal at all comes first (`0x7`, `7e0`, `7.0`), then the sign (`+7`), and
 * last the leading zeros (`007`), an ordinary decimal spelling of the same integer that many parsers accept.
 */
export const SPELLING_KINDS: readonly SpellingKind[] = [
  'hex',
  'exponent',
  'fraction',
  'plus-sign',
  'leading-zeros',
];

/** One non-canonical spelling of an id; a lenient server reads each as the id. */
export function spelling(id: string, kind: SpellingKind): string {
  const negative = id.startsWith('-');
  const digits = negative ? id.slice(1) : id;
  const sign = negative ? '-' : '';
  switch (kind) {
    case 'hex':
      return `${sign}0x${BigInt(digits).toString(16)}`;
    case 'exponent':
      return `${id}e0`;
    case 'fraction':
      return `${id}.0`;
    case 'plus-sign':
      return negative ? `-0${digits}` : `+${digits}`;
    case 'leading-zeros':
      return `${sign}00${digits}`;
  }
}

/** Every spelling of an id, in the order tried: `0x7`, `7e0`, `7.0`, `+7`, `007`. */
export function spellings(id: string): string[] {
  return SPELLING_KINDS.map((kind) => spelling(id, kind));
}

/**
 * The first remaining fixture whose every spelling names only itself or orders that cannot be cancelled; else
 * (an untrusted list keeps out e.g. `0x7`, which atoi reads as 0) the first with any such spelling.
 */
export function spellingFixture(remaining: readonly string[], known: KnownOrders): string | undefined {
  const safe = (id: string) => spellings(id).filter((s) => known.safe(s, id)).length;
  return remaining.find((id) => safe(id) === SPELLING_KINDS.length) ?? remaining.find((id) => safe(id) > 0);
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
