// The fixtures the user handed over, as TargetFacts hands them out: the pending orders the run may cancel (each
// handed out once, one held back for the late checks, one a check gave back proven pending handed out again)
// and those known shipped. Sends nothing.
import type { RunConfig } from '../../lib/config/run-config.ts';
import { atInt64Edge, handoutOrder } from './isolation-pair.ts';

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

/** A fixture a check was done with and the run proved still pending: back in the pool for another check. */
export interface ReturnedFixture {
  id: string;
  /** What had it: a check or a sending (`the spelling trial`). */
  from: string;
  /** The proof (still-pending.ts): `list #40 shows it after 3 refused DELETEs ...`. */
  proof: string;
  /** What took it back out. */
  to: string;
}

/** The fixtures of the run; TargetFacts builds on it (list-facts.ts, target-facts.ts). */
export class FixtureFacts {
  /** The pending fixtures not yet handed out, in the order given. */
  protected readonly cancellable: string[];
  #held: string | undefined;
  /** Fixtures given back by what had them (release), not yet proven pending, with what had them. */
  readonly #released = new Map<string, string>();
  readonly #returned: ReturnedFixture[] = [];
  #prove: (id: string) => string | undefined = () => undefined;
  #log: (line: string) => void = () => {};

  constructor(protected readonly config: RunConfig) {
    // Handed out in the order given but plain ids first, 2^53 twins next (the isolation check wants them), those
    // at an int64 edge last (the saturating spellings and their cancels want them).
    this.cancellable = handoutOrder(config.cancellableOrderIds);
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
   * cancel past Remaining 0, when a refilling limiter took it within its limit): an untaken one, else one
   * another check gave back proven pending (reclaim); undefined when none is left.
   */
  holdSpare(by = 'the late checks, in place of the held fixture a request spent'): string | undefined {
    if (this.#held === undefined) return undefined;
    if (this.cancellable.length === 0) {
      const back = this.reclaim(by);
      if (back !== undefined) this.#held = back;
      return back;
    }
    const id = heldFixtureOf(this.cancellable) ?? this.cancellable[0]!;
    this.cancellable.splice(this.cancellable.indexOf(id), 1);
    this.#held = id;
    return id;
  }

  /**
   * How the run proves a fixture still pending (suites/kit/still-pending.ts, bound to its transcript), and
   * where it says when one goes out again (the run's log).
   */
  proveWith(prove: (id: string) => string | undefined, log?: (line: string) => void): void {
    this.#prove = prove;
    if (log) this.#log = log;
  }

  /**
   * A check (or sending) `from` is done with fixture `id` and may have left it pending: once the run proves it
   * so (every DELETE of it refused, a list after the last showing it), reclaim hands it to another check.
   */
  release(id: string, from: string): void {
    if (!this.config.cancellableOrderIds.includes(id) || this.cancellable.includes(id)) return;
    this.#released.set(id, from);
  }

  /** How many fixtures given back wait for their proof (reclaim hands each out once proven). */
  get releasedLeft(): number {
    return this.#released.size;
  }

  /**
   * Takes, for `to`, a fixture another check gave back (release) that the run has proven still pending; never
   * one whose state is in doubt (a timeout, a 5xx, a 2xx to a spelling of it, no list read after).
   */
  reclaim(to: string): string | undefined {
    for (const [id, from] of this.#released) {
      const proof = this.#prove(id);
      if (proof === undefined) continue;
      this.#released.delete(id);
      this.#returned.push({ id, from, proof, to });
      this.#log(`  fixture ${id}, given back by ${from} (${proof}), goes to ${to}`);
      return id;
    }
    return undefined;
  }

  /** The fixtures given back proven pending and taken again, in the order taken (the run's accounting). */
  get returned(): readonly ReturnedFixture[] {
    return this.#returned;
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
