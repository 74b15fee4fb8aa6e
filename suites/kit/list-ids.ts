// The ids of one list body, gathered item by item as it is parsed: a safe integer as a number in a typed array
// (no string, no bigint, no Map entry per item), any other id beside it by item index (few in a real list).
// One index, sorted once, answers what the checks ask (membership, repeats, distinct ids), so a list of a
// million orders costs a few MiB; strings are made for messages only. Records and looks up; judges nothing.
import { idIdentity, idsOfId } from './id-identity.ts';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The first few of a longer list, and how many there are in all. */
export interface FirstFew {
  first: string[];
  count: number;
}

interface Index {
  /** The safe integer ids, ascending (repeats kept). */
  safe: Float64Array;
  /** The bigint ids (beyond 2^53), ascending (repeats kept). */
  wide: bigint[];
  /** Every identity that more than one item carries, in the order the repeats occur. */
  repeated: string[];
  /** How many items carry each repeated identity. */
  repeats: Map<string, number>;
  /** Distinct integer ids. */
  distinctIntegers: number;
  /** Ids with an identity (idIdentity). */
  identities: number;
}

/** Binary search: whether the ascending array holds `x`. */
export function holds<T extends number | bigint>(sorted: ArrayLike<T>, x: T): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v < x) lo = mid + 1;
    else if (v > x) hi = mid - 1;
    else return true;
  }
  return false;
}

const byValue = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

export class ListIds {
  /** Item i's id when it is a safe integer, NaN where it is not. */
  #safe = new Float64Array(256);
  #items = 0;
  #present = 0;
  /** Whether the safe ids came in ascending order so far (a store listed in id order needs no sort). */
  #ascending = true;
  #last = Number.NEGATIVE_INFINITY;
  /** The items whose id is present but no safe integer: where, and the id as read. */
  readonly #otherAt: number[] = [];
  readonly #other: unknown[] = [];
  #index: Index | undefined;
  #generous: Set<bigint> | undefined;

  /** The ids of a list whose items carry these exact integer ids (decimal text), in this order. */
  static of(exact: Iterable<string>): ListIds {
    const ids = new ListIds();
    for (const id of exact) {
      const n = BigInt(id);
      ids.add(n <= MAX_SAFE && n >= -MAX_SAFE ? Number(n) : n);
    }
    return ids;
  }

