// A list read after a cancel shows the store after it, field by field, where cancelled orders stay listed: a
// list after the 204 (by either key) that still shows the order exactly as before the cancel, where another
// list after the cancel shows it changed with nothing of the run between, listed the store before it. Pure.
import { flagRef } from '../../lib/config/settings.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { type History, named, type StoreFinding } from './history.ts';
import { cancelsByOrder, firstAtOrAfter } from './history-index.ts';
import { type Listed, ListedReader } from './listed-objects.ts';
import { changedFields } from './shipped-fields.ts';

/** How a list is named when a key other than the run's first read it. */
const keyOf = (l: { exchange: Exchange }): string =>
  l.exchange.bucket === 'secondary' ? ' (with the second key)' : '';

/** How many lists on each side of a cancel are read for it. */
const NEAREST = 100;

/**
 * For each order cancelled once with a 2xx that lists go on showing: its listed object in the last list
 * before the cancel against the lists after it (past the declared lag), until another cancel of it that was
 * not refused. A list alike the one before the cancel, and another after the cancel showing the order changed
 * (later or earlier: a list kept per key), is a finding on the alike list: the store had changed, it had not.
 */
export function staleAfterCancel(
  h: History,
  bodyOf: (x: Exchange) => Uint8Array | undefined,
  lagMs: number,
  sameBody?: (x: Exchange) => object | undefined,
): StoreFinding[] {
  const findings: StoreFinding[] = [];
  const seen = new Set<string>();
  const reader = new ListedReader(bodyOf, sameBody);
  const sorted = [...h.cancels].sort((a, b) => a.startMs - b.startMs);
  // Each order's cancels that were not refused, in time order: one pass, not a search per cancel.
  const touching = cancelsByOrder(h, (d) => d.outcome !== 'refused');
  for (const c of sorted) {
    if (c.outcome !== 'done' || c.names.length !== 1) continue;
    const id = c.names[0]!;
    if (seen.has(id)) continue;
    seen.add(id);
    // A body read once for the lists that carried its bytes, and for the next orders' reads of them.
    const shown = (x: Exchange): Listed | undefined => reader.objectOf(x, id);
    // The lists are in the order answered: a binary search finds where the cancel falls among them, and only
    // the nearest lists are read (a recording of a day holds many more than a stale copy lasts).
    const at = firstAtOrAfter(h.lists, c.startMs);
    let prior: (typeof h.lists)[number] | undefined;
    for (let k = at - 1; k >= Math.max(0, at - NEAREST); k--) {
      const l = h.lists[k]!;
      if (l.endMs <= c.startMs && l.ids.has(id)) {
        prior = l;
        break;
      }
    }
    const before = prior && shown(prior.exchange);
    if (!prior || !before) continue;
    // Until a later cancel of the order that was not refused: what follows it is that cancel's to explain.
    const next = touching.get(id)?.find((d) => d !== c && d.startMs > c.startMs);
    const until = next?.startMs ?? Number.POSITIVE_INFINITY;
    const from = firstAtOrAfter(h.lists, c.endMs + lagMs);
    const after = h.lists
      .slice(from, from + NEAREST)
      .filter((l) => l.startMs >= c.endMs + lagMs && l.endMs <= until && l.ids.has(id));
    // Any list after the cancel, by either key, alike the one before it, where another list after it shows the
    // order changed: the store had changed (that list says how), the alike list had not. A list kept per key
    // shows so: the key that cancelled reads its write, another key reads the list it cached before.
    let alike: (typeof after)[number] | undefined;
    let changed: { list: (typeof after)[number]; fields: string } | undefined;
    for (const l of after) {
      const o = shown(l.exchange);
      if (!o) continue;
      const fields = changedFields(before, o);
      if (fields === '') alike ??= l;
      else changed ??= { list: l, fields };
      if (alike && changed) break;
    }
    if (alike && changed) {
      const l = changed.list;
      const shownChanged =
        l.startMs > alike.startMs
          ? `and ${named(l)}${keyOf(l)} lists it changed (${changed.fields})`
          : `though ${named(l)}${keyOf(l)} had already listed it changed (${changed.fields})`;
      findings.push({
        problem: `order ${id} was cancelled (${named(c)}), yet ${named(alike)}${keyOf(alike)} still listed it exactly as ${named(prior)}${keyOf(prior)} did before the cancel, ${shownChanged}, with no request of the run between to change it: the list after the cancel showed the store as it was before it (a cache or a copy that lags, or one kept per key; a service that is eventually consistent by design declares it with ${flagRef('consistencySeconds')})`,
        exchanges: [alike.exchange, l.exchange, prior.exchange, c.exchange],
      });
    }
  }
  return findings;
}
