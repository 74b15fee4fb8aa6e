// The orders a run must not touch and the safety rule on what it sends as absent: the list read generously (any
// id that looks like an integer counts, even one the list checks reject) plus every fixture handed to the run;
// a segment is sent only if no reading of it (id-readings.ts) names an order the run may not cancel. Shared by
// the orderId and cancel areas and the fixtures ledger; reads only, never sends.
import { OUTCOME, type Skip, skipOf } from '../../lib/check/skip.ts';
import { inInt64 } from '../../lib/formats/int64.ts';
import { memoKey } from '../../lib/run/memo.ts';
import type { Ctx } from './context.ts';
import { decodings, int32Reading, namedIds, type Reader } from './id-readings.ts';
import { ListIds } from './list-ids.ts';
import { readingNote, shortSpelling } from './spelling-text.ts';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** Characters a segment may carry on the wire; ';' is left out (matrix parameters end the segment). */
const WIRE = /^[A-Za-z0-9\-._~!$&'()*+,=:@%]+$/;
/** Characters that, once decoded, could move the request to another path (the collection, another route). */
const PATH_BREAKERS = /[/\\?#;]/;

/** True when the segment, however decoded, stays one segment naming no other path. */
export function staysInSegment(raw: string): boolean {
  if (!WIRE.test(raw)) return false;
  return decodings(raw).every((d) => {
    const visible = d.replace(/[\s\u200b\p{Cc}]/gu, '');
    return !PATH_BREAKERS.test(d) && visible !== '' && visible !== '.' && visible !== '..';
  });
}

/** A known order that a reading names: exactly, or through a JS number (Number(a) === Number(b)). */
export interface Collision {
  reading: bigint;
  order: string;
  shipped: boolean;
}

/**
 * The orders the run knows of (the list, read exactly and generously, and every fixture it was given) and
 * which of them are known to have shipped. Shipped orders cannot be cancelled, so naming one is safe. The
 * list is looked up in its own index, never copied (it may hold a million ids).
 */
export class KnownOrders {
  private readonly listed: ListIds;
  /** The fixtures the list does not hold, by their exact value. */
  private readonly own = new Map<bigint, string>();
  /**
   * Ids beyond 2^53 by their JS number: only there do distinct ids share one (a safe integer is its own
   * number), so the ids of a large store that fit a JS number cost no entry here.
   */
  private readonly rounded = new Map<number, string[]>();
  private readonly beyond: bigint[] = [];
  readonly shipped: ReadonlySet<string>;
  /** The pending fixtures handed to the run: the only orders a DELETE may cancel. */
  private readonly given: ReadonlySet<string>;

  /**
   * `listed`: the list's ids (or exact ids as text). `guard`, unless the list is trusted: where an order the
   * list does not show could still be (absence.ts). A reading that names no known order must then fall
   * outside it.
   */
  constructor(
    listed: readonly string[] | ListIds,
    cancellable: readonly string[],
    shipped: readonly string[],
    private readonly guard?: { near(n: bigint): boolean; special(n: bigint): boolean },
  ) {
    this.listed = listed instanceof ListIds ? listed : ListIds.of(listed);
    this.shipped = new Set(shipped);
    this.given = new Set(cancellable);
    for (const n of this.listed.beyondSafe()) this.addBeyond(n, n.toString());
    for (const ids of [cancellable, shipped])
      for (const id of ids) {
        const n = BigInt(id);
        if (this.listed.hasGenerously(n) || this.own.has(n)) continue;
        this.own.set(n, id);
        if (n > MAX_SAFE || n < -MAX_SAFE) this.addBeyond(n, id);
      }
  }

  private addBeyond(n: bigint, id: string): void {
    this.beyond.push(n);
    const key = Number(n);
    const same = this.rounded.get(key);
    if (same) same.push(id);
    else this.rounded.set(key, [id]);
  }

  /** Known order ids whose magnitude is beyond 2^53 (where a JS number stops being exact), in list order. */
  beyondSafe(): readonly bigint[] {
    return this.beyond;
  }

  has(id: bigint): boolean {
    return this.listed.hasGenerously(id) || this.own.has(id);
  }

  /** True when, the list untrusted, `id` is an edge a hidden order may sit at (never sent as absent). */
  edge(id: bigint): boolean {
    return this.guard?.special(id) ?? false;
  }

  /** Every known order the integer `n` names, exactly or through Number(). */
  named(n: bigint): Collision[] {
    const ids = new Set(this.rounded.get(Number(n)) ?? []);
    const exact = this.listed.hasGenerously(n) ? n.toString() : this.own.get(n);
    if (exact !== undefined) ids.add(exact);
    return [...ids].map((order) => ({ reading: n, order, shipped: this.shipped.has(order) }));
  }

  /**
   * The pending order not handed to the run that a 32-bit reader ((int)strtoll) takes `id` for, if any: an
   * absent id is never sent so. Only the exact low 32 bits against known orders, not the guard: every id
   * beyond int32 has such a reading among small ids (id-readings.ts int32Reading).
   */
  wrapsOntoUngiven(id: bigint): string | undefined {
    const low = int32Reading(id.toString());
    if (low === undefined) return undefined;
    return this.named(low).find((c) => !c.shipped && !this.given.has(c.order))?.order;
  }

  /** Every known order any reading of the raw segment names. */
  collisions(raw: string): Collision[] {
    return namedIds(raw).flatMap((n) => this.named(n));
  }

  /**
   * True when the raw segment may be sent: it stays one path segment, no reading names a known order other
   * than a shipped one (and, for a fixture's own spellings, `target`), and no other reading falls in the guard.
   * `setAside`: readers the server was shown not to use, whose readings are not weighed.
   */
  safe(raw: string, target?: string, setAside?: ReadonlySet<Reader>): boolean {
    return this.unsafeReading(raw, target, setAside) === undefined;
  }

  /**
   * Why the raw segment may not be sent, or undefined when it may: the first reading that names a known order
   * (other than a shipped one, `target`, or one of `alsoHeld`, fixtures the sender holds for it) or an id the
   * guard cannot prove absent.
   */
  unsafeReading(
    raw: string,
    target?: string,
    setAside?: ReadonlySet<Reader>,
    alsoHeld?: ReadonlySet<string>,
  ): string | undefined {
    const shown = shortSpelling(raw);
    if (!staysInSegment(raw)) return `${shown} may reach another path once decoded`;
    for (const n of namedIds(raw, target === undefined ? undefined : BigInt(target), setAside)) {
      const named = this.named(n);
      const other = named.find((c) => !c.shipped && c.order !== target && !alsoHeld?.has(c.order));
      if (other) return `${shown} may read as order ${other.order}${readingNote(raw, n)}`;
      if (named.length === 0 && this.guard?.near(n))
        return `${shown} may read as ${n}, an id the list cannot prove absent${readingNote(raw, n)}`;
    }
    return undefined;
  }
}

/** True when `id` is an int64 that no known order has and no lossy reading of it names a cancellable one. */
export function provenAbsent(known: KnownOrders, id: bigint): boolean {
  return inInt64(id) && !known.has(id) && !known.edge(id) && known.safe(id.toString());
}

/**
 * True when `id` may be sent as absent: proven absent, and its low 32 bits name no pending order the run was
 * not given (a 32-bit reader would cancel it).
 */
export function admissibleAbsent(known: KnownOrders, id: bigint): boolean {
  return provenAbsent(known, id) && known.wrapsOntoUngiven(id) === undefined;
}

/** Known orders, built once per run however many checks ask (a list may be huge). */
const KNOWN = memoKey<KnownOrders>('kit/known-orders');

/**
 * The run's known orders, or undefined when no id may be sent as absent (noKnownReason says why). `judging`:
 * for a judge of cancels already sent, which the delete gate (closed since) does not concern.
 */
export async function knownOrders(ctx: Ctx, judging = false): Promise<KnownOrders | undefined> {
  const list = await ctx.target.list();
  const refusal = judging ? ctx.target.listRefusal() : ctx.target.absenceRefusal();
  if ((await refusal) !== undefined) return undefined;
  // The list's own index, and (unless the list is trusted) the run's one guard over it.
  return ctx.memo.once(
    KNOWN,
    () =>
      new KnownOrders(
        list.ids,
        ctx.config.cancellableOrderIds,
        ctx.config.shippedOrderIds,
        ctx.target.guard(list),
      ),
  );
}

/** Why knownOrders gave nothing: the list unreadable, or showing signs of paging (or, sending, the gate closed). */
export async function noKnownReason(ctx: Ctx, judging = false): Promise<Skip> {
  if (!judging) return ctx.target.absenceSkip();
  return (await ctx.target.listRefusal()) ?? skipOf('no id can be proven absent', OUTCOME);
}