  /** Records the next item's `id` member as read (undefined when absent, or the item is no object). */
  add(id: unknown): void {
    const i = this.#items++;
    if (i === this.#safe.length) {
      const grown = new Float64Array(this.#safe.length * 2);
      grown.set(this.#safe);
      this.#safe = grown;
    }
    if (typeof id === 'number' && Number.isSafeInteger(id)) {
      this.#safe[i] = id;
      if (id < this.#last) this.#ascending = false;
      this.#last = id;
      this.#present++;
      return;
    }
    this.#safe[i] = Number.NaN;
    if (id === undefined) return;
    this.#present++;
    this.#otherAt.push(i);
    this.#other.push(id);
    this.#index = undefined;
  }

  /** Items recorded, whatever their id. */
  get items(): number {
    return this.#items;
  }

  /** Ids present (null counts: it is an id that is no integer; absent does not). */
  get present(): number {
    return this.#present;
  }

  /** Item i's id as read: a number, a bigint beyond 2^53, or whatever else the item held (undefined: absent). */
  at(i: number): unknown {
    const n = this.#safe[i];
    if (n === undefined || !Number.isNaN(n)) return n;
    let lo = 0;
    let hi = this.#otherAt.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.#otherAt[mid]!;
      if (at < i) lo = mid + 1;
      else if (at > i) hi = mid - 1;
      else return this.#other[mid];
    }
    return undefined;
  }

  /** Every id present that is no safe integer (bigints, strings, fractions, null...), in list order. */
  *unusual(): Generator<[index: number, id: unknown]> {
    for (let k = 0; k < this.#otherAt.length; k++) yield [this.#otherAt[k]!, this.#other[k]];
  }

  /** Every id in list order (undefined where absent): for the rare reader that needs them all. */
  *all(): Generator<unknown> {
    let k = 0;
    for (let i = 0; i < this.#items; i++) {
      const n = this.#safe[i]!;
      if (!Number.isNaN(n)) yield n;
      else if (this.#otherAt[k] === i) yield this.#other[k++];
      else yield undefined;
    }
  }

  /** Ids that are exact integers (a safe number or a bigint). */
  get integers(): number {
    let wide = 0;
    for (const v of this.#other) if (typeof v === 'bigint') wide++;
    return this.#present - this.#other.length + wide;
  }

  /** Ids with an identity (idIdentity): integers, strings, other numbers, booleans. */
  get identities(): number {
    return this.#built().identities;
  }

  /** Distinct exact integer ids. */
  get distinctIntegers(): number {
    return this.#built().distinctIntegers;
  }

  /** The identities more than one item carries, in the order the repeats occur: the first `max`, and how many. */
  repeated(max = Number.POSITIVE_INFINITY): FirstFew {
    const { repeated } = this.#built();
    return { first: repeated.slice(0, max), count: repeated.length };
  }

  /** How many items carry each identity that more than one does, in the order each first appears. */
  repeats(): ReadonlyMap<string, number> {
    return this.#built().repeats;
  }

  /** Whether an item's id is exactly this integer (an id read generously, e.g. the string "7", is not). */
  has(id: string | bigint): boolean {
    const { safe, wide } = this.#built();
    const n = typeof id === 'bigint' ? id : BigInt(id);
    if (n <= MAX_SAFE && n >= -MAX_SAFE) return holds(safe, Number(n));
    return holds(wide, n);
  }

  /**
   * Whether an item's id may stand for this integer, read generously (idsOfId: the string "12" is order 12 to a
   * lenient server, a fraction stands for both its neighbours).
   */
  hasGenerously(id: string | bigint): boolean {
    const n = typeof id === 'bigint' ? id : BigInt(id);
    return this.has(n) || this.#generousOthers().has(n);
  }

  /**
   * The integers the list's ids stand for that are not exact integer ids themselves: the readings of string
   * and fractional ids (idsOfId). Empty for a list of integer ids.
   */
  #generousOthers(): Set<bigint> {
    if (!this.#generous) {
      this.#generous = new Set();
      for (const v of this.#other)
        if (typeof v !== 'bigint') for (const s of idsOfId(v)) this.#generous.add(BigInt(s));
    }
    return this.#generous;
  }

  /** Every integer the list's ids stand for, read generously, beyond 2^53 either way: each once, in list order. */
  beyondSafe(): bigint[] {
    const out = new Set<bigint>();
    for (const v of this.#other)
      for (const s of idsOfId(v)) {
        const n = BigInt(s);
        if (n > MAX_SAFE || n < -MAX_SAFE) out.add(n);
      }
    return [...out];
  }

  /** The safe integers the list's ids stand for (read generously), ascending, each once. */
  sortedSafe(): Float64Array {
    const { safe } = this.#built();
    const extra: number[] = [];
    for (const n of this.#generousOthers()) if (n <= MAX_SAFE && n >= -MAX_SAFE) extra.push(Number(n));
    const all = extra.length === 0 ? safe : Float64Array.from([...safe, ...extra]).sort();
    let unique = 0;
    const out = new Float64Array(all.length);
    for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) out[unique++] = all[i]!;
    return out.subarray(0, unique);
  }

  /** The first item's id (in list order) that is not exact but names `id` through a JS number, if any. */
  roundedTwin(id: string): string | undefined {
    const x = Number(id);
    if (Number.isSafeInteger(x)) return this.has(BigInt(x)) ? String(x) : undefined;
    for (const v of this.#other) if (typeof v === 'bigint' && Number(v) === x) return v.toString();
    return undefined;
  }

  #built(): Index {
    if (this.#index) return this.#index;
    const n = this.#items;
    const integers = this.integers;
    const wideCount = integers - (this.#present - this.#other.length);
    const safe = new Float64Array(integers - wideCount);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const v = this.#safe[i]!;
      if (!Number.isNaN(v)) safe[k++] = v;
    }
    if (!this.#ascending) safe.sort();
    const wide = this.#other.filter((v): v is bigint => typeof v === 'bigint').sort(byValue);
    // Repeats: adjacent in the sorted columns; the other identities (strings, fractions...) counted in a map.
    const repeatedSafe = new Set<number>();
    for (let i = 1; i < safe.length; i++) if (safe[i] === safe[i - 1]) repeatedSafe.add(safe[i]!);
    const repeatedWide = new Set<bigint>();
    for (let i = 1; i < wide.length; i++) if (wide[i] === wide[i - 1]) repeatedWide.add(wide[i]!);
    let distinctIntegers = 0;
    for (let i = 0; i < safe.length; i++) if (i === 0 || safe[i] !== safe[i - 1]) distinctIntegers++;
    for (let i = 0; i < wide.length; i++) if (i === 0 || wide[i] !== wide[i - 1]) distinctIntegers++;
    const otherKeys = new Map<string, number>();
    let identities = safe.length;
    for (const v of this.#other) {
      if (typeof v === 'bigint') {
        identities++;
        continue;
      }
      const key = idIdentity(v);
      if (key === undefined) continue;
      identities++;
      otherKeys.set(key, (otherKeys.get(key) ?? 0) + 1);
    }
    const index: Index = {
      safe,
      wide,
      repeated: [],
      repeats: new Map(),
      distinctIntegers,
      identities,
    };
    if (repeatedSafe.size > 0 || repeatedWide.size > 0 || [...otherKeys.values()].some((c) => c > 1))
      this.#order(index, repeatedSafe, repeatedWide, otherKeys);
    this.#index = index;
    return index;
  }

  /** The repeated identities in list order: when each first appears, and when each repeats. */
  #order(index: Index, safe: Set<number>, wide: Set<bigint>, others: Map<string, number>): void {
    const seen = index.repeats;
    let k = 0;
    for (let i = 0; i < this.#items; i++) {
      const n = this.#safe[i]!;
      let key: string | undefined;
      if (!Number.isNaN(n)) {
        if (safe.has(n)) key = String(n);
      } else if (this.#otherAt[k] === i) {
        const v = this.#other[k++];
        if (typeof v === 'bigint') key = wide.has(v) ? v.toString() : undefined;
        else {
          const id = idIdentity(v);
          key = id !== undefined && (others.get(id) ?? 0) > 1 ? id : undefined;
        }
      }
      if (key === undefined) continue;
      const count = (seen.get(key) ?? 0) + 1;
      seen.set(key, count);
      if (count === 2) index.repeated.push(key);
    }
  }
}
