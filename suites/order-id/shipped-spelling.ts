// A spelling of a shipped order's id, for a kind no pending fixture was left for: every reading of it names that
// shipped order (which no cancel may change) or an id proven absent, so a 409 says the server read it as that
// order, and a strict reader's 400 or 404 says it did not. Chooses only; it never sends.
import { namedIds, type Reader } from '../kit/id-readings.ts';
import { edgesLast } from '../kit/isolation-pair.ts';
import type { KnownOrders } from '../kit/known-orders.ts';
import { type SpellingKind, spell } from './catalogue.ts';

export interface ShippedCase {
  id: string;
  variant: number;
  segment: string;
}

/**
 * The first of `variants` of `kind` that, spelled around one of the `shipped` ids (those at an int64 edge
 * last), names it and no other known order however read, each other reading an id proven absent or one only
 * a reader in `setAside` (one the server was shown not to use: reader-evidence.ts) makes.
 */
export function shippedCase(
  known: KnownOrders,
  shipped: readonly string[],
  kind: SpellingKind,
  variants: readonly number[],
  size: number,
  setAside?: ReadonlySet<Reader>,
): ShippedCase | undefined {
  for (const variant of variants)
    for (const id of edgesLast(shipped)) {
      const segment = spell(kind, variant, BigInt(id), size);
      if (!namedIds(segment).includes(BigInt(id))) continue;
      // One shipped order only: a 409 then says which order the server read the spelling as.
      if (!known.collisions(segment).every((c) => c.order === id)) continue;
      if (known.safe(segment, id, setAside)) return { id, variant, segment };
    }
  return undefined;
}
