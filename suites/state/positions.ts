// Ascending positions noted per order (the lists an order shows in or is missing from), each order's kept in
// a growing 32-bit array: an order cancelled early is missing from nearly every later list of a recording,
// and an array of numbers for it (8 bytes each, and room to grow) was a long judgement's peak (issue 40 item 5).

export class PositionsById {
  readonly #runs = new Map<string, { at: Int32Array; n: number }>();

  /** Notes position `j` for `id` (positions of one id are noted in ascending order). */
  note(id: string, j: number): void {
    const run = this.#runs.get(id);
    if (!run) {
      const at = new Int32Array(4);
      at[0] = j;
      this.#runs.set(id, { at, n: 1 });
      return;
    }
    if (run.n === run.at.length) {
      const grown = new Int32Array(run.at.length * 2);
      grown.set(run.at);
      run.at = grown;
    }
    run.at[run.n++] = j;
  }

  /** Each id's positions, exactly as many as noted, in the order the ids were first noted; empties this. */
  take(): Map<string, Int32Array> {
    const out = new Map<string, Int32Array>();
    for (const [id, run] of this.#runs) {
      out.set(id, run.n === run.at.length ? run.at : run.at.slice(0, run.n));
      // Each id's room let go as soon as its trimmed copy is made.
      this.#runs.delete(id);
    }
    return out;
  }
}

/**
 * The positions 0..n-1 ordered by `keys` ascending, ties by `tie` (when given) and then by position: a stable
 * sort. A recording's lists come nearly in order, so an order already sorted is found in one pass; else the
 * positions are sorted as an array (adaptive on runs, and twice as quick as a typed array's comparator sort).
 */
export function orderOf(keys: Float64Array, tie?: (a: number, b: number) => number): Int32Array {
  const n = keys.length;
  const cmp = (a: number, b: number) => keys[a]! - keys[b]! || (tie ? tie(a, b) : 0) || a - b;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = cmp(i - 1, i) < 0;
  const order = new Int32Array(n);
  if (sorted) {
    for (let i = 0; i < n; i++) order[i] = i;
    return order;
  }
  const positions = Array.from({ length: n }, (_, i) => i).sort(cmp);
  for (let i = 0; i < n; i++) order[i] = positions[i]!;
  return order;
}
