// Indexes of a History built once per History (its lists by start and by end, the first cancel that touched
// each order), so the state judges stay near-linear on a recording of 100,000 exchanges where a scan per
// request made them quadratic. Pure; a History is never changed once built (historyOf makes a new one).
import type { CancelSent, History, ListSeen } from './history.ts';
import { orderOf, PositionsById } from './positions.ts';

export interface HistoryIndex {
  /** The lists in the order they went on the wire (start, then seq), and their starts. */
  byStart: readonly ListSeen[];
  starts: Float64Array;
  /** The lists in the order their answers ended (a stable sort of the history's own order), and their ends. */
  byEnd: readonly ListSeen[];
  ends: Float64Array;
  /** Per order, the earliest start of a cancel that did or may have changed it. */
  touched: Map<string, number>;
  /** Per order, the cancels that did or may have changed it, in the history's order. */
  touchers: Map<string, CancelSent[]>;
  /**
   * Per order, the byStart positions of the lists that differ from the first list on it: those holding an
   * order it lacks (Snapshot.added), those lacking one it holds (Snapshot.removed); ascending.
   */
  added: Map<string, Int32Array>;
  removed: Map<string, Int32Array>;
  /**
   * For each list by start, the byStart position of the latest list answered before it went out (one sent
   * after it, at its very start, never counts), or -1 when none was: what eachAfterPrevious walks.
   */
  previous: Int32Array;
  /** The cancels that were not refused, by start, and the latest end among the first i+1 of them. */
  unrefusedStarts: number[];
  unrefusedMaxEnd: number[];
}

const built = new WeakMap<History, HistoryIndex>();

export function indexOf(h: History): HistoryIndex {
  const cached = built.get(h);
  if (cached) return cached;
  // Each list's moments read once, and the two orders sorted as positions (no copy of the lists to sort).
  const lists = h.lists;
  const n = lists.length;
  const listStarts = new Float64Array(n);
  const listEnds = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    listStarts[i] = lists[i]!.startMs;
    listEnds[i] = lists[i]!.endMs;
  }
  const startOrder = orderOf(listStarts, (a, b) => lists[a]!.exchange.seq - lists[b]!.exchange.seq);
  // Ties as in the history's own order (the stable sort this was).
  const endOrder = orderOf(listEnds);
  // A recording's lists mostly come in both orders already: then the history's own array serves (no one
  // changes a History), where a copy of it was 8 bytes a list, twice.
  const byStart = inOrder(startOrder) ? lists : Array.from(startOrder, (i) => lists[i]!);
  const byEnd = inOrder(endOrder) ? lists : Array.from(endOrder, (i) => lists[i]!);
  const touched = new Map<string, number>();
  const touchers = new Map<string, CancelSent[]>();
  // A cancel answered 2xx, or not surely answered, did or may have changed every order it names
  // (history.ts cancelledBy, mayHaveChanged).
  for (const c of h.cancels) {
    if (c.outcome === 'refused') continue;
    for (const id of new Set(c.names)) {
      if (!(c.startMs >= (touched.get(id) ?? Number.POSITIVE_INFINITY))) touched.set(id, c.startMs);
      const list = touchers.get(id);
      if (list) list.push(c);
      else touchers.set(id, [c]);
    }
  }
  // Kept as 32-bit integers from the first (positions.ts): an order cancelled early is missing from nearly
  // every later list of a recording (hundreds of thousands of positions).
  const addedAt = new PositionsById();
  const removedAt = new PositionsById();
  byStart.forEach((l, j) => {
    for (const id of l.ids.added) addedAt.note(id, j);
    for (const id of l.ids.removed) removedAt.note(id, j);
  });
  const added = addedAt.take();
  const removed = removedAt.take();
  const unrefused = h.cancels.filter((c) => c.outcome !== 'refused').sort((a, b) => a.startMs - b.startMs);
  const unrefusedMaxEnd: number[] = [];
  for (const c of unrefused)
    unrefusedMaxEnd.push(Math.max(unrefusedMaxEnd.at(-1) ?? Number.NEGATIVE_INFINITY, c.endMs));
  const starts = Float64Array.from(startOrder, (i) => listStarts[i]!);
  const index: HistoryIndex = {
    byStart,
    starts,
    byEnd,
    ends: Float64Array.from(endOrder, (i) => listEnds[i]!),
    previous: previousLists(
      starts,
      Float64Array.from(startOrder, (i) => listEnds[i]!),
    ),
    touched,
    touchers,
    added,
    removed,
    unrefusedStarts: unrefused.map((c) => c.startMs),
    unrefusedMaxEnd,
  };
  built.set(h, index);
  return index;
}

