// Orders that appear in a list though no list before it held them and no request of the run named them: the
// API has no operation that creates orders, so between two lists only the run's requests there, or another
// client of the store, can have made them. Pure: judges a History, sends nothing.
import { lacking } from '../kit/store-lists.ts';
import type { CancelSent, History, ListSeen } from './history.ts';
import { eachAfterPrevious, type HistoryIndex, indexOf, showing } from './history-index.ts';

/** One list that holds orders no earlier list held, with the list before it and the cancels between them. */
export interface Appearance {
  prev: ListSeen;
  list: ListSeen;
  /** The new orders' ids, in the list's order of difference. */
  ids: string[];
  /** Every cancel on the wire between the two lists, whatever its answer. */
  between: CancelSent[];
}

export interface Appearances {
  all: Appearance[];
  /**
   * Appearances with no request of the run on the wire between the lists: the store grows on its own (another
   * client places orders, by an operation the spec does not show), so no appearance is blamed on a request.
   */
  unprompted: Appearance[];
}

const built = new WeakMap<History, Appearances>();

/** The first list (as sent) before position `i` that had ended by `startMs` and showed `id`. */
export function firstHolding(ix: HistoryIndex, id: string, i: number, startMs: number): ListSeen | undefined {
  const { base, odd } = showing(ix, id);
  if (base) {
    for (let j = 0; j < i; j++) {
      const l = ix.byStart[j]!;
      if (l.endMs <= startMs && l.ids.has(id)) return l;
    }
    return undefined;
  }
  // An order the first list lacks shows only where a list adds it.
  for (const j of odd) {
    if (j >= i) return undefined;
    if (ix.byStart[j]!.endMs <= startMs) return ix.byStart[j];
  }
  return undefined;
}

/**
 * Every list holding orders new to the run: absent from every list answered before it went out, named by no
 * cancel of the run (those are the refusal and cancel judges' own), and no fixture (a list that shows a
 * fixture only some of the time is LIST-HOLDS-FIXTURES' finding). Compared with the latest list answered
 * before it went out, as STATE-LIST-EXPLAINED compares them.
 */
export function appearances(h: History): Appearances {
  const cached = built.get(h);
  if (cached) return cached;
  const ix = indexOf(h);
  const named = new Set(h.cancels.flatMap((c) => c.names));
  const fixtures = new Set([...h.fixtures.pending, ...h.fixtures.shipped]);
  const all: Appearance[] = [];
  eachAfterPrevious(ix, (list, i, prev) => {
    const ids = lacking(list.ids, prev.ids).filter(
      (id) => !named.has(id) && !fixtures.has(id) && !firstHolding(ix, id, i, list.startMs),
    );
    if (ids.length === 0) return;
    const between = h.cancels.filter((c) => c.endMs > prev.startMs && c.startMs < list.endMs);
    all.push({ prev, list, ids, between });
  });
  const found = { all, unprompted: all.filter((a) => a.between.length === 0) };
  built.set(h, found);
  return found;
}

/** The ids, as a report lists them: `1000, 1001 and 3 more`. */
export const idsText = (ids: readonly string[]): string =>
  `${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ` and ${ids.length - 5} more` : ''}`;
