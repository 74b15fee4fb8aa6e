// Where an order the list does not show could still be, and so where no id is sent as absent: around each
// cluster of known ids (listed or fixtures, and 0), and at the special values implementers put test orders
// at. Absent ids are drawn from the gaps between. Decides only; never sends.
import { INT64_MAX, INT64_MIN } from '../../lib/formats/int64.ts';

/** The least distance from any known id at which an id is sent as absent. */
export const MIN_GUARD = 2n ** 32n;

/**
 * Ids implementers seed on purpose (the int32, uint32, JS-number and int64 edges): a hidden order may sit
 * there whatever the list shows, so they go out only as fixtures or when the list is trusted.
 */
export const SPECIAL_IDS: readonly bigint[] = (() => {
  const edges = [2n ** 31n - 1n, 2n ** 31n, 2n ** 32n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, INT64_MAX];
  return [...edges, ...edges.map((n) => -n), INT64_MIN];
})();
const SPECIAL = new Set(SPECIAL_IDS);

/** The widest an absent id is drawn from when a JS server must read it exactly (and ±1 of it too). */
const EXACT_MAX = 2n ** 52n;
/** Absent ids stay this far from 0 even when the list is trusted. */
const ABSENT_FLOOR = 10n ** 12n;

interface Zone {
  lo: bigint;
  hi: bigint;
}

/** The ids as runs of one id each, ascending, each once. */
function pointsOf(ids: Iterable<string>): Zone[] {
  return [...new Set([...ids].map(BigInt))].sort(byValue).map((n) => ({ lo: n, hi: n }));
}

const byValue = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Ascending safe integers (each once) as runs whose neighbours lie at most 2·MIN_GUARD apart: each id guards
 * at least MIN_GUARD on either side, so such neighbours share a cluster whatever else is known, and a store of
 * a million ids becomes a few runs before any bigint is made.
 */
function runsOf(sorted: Float64Array): Zone[] {
  const reach = Number(2n * MIN_GUARD);
  const runs: Zone[] = [];
  let lo = 0;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && sorted[i]! - sorted[i - 1]! <= reach) continue;
    if (i > 0) runs.push({ lo: BigInt(sorted[lo]!), hi: BigInt(sorted[i - 1]!) });
    lo = i;
  }
  return runs;
}

/** Two ascending lists of runs as one, ascending by their start. */
function merged(a: Zone[], b: Zone[]): Zone[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  return [...a, ...b].sort((x, y) => byValue(x.lo, y.lo));
}

const marginOf = (lo: bigint, hi: bigint) => (hi - lo > MIN_GUARD ? hi - lo : MIN_GUARD);

/**
 * Clusters of known ids, each guarded beyond its ends by its own width (at least MIN_GUARD): a hidden order
 * sits among or next to the ones a store shows (ids grow from small numbers; a page shows a slice), so a
 * cluster as wide as w may hide orders up to w beyond it. Clusters whose guarded zones meet merge, and the
 * wider cluster then guards further, until no two zones meet. `runs`: ascending, each a cluster already.
 */
function zonesOf(runs: readonly Zone[]): Zone[] {
  const clusters: Zone[] = [];
  for (const run of runs) {
    let c: Zone = run;
    for (;;) {
      const top = clusters.at(-1);
      if (!top || top.hi + marginOf(top.lo, top.hi) < c.lo - marginOf(c.lo, c.hi)) break;
      clusters.pop();
      c = { lo: top.lo, hi: c.hi > top.hi ? c.hi : top.hi };
    }
    clusters.push(c);
  }
  return clusters.map((c) => {
    const m = marginOf(c.lo, c.hi);
    return { lo: c.lo - m, hi: c.hi + m };
  });
}

export class AbsenceGuard {
  /** Sorted, disjoint: where a hidden order could be. */
  readonly zones: readonly Zone[];

  /**
   * `ids`: every known id (listed, read generously; cancellable; shipped). 0 is always among them. `safe`:
   * more of them, the safe integers of a large list, ascending and each once (ListIds.sortedSafe).
   */
  constructor(ids: Iterable<string>, safe: Float64Array = new Float64Array(0)) {
    this.zones = zonesOf(merged(pointsOf(['0', ...ids]), runsOf(safe)));
  }

  /**
   * True when a hidden order could have this id as a seed edge (SPECIAL_IDS): such an id is never sent as
   * absent. Only the id itself: that a lenient reading of some other id (a hex parse clamped to int64)
   * lands on an edge is no reason to refuse it.
   */
  special(n: bigint): boolean {
    return SPECIAL.has(n);
  }

  /** True when a hidden order could have this id or a lenient reading of an id: inside a cluster's zone. */
  near(n: bigint): boolean {
    let lo = 0;
    let hi = this.zones.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const z = this.zones[mid]!;
      if (n < z.lo) hi = mid - 1;
      else if (n > z.hi) lo = mid + 1;
      else return true;
    }
    return false;
  }

  /** The gaps between zones inside int64, widest first. */
  gaps(): Zone[] {
    const out: Zone[] = [];
    let from = INT64_MIN;
    for (const z of this.zones) {
      if (z.lo > from) out.push({ lo: from, hi: z.lo - 1n });
      if (z.hi + 1n > from) from = z.hi + 1n;
    }
    if (from <= INT64_MAX) out.push({ lo: from, hi: INT64_MAX });
    return out.sort((a, b) => (b.hi - b.lo > a.hi - a.lo ? 1 : b.hi - b.lo < a.hi - a.lo ? -1 : 0));
  }

  describe(): string {
    const shown = this.zones.slice(0, 4).map((z) => `${z.lo}..${z.hi}`);
    const more = this.zones.length > 4 ? ` and ${this.zones.length - 4} more` : '';
    return `ids around the known orders (${shown.join(', ')}${more}: each cluster of known ids widened by its own width, at least 2^32) and the int32, uint32, JS-number and int64 edges`;
  }
}

const clip = (z: Zone, lo: bigint, hi: bigint): Zone | undefined => {
  const a = z.lo > lo ? z.lo : lo;
  const b = z.hi < hi ? z.hi : hi;
  return a <= b ? { lo: a, hi: b } : undefined;
};

/**
 * The range an absent id is drawn from: the widest gap far from every known id, within the ids a JS server
 * reads exactly when any gap reaches there (at least 10^12 from 0), else the widest gap anywhere in int64.
 * With no guard (a trusted list), any exact id from 10^12 up.
 */
export function absentRange(guard: AbsenceGuard | undefined): { min: bigint; max: bigint } | undefined {
  if (!guard) return { min: ABSENT_FLOOR, max: EXACT_MAX };
  const gaps = guard.gaps();
  const width = (z: Zone) => z.hi - z.lo;
  // Widest first; between equals, positive ids (a server may check ids for a sign before it looks them up).
  const exact = gaps
    .flatMap((g) => [clip(g, ABSENT_FLOOR, EXACT_MAX), clip(g, -EXACT_MAX, -ABSENT_FLOOR)])
    .filter((z): z is Zone => z !== undefined)
    .sort((a, b) => (width(b) > width(a) ? 1 : width(b) < width(a) ? -1 : a.lo > 0n ? -1 : 1));
  const best = exact[0] ?? gaps[0];
  return best ? { min: best.lo, max: best.hi } : undefined;
}
