// Which handed-over fixtures the spelling run uses: for each spelling, a fixture it names and can name no other
// order with (the isolation check's pair is kit/isolation-pair.ts), taken untaken or given back proven pending
// by another check. Chooses and takes only; it never sends or cancels anything.

import { int32Reading, namedIds, type Reader } from '../kit/id-readings.ts';
import { atInt64Edge } from '../kit/isolation-pair.ts';
import { admissibleAbsent, type KnownOrders } from '../kit/known-orders.ts';
import type { SpellingKind } from './catalogue.ts';
import { spell } from './catalogue.ts';

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
  private readonly spent = new Set<string>();
  /** Readers the server was shown not to use (reader-evidence.ts): their readings are not weighed. */
  readonly setAside = new Set<Reader>();

  constructor(
    private readonly target: {
      readonly cancellableIds: readonly string[];
      takeCancellableId(id: string): boolean;
      /** A fixture another check gave back, proven still pending (kit/fixture-facts.ts). */
      reclaim(to: string): string | undefined;
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
    let untaken = this.target.cancellableIds;
    if (this.held.length + untaken.length === 0) {
      // An accepted spelling spent the last: the trial goes on with one another check gave back.
      const back = this.target.reclaim('the spelling trial');
      if (back === undefined) return this.given ? 'none left' : 'none given';
      this.held.push(back);
      untaken = [];
    }
    // A fixture already taken is spelled again before another is taken: fixtures are few. One at an int64 edge
    // comes last: readings past it leave int64 and round, so most kinds tell little there, and the saturating
    // spellings (saturation.ts) want it.
    const inner = (ids: readonly string[]) => ids.filter((id) => !atInt64Edge(id));
    const edge = (ids: readonly string[]) => ids.filter((id) => atInt64Edge(id));
    for (const group of [inner(this.held), inner(untaken), edge(this.held), edge(untaken)]) {
      for (const variant of variants) {
        for (const id of group) {
          const segment = spell(kind, variant, BigInt(id), size);
          if (!this.namesOnly(segment, id)) continue;
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
        if (!names(segment, BigInt(id))) continue;
        const why = this.known.unsafeReading(segment, id, this.setAside);
        if (why !== undefined) return why;
        if (int32Reading(segment) !== undefined && this.known.edge(BigInt(segment)))
          return `${segment} is an id implementers seed orders at`;
      }
    return undefined;
  }

  /**
   * Takes fixture `id` for a spelling of its own (held already, or untaken and taken now); false when another
   * check took it or an accepted spelling cancelled it.
   */
  take(id: string): boolean {
    if (this.held.includes(id)) return true;
    if (!this.target.cancellableIds.includes(id) || !this.target.takeCancellableId(id)) return false;
    this.held.push(id);
    return true;
  }

  /** A fixture an accepted spelling cancelled: never spelled again. */
  spend(id: string): void {
    const i = this.held.indexOf(id);
    if (i >= 0) this.held.splice(i, 1);
    this.spent.add(id);
  }

  /** A fixture the run cancelled as itself (saturating-send.ts): no longer spelled, nor given back. */
  drop(id: string): void {
    const i = this.held.indexOf(id);
    if (i >= 0) this.held.splice(i, 1);
  }

  /** Whether an accepted spelling cancelled fixture `id`. */
  wasSpent(id: string): boolean {
    return this.spent.has(id);
  }

  /** The fixtures taken and not spent: every spelling of them refused so far. */
  get heldIds(): readonly string[] {
    return this.held;
  }

  /**
   * True when the segment names fixture `id` and, however read, no other order but a shipped one or one proven
   * absent: a 2xx then says which order it cancelled (015, read as octal, can only have cancelled 13).
   */
  private namesOnly(segment: string, id: string): boolean {
    if (!names(segment, BigInt(id)) || !this.known.safe(segment, id, this.setAside)) return false;
    // A canonical id (wraps-int32) goes out only as every absent id does: proven absent, and no seed edge.
    return int32Reading(segment) === undefined || admissibleAbsent(this.known, BigInt(segment));
  }
}

/**
 * True when a reading of `segment` names fixture `id`: one of namedIds, or the 32-bit reading of a canonical id
 * beyond int32 (the wraps-int32 kind), which is read only here, where that case is built, and by its judge
 * (wrapped-cancels.ts): namedIds leaves it out (kit/id-readings.ts int32Reading says why).
 */
function names(segment: string, id: bigint): boolean {
  return namedIds(segment).includes(id) || int32Reading(segment) === id;
}