/** Whether `order` is 0, 1, 2, … (positions already in order). */
function inOrder(order: Int32Array): boolean {
  for (let i = 0; i < order.length; i++) if (order[i] !== i) return false;
  return true;
}

/** How many of the sorted `values` are below `x` (or at most `x`, when `inclusive`). */
export function countBelow(values: ArrayLike<number>, x: number, inclusive = false): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (inclusive ? values[mid]! <= x : values[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether any cancel that did or may have changed `id` was on the wire before `beforeMs`. */
export function touchedBefore(h: History, id: string, beforeMs: number): boolean {
  return (indexOf(h).touched.get(id) ?? Number.POSITIVE_INFINITY) < beforeMs;
}

/** Where `order` shows across the lists by start: the positions that differ from its default. */
export function showing(ix: HistoryIndex, id: string): { base: boolean; odd: Int32Array } {
  const added = ix.added.get(id);
  if (added) return { base: false, odd: added };
  const removed = ix.removed.get(id);
  if (removed) return { base: true, odd: removed };
  return { base: ix.byStart[0]?.ids.has(id) ?? false, odd: NONE };
}

const NONE = new Int32Array(0);

/** Whether the ascending `values` hold `x` (a binary search). */
export function holdsAt(values: ArrayLike<number>, x: number): boolean {
  return values[countBelow(values, x)] === x;
}

/**
 * For the lists by start (`starts`, their `ends`), each one's latest list answered before it went out (one
 * sent after it, at its very start, never counts), as a position, or -1. The lists by when they ended (ties as
 * sent): those ended before a list went out are a prefix, which only grows as the lists go by. Positions in
 * 32-bit integers, not an object each (a recording's lists are hundreds of thousands).
 */
function previousLists(starts: Float64Array, ends: Float64Array): Int32Array {
  const byEnd = orderOf(ends);
  const previous = new Int32Array(starts.length);
  let ended = 0;
  for (let i = 0; i < starts.length; i++) {
    const startMs = starts[i]!;
    while (ended < byEnd.length && ends[byEnd[ended]!]! <= startMs) ended++;
    let k = ended - 1;
    while (k >= 0 && byEnd[k]! >= i) k--;
    previous[i] = k >= 0 ? byEnd[k]! : -1;
  }
  return previous;
}

/**
 * Calls `each` for every list (in the order it went on the wire) with the latest list answered before it went
 * out (one sent after it, at its very start, never counts); a list with none before it is passed over. The
 * pairs are the index's own (worked out once per History, however many judges walk them).
 */
export function eachAfterPrevious(
  ix: HistoryIndex,
  each: (list: ListSeen, i: number, prev: ListSeen) => void,
): void {
  const lists = ix.byStart;
  const previous = ix.previous;
  for (let i = 0; i < lists.length; i++) {
    const k = previous[i]!;
    if (k >= 0) each(lists[i]!, i, lists[k]!);
  }
}

/** The index of the first list that started at or after `ms` (lists in the order answered, by start). */
export function firstAtOrAfter(lists: History['lists'], ms: number): number {
  let lo = 0;
  let hi = lists.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (lists[mid]!.startMs < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Each order's cancels in the order they went out (by start), those `keep` accepts: one pass over the
 * history's cancels, so a judge reads an order's next cancel without a search per cancel.
 */
export function cancelsByOrder(
  h: History,
  keep: (c: CancelSent) => boolean = () => true,
): Map<string, CancelSent[]> {
  const byId = new Map<string, CancelSent[]>();
  for (const c of [...h.cancels].sort((a, b) => a.startMs - b.startMs)) {
    if (!keep(c)) continue;
    for (const n of c.names) {
      const list = byId.get(n);
      if (list) list.push(c);
      else byId.set(n, [c]);
    }
  }
  return byId;
}
