// Which handed-over fixtures the destructive orderId checks use: the pair for the isolation check (two ids a
// JS number cannot tell apart, when given) and, for each spelling, a fixture it names and can name no other
// order with. Chooses and takes only; it never sends or cancels anything.
import type { SpellingKind } from './catalogue.ts';
import { spell } from './catalogue.ts';
import { type KnownOrders, namedIds } from './readings.ts';

/** Why a kind was not tried against a fixture. */
export type NotOnFixture =
  /** No --cancellable-order-ids were given. */
  | 'none given'
  /** Every fixture was taken by other checks or cancelled by an accepted spelling. */
  | 'none left'
  /** A lenient reading of each spelling could name another order (or an id the list cannot prove absent). */
  | 'unsafe'
  /** The sample had its answer for that level (an accepted spelling): the fixtures are kept for the others. */
  | 'decided';

/** The fixtures the spelling run spells: those it took and did not cancel, then those still untaken. */
export class FixturePool {
  private readonly held: string[] = [];

  constructor(
    private readonly target: {
      readonly cancellableIds: readonly string[];
      takeCancellableId(id: string): boolean;
    },
    private readonly known: KnownOrders,
    private readonly given: boolean,
  ) {}

  /**
   * The first of `variants` of `kind` that, spelled around a fixture, names that fixture and can name no other
   * order; the fixture is taken for the run. Held fixtures are tried before untaken ones.
   */
  find(
    kind: SpellingKind,
    variants: readonly number[],
    size: number,
  ): { id: string; variant: number; segment: string } | NotOnFixture {
    const untaken = this.target.cancellableIds;
    if (this.held.length + untaken.length === 0) return this.given ? 'none left' : 'none given';
    // A fixture already taken is spelled again before another is taken: fixtures are few.
    for (const group of [[...this.held], untaken]) {
      for (const variant of variants) {
        for (const id of group) {
          const segment = spell(kind, variant, BigInt(id), size);
          if (!namesOnly(segment, id, this.known)) continue;
          if (!this.held.includes(id)) {
            this.target.takeCancellableId(id);
            this.held.push(id);
          }
          return { id, variant, segment };
        }
      }
    }
    return 'unsafe';
  }

  /**
   * Why `find` found `kind` unsafe, as data: for its first variant that names a fixture, the reading that
   * kept it off the first such fixture (e.g. "0x62a20 may read as 0, an id the list cannot prove absent").
   */
  whyUnsafe(kind: SpellingKind, variants: readonly number[], size: number): string | undefined {
    for (const variant of variants)
      for (const id of [...this.held, ...this.target.cancellableIds]) {
        const segment = spell(kind, variant, BigInt(id), size);
        if (!namedIds(segment).includes(BigInt(id))) continue;
        const why = this.known.unsafeReading(segment, id);
        if (why !== undefined) return why;
      }
    return undefined;
  }

  /** A fixture an accepted spelling cancelled: never spelled again. */
  spend(id: string): void {
    const i = this.held.indexOf(id);
    if (i >= 0) this.held.splice(i, 1);
  }
}

/** True when the segment names fixture `id` and, however read, no order the run may not cancel. */
function namesOnly(segment: string, id: string, known: KnownOrders): boolean {
  return namedIds(segment).includes(BigInt(id)) && known.safe(segment, id);
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
