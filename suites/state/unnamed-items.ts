// Items of the list without an id (`{}`): no order the store model can name, yet a refusal that adds or takes
// one changed the store (a 404 that upserts a blank record). Whether the run may blame a refusal for them. Pure.
import { count } from '../../lib/words.ts';
import { type History, type ListSeen, named } from './history.ts';

/**
 * Whether the count of items without an id changed between two lists in a row with nothing of the run on the
 * wire between them: a store others write to, or one that lists such items as it likes. Then no refusal is
 * blamed for one. One sort of the cancels, then a binary search per pair of lists whose counts differ.
 */
export function unnamedDrift(h: History): boolean {
  const lists = [...h.lists].sort((a, b) => a.startMs - b.startMs);
  if (!lists.some((l, i) => i > 0 && l.ids.unnamed !== lists[i - 1]!.ids.unnamed)) return false;
  const cancels = [...h.cancels].sort((a, b) => a.startMs - b.startMs);
  const starts = cancels.map((c) => c.startMs);
  // maxEnd[k]: the latest end among the first k cancels by start.
  const maxEnd = [Number.NEGATIVE_INFINITY];
  for (const c of cancels) maxEnd.push(Math.max(maxEnd[maxEnd.length - 1]!, c.endMs));
  return lists.some((l, i) => {
    const prev = lists[i - 1];
    if (!prev || l.ids.unnamed === prev.ids.unnamed) return false;
    // Cancels that started before the later list ended; one of them still on the wire after the earlier began?
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! < l.endMs) lo = mid + 1;
      else hi = mid;
    }
    return !(maxEnd[lo]! > prev.startMs);
  });
}

/** How a finding says the items without an id that came or went between `prev` and `next` (none: nothing). */
export function unnamedWords(prev: ListSeen, next: ListSeen): string[] {
  const change = next.ids.unnamed - prev.ids.unnamed;
  if (change === 0) return [];
  return [
    `${named(next)} holds ${count(next.ids.unnamed, 'item')} without an id where ${named(prev)} held ${prev.ids.unnamed}: ${change > 0 ? `${change} appeared` : `${-change} vanished`}, though only refusals were on the wire between them`,
  ];
}
