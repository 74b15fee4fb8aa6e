// The ids of every plain list the run read (GET /store/orders with no query, answered 2xx), kept small for
// the store model (suites/state/): the first list's ids as a baseline, each later list as what it adds to
// and lacks of it, since a run changes a store by a few orders however large it is. Fed by the kit's one
// reading of each list body (list-bodies.ts), never a parse of its own; never sends.

import { integerText } from '../../lib/formats/json.ts';
import type { BodyObserver } from '../../lib/http/client.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { memoKey } from '../../lib/run/memo.ts';
import { idIdentity } from './id-identity.ts';
import type { ListBodies, ListBody } from './list-bodies.ts';
import { holds, type ListIds } from './list-ids.ts';
import { ORDERS } from './paths.ts';

/**
 * Ids a Snapshot names: a few in a frozen array (a list of a recording differs from the first by a few
 * orders: a Set and its table for each of a million lists' two differences were some 300 bytes), many in a Set.
 */
export type Ids = readonly string[] | ReadonlySet<string>;

/** Whether `ids` holds `id`. */
export const holdsId = (ids: Ids, id: string): boolean =>
  Array.isArray(ids) ? ids.includes(id) : (ids as ReadonlySet<string>).has(id);

/** Most ids kept in an array (a search through it is then as quick as a Set's). */
const FEW_IDS = 8;
const NO_IDS: readonly string[] = Object.freeze([]);

/** `ids` as kept: the same ids in the same order, in an array when few. */
const compactIds = (ids: Set<string>): Ids =>
  ids.size === 0 ? NO_IDS : ids.size <= FEW_IDS ? Object.freeze([...ids]) : ids;

/** What one list showed: its ids, as a difference from the run's first list. */
export interface Snapshot {
  has(id: string): boolean;
  /** Ids it holds that the baseline does not, and baseline ids it lacks (both small in a run). */
  readonly added: Ids;
  readonly removed: Ids;
  /** Items without an id (`{}`, or no object): no order the model can name, but an item all the same. */
  readonly unnamed: number;
}

/**
 * The ids of a list as the store model names orders: a safe integer (or integer text: the order "7" is order 7
 * to the model, how the id is typed is LIST-IDS-INT64's finding) in the list's own sorted index, anything else
 * by its exact decimal or, failing that, its text or JSON identity. No string per ordinary id.
 */
class StoreIds {
  readonly safe: Float64Array;
  readonly other = new Set<string>();

  constructor(ids: ListIds) {
    this.safe = ids.sortedSafe();
    for (const [, v] of ids.unusual()) {
      const key = integerText(v) ?? (typeof v === 'string' ? v.trim() : idIdentity(v));
      if (key === undefined) continue;
      const n = Number(key);
      if (!(/^-?\d+$/.test(key) && Number.isSafeInteger(n))) this.other.add(key);
    }
  }

  has(id: string): boolean {
    if (/^-?\d+$/.test(id)) {
      const n = Number(id);
      if (Number.isSafeInteger(n) && String(n) === id) return holds(this.safe, n);
    }
    return this.other.has(id);
  }
}

/** Values of ascending `a` that ascending `b` lacks, as decimal text: one merge walk, no copy of either. */
function lacked(a: Float64Array, b: Float64Array, into: Set<string>): void {
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    const v = a[i]!;
    while (j < b.length && b[j]! < v) j++;
    if (j >= b.length || b[j] !== v) into.add(String(v));
  }
}

/** The run's first list, against which every later one is kept. */
export class Baseline {
  readonly #ids: StoreIds;

  constructor(ids: ListIds) {
    this.#ids = new StoreIds(ids);
  }

  has(id: string): boolean {
    return this.#ids.has(id);
  }

  /** A later list's ids as what it adds and lacks: one merge walk over the two sorted indexes. */
  snapshot(ids: ListIds): Snapshot {
    const later = new StoreIds(ids);
    const base = this.#ids;
    const added = new Set<string>();
    lacked(later.safe, base.safe, added);
    for (const id of later.other) if (!base.other.has(id)) added.add(id);
    const removed = new Set<string>();
    lacked(base.safe, later.safe, removed);
    for (const id of base.other) if (!later.other.has(id)) removed.add(id);
    return new Difference(base, compactIds(added), compactIds(removed), ids.items - ids.present);
  }
}

