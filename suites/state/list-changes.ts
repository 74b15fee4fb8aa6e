// What no request of the run explains: an order that leaves the list, or comes back to it, though no cancel of
// the run did or may have changed it. Pure: judges a History, sends nothing.
import { lacking } from '../kit/store-lists.ts';
import { type History, type ListSeen, named, type StoreFinding } from './history.ts';
import { type HistoryIndex, indexOf, showing, touchedBefore } from './history-index.ts';

/** The cancels on the wire between two lists (what may explain a difference), as a report names them. */
function between(h: History, from: ListSeen, to: ListSeen): string {
  const sent = h.cancels.filter((c) => c.endMs > from.startMs && c.startMs < to.endMs);
  if (sent.length === 0) return 'no cancel was sent between them';
  const shown = sent.slice(0, 4).map(named).join(', ');
  return `the cancels between them: ${shown}${sent.length > 4 ? ` and ${sent.length - 4} more` : ''}`;
}

export interface Changes {
  findings: StoreFinding[];
  /** How many pairs of lists, one after the other, were compared. */
  compared: number;
  /** Orders that appeared for the first time after the first list (noted, not judged). */
  newIds: string[];
}

/**
 * Compares each list with the latest one answered before it went out. An order listed there and missing now,
 * or missing there but listed earlier and back now, must be explained by a cancel of the run that did or may
 * have changed it before the later list was served (those the run cancelled are afterCancels' to judge).
 * A new order no list showed before is only noted: placing orders is an operation the spec does not show.
 */
export function unexplainedChanges(h: History): Changes {
  const ix = indexOf(h);
  const lists = ix.byStart;
  const findings: StoreFinding[] = [];
  const reported = new Set<string>();
  const newIds = new Set<string>();
  let compared = 0;
  // The lists by when they ended (ties as sent), each with its place in `lists`: those ended before a list
  // went out are a prefix, which only grows as the lists go by.
  const byEnd = lists.map((l, i) => ({ l, i })).sort((a, b) => a.l.endMs - b.l.endMs);
  let ended = 0;
  lists.forEach((list, i) => {
    while (ended < byEnd.length && byEnd[ended]!.l.endMs <= list.startMs) ended++;
    // The latest answered before it went out (one sent after it, at its very start, never counts).
    let k = ended - 1;
    while (k >= 0 && byEnd[k]!.i >= i) k--;
    const prev = k >= 0 ? byEnd[k]!.l : undefined;
    if (!prev) return;
    compared += 1;
    const owned = (id: string) => touchedBefore(h, id, list.endMs);
    for (const id of lacking(prev.ids, list.ids)) {
      if (owned(id) || reported.has(id)) continue;
      reported.add(id);
      findings.push({
        problem: `order ${id} was listed by ${named(prev)} and not by ${named(list)}, and no request of the run cancelled it (${between(h, prev, list)})`,
        exchanges: [list.exchange, prev.exchange],
      });
    }
    for (const id of lacking(list.ids, prev.ids)) {
      if (owned(id)) continue;
      const before = firstHolding(ix, id, i, list.startMs);
      if (!before) {
        newIds.add(id);
        continue;
      }
      if (reported.has(`+${id}`)) continue;
      reported.add(`+${id}`);
      findings.push({
        problem: `order ${id}, listed by ${named(before)} and missing from ${named(prev)}, is back in ${named(list)}: no request of the run explains either change (${between(h, before, list)})`,
        exchanges: [list.exchange, prev.exchange, before.exchange],
      });
    }
  });
  return { findings, compared, newIds: [...newIds] };
}

/** The first list (as sent) before position `i` that had ended by `startMs` and showed `id`. */
function firstHolding(ix: HistoryIndex, id: string, i: number, startMs: number): ListSeen | undefined {
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
