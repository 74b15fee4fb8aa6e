// The fixtures the user handed over, as TargetFacts hands them out: the pending orders the run may cancel (each
// handed out once, one held back for the late checks) and those known shipped. Sends nothing.
import type { RunConfig } from '../../lib/config/run-config.ts';
import { atInt64Edge, edgesLast } from './isolation-pair.ts';

/**
 * The pending fixture held back for the late checks (TargetFacts.holdBack), of those given: the last that no
 * other rounds to as a JS number (the isolation check wants such twins) and that sits at no int64 edge (the
 * saturating spellings want those); undefined for fewer than two.
 */
export function heldFixtureOf(ids: readonly string[]): string | undefined {
  if (ids.length < 2) return undefined;
  const twin = (id: string) => ids.some((o) => o !== id && Number(o) === Number(id));
  return [...ids].reverse().find((i) => !twin(i) && !atInt64Edge(i)) ?? ids.at(-1);
}

/** The fixtures of the run; TargetFacts builds on it (list-facts.ts, target-facts.ts). */
export class FixtureFacts {
  /** The pending fixtures not yet handed out, in the order given. */
  protected readonly cancellable: string[];
  #held: string | undefined;

  constructor(protected readonly config: RunConfig) {
    // Handed out in the order given, those at an int64 edge last: the saturating spellings want them.
    this.cancellable = edgesLast(config.cancellableOrderIds);
  }

  get shippedIds(): readonly string[] {
    return this.config.shippedOrderIds;
  }

  get cancellableLeft(): number {
    return this.cancellable.length;
  }

  /**
   * Holds one pending fixture back from the start, for the checks that run after the rate-limit probe (the
   * state area: the probe's over-limit cancel, then the concurrent cancels), which would otherwise find every
   * fixture spent. Only when at least two are given, so the early checks keep one; the last given that no
   * other rounds to as a JS number (the isolation check wants such twins).
   */
  holdBack(): void {
    if (this.#held !== undefined || this.cancellable.length < 2) return;
    const id = heldFixtureOf(this.cancellable)!;
    this.cancellable.splice(this.cancellable.indexOf(id), 1);
    this.#held = id;
  }

  /**
   * Holds a spare pending fixture in place of the held one, which a request served (the rate-limit probe's
   * cancel past Remaining 0, when a refilling limiter took it within its limit); undefined when none is left.
   */
  holdSpare(): string | undefined {
    if (this.#held === undefined || this.cancellable.length === 0) return undefined;
    const id = heldFixtureOf(this.cancellable) ?? this.cancellable[0]!;
    this.cancellable.splice(this.cancellable.indexOf(id), 1);
    this.#held = id;
    return id;
  }

  /** The fixture held back for the late checks (holdBack), if one is. */
  get heldFixture(): string | undefined {
    return this.#held;
  }

  /** Hands out a fixture the run may cancel; each is handed out once. */
  takeCancellable(): string | undefined {
    return this.cancellable.shift();
  }

  /** The fixtures not yet handed out, in the order given. */
  get cancellableIds(): readonly string[] {
    return [...this.cancellable];
  }

  /** Hands out one named fixture if it has not been handed out yet. */
  takeCancellableId(id: string): boolean {
    const i = this.cancellable.indexOf(id);
    if (i < 0) return false;
    this.cancellable.splice(i, 1);
    return true;
  }
}