/**
 * A later list as its difference from the baseline: one object, `has` on the prototype. An object literal
 * with a closure for `has` took a closure and its context for each list (some 350 bytes more each, and a
 * long recording's lists each keep one for the run).
 */
class Difference implements Snapshot {
  constructor(
    private readonly base: StoreIds,
    readonly added: Ids,
    readonly removed: Ids,
    readonly unnamed: number,
  ) {}

  has(id: string): boolean {
    return holdsId(this.added, id) || (this.base.has(id) && !holdsId(this.removed, id));
  }
}

/** Ids `a` shows that `b` does not (computed from the two small differences alone). */
export function lacking(a: Snapshot, b: Snapshot): string[] {
  const out = new Set<string>();
  for (const id of b.removed) if (!holdsId(a.removed, id)) out.add(id);
  for (const id of a.added) if (!holdsId(b.added, id)) out.add(id);
  return [...out];
}

/**
 * The snapshots of lists already recorded (a transcript judged after the fact, not as it arrives): `idsOf`
 * gives each plain 2xx list's ids as read, undefined for one that is not a list.
 */
export function snapshotsOf(
  lists: readonly Exchange[],
  idsOf: (x: Exchange) => ListIds | undefined,
): (x: Exchange) => Snapshot | undefined {
  let baseline: Baseline | undefined;
  const bySeq = new Map<number, Snapshot>();
  for (const x of lists) {
    const ids = idsOf(x);
    if (ids === undefined) continue;
    baseline ??= new Baseline(ids);
    bySeq.set(x.seq, baseline.snapshot(ids));
  }
  return (x) => bySeq.get(x.seq);
}

/** A plain list request: GET /store/orders with no query (a query is LIST-NO-NARROWING's to judge). */
export const isPlainList = (method: string, path: string): boolean => method === 'GET' && path === ORDERS;

/** Where the run keeps its StoreLists (one per run, registered with the HTTP client by the bind). */
export const STORE_LISTS = memoKey<StoreLists>('shared/store-lists');

/** Every plain list body of the run as a Snapshot, by exchange number. */
export class StoreLists {
  #baseline: Baseline | undefined;
  /**
   * The snapshot of each first body of its bytes that was a plain list (list-bodies.ts): a later response with
   * the same bytes shares it. Kept by body, not by exchange number: an array slot for each of a million
   * exchanges held what a few thousand distinct bodies say.
   */
  readonly #byFirst = new Map<ListBody, Snapshot>();
  /** One bit per exchange number: set for each plain list whose snapshot is its body's (#byFirst). */
  #plain = new Uint8Array(1024);

  constructor(private readonly lists: ListBodies) {}

  #mark(seq: number): void {
    const at = seq >>> 3;
    if (at >= this.#plain.length) {
      const grown = new Uint8Array(Math.max(at + 1, 2 * this.#plain.length));
      grown.set(this.#plain);
      this.#plain = grown;
    }
    this.#plain[at]! |= 1 << (seq & 7);
  }

  #marked(seq: number): boolean {
    const at = seq >>> 3;
    return at < this.#plain.length && (this.#plain[at]! & (1 << (seq & 7))) !== 0;
  }

  /** Registered after the ListBodies observer, whose fresh reading of the body it reads without taking. */
  readonly observe: BodyObserver = (exchange, body, sent) => {
    const status = exchange.response?.status ?? 0;
    if (body === undefined || !isPlainList(sent.method, sent.path) || status < 200 || status > 299) return;
    const first = this.lists.firstOf(exchange);
    if (first === undefined) return;
    if (first.exchange !== exchange) {
      // The same bytes as an earlier list: its snapshot, when it was a plain list with one.
      if (this.#byFirst.has(first)) this.#mark(exchange.seq);
      return;
    }
    const reading = this.lists.peekReading(exchange.seq);
    // Not an array, nor an object holding one: no ids to keep (LIST-BODY-ARRAY's finding).
    if (!reading || (reading.count === undefined && !reading.wrapped)) return;
    this.#baseline ??= new Baseline(reading.ids);
    this.#byFirst.set(first, this.#baseline.snapshot(reading.ids));
    this.#mark(exchange.seq);
  };

  /** What the list answered by `x` showed, when it was a plain list read whole. */
  snapshotOf = (x: Exchange): Snapshot | undefined => {
    if (!this.#marked(x.seq)) return undefined;
    const first = this.lists.firstOf(x);
    return first === undefined ? undefined : this.#byFirst.get(first);
  };
}
