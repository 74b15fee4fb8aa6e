// What no request of the run explains: an order that leaves the list, or comes back to it, though no cancel of
// the run did or may have changed it (an order new to the run is noted: orders are placed outside this API).
// Pure: judges a History, sends nothing.
import { lacking } from '../kit/store-lists.ts';
import { appearances, firstHolding, idsText } from './appeared.ts';
import { type History, type ListSeen, named, type StoreFinding } from './history.ts';
import { eachAfterPrevious, indexOf, touchedBefore } from './history-index.ts';

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
  /** Orders that appeared for the first time after the first list and are not findings (noted, not judged). */
  newIds: string[];
  /** When the store grew with no request of the run between two lists: what says so (then none is blamed). */
  grows?: string;
}

/**
 * Compares each list with the latest one answered before it went out. An order listed there and missing now,
 * or missing there but listed earlier and back now, must be explained by a cancel of the run that did or may
 * have changed it before the later list was served (those the run cancelled are afterCancels' to judge).
 * A new order no list showed before is only noted: placing orders is an operation the spec does not show.
 */
export function unexplainedChanges(h: History): Changes {
  const ix = indexOf(h);
  const findings: StoreFinding[] = [];
  const reported = new Set<string>();
  const newIds = new Set<string>();
  let compared = 0;
  eachAfterPrevious(ix, (list, i, prev) => {
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
  // No operation of the API creates orders, yet the store is not the API's alone: orders are placed through a
  // channel the spec does not show, at any moment, so an order new to the run is only noted here. Where only
  // refusals came between two lists, the refusal judges blame it (judge-refusals.ts).
  const first = appearances(h).unprompted[0];
  return {
    findings,
    compared,
    newIds: [...newIds],
    ...(first
      ? {
          grows: `${named(first.list)} holds order${first.ids.length === 1 ? '' : 's'} ${idsText(first.ids)}, which no earlier list held, and no cancel of the run came between it and ${named(first.prev)}: the store grows on its own (another client placing orders), so no order's appearance is blamed on a request`,
        }
      : {}),
  };
}
