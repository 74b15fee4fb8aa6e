// A number kept as a small integer beside a base it lies near (a Reset or Date beside the moment its answer
// came): V8 boxes a large number on the heap, and any number worked out from large ones even when whole, 16
// bytes for each of a million readings. The rare value that is no small offset (a fraction, a moment far
// off) is kept whole in a side table. Pure.

/** Offsets below this are small integers; the two marks lie just beyond (V8's small integers reach 2^30). */
const SMALL = 2 ** 29;
const NONE = SMALL;
const WIDE = SMALL + 1;

/** One field's numbers kept near their bases, for any number of owners. */
export class NearNumbers<K extends object> {
  readonly #wide = new WeakMap<K, number>();

  /** What `owner` keeps for `value` (undefined when absent), read later with the same `base`. */
  keep(owner: K, value: number | undefined, base: number): number {
    if (value === undefined) return NONE;
    const d = value - base;
    // `| 0` makes it a small integer as V8 keeps it (a difference of two large numbers is a boxed one even
    // when whole, and a field given one boxes every value it holds): the same number, below SMALL.
    if (Number.isInteger(d) && Math.abs(d) < SMALL && base + d === value && !Object.is(value, -0))
      return d | 0;
    this.#wide.set(owner, value);
    return WIDE;
  }

  /** The value `kept` stands for, `base` being the one it was kept with. */
  read(owner: K, kept: number, base: number): number | undefined {
    if (kept === NONE) return undefined;
    return kept === WIDE ? this.#wide.get(owner) : base + kept;
  }
}
