// A refused cancel of a shipped order changes nothing, field by field: the shipped fixture as the last list
// before its first 409 showed it (every field) against each list after, a difference blamed on the refusals
// between. Pure: judges a History and the lists' bodies, sends nothing.
import type { Exchange } from '../../lib/http/transcript.ts';
import { type CancelSent, type History, type ListSeen, named, type StoreFinding } from './history.ts';
import { type Listed, ListedReader } from './listed-objects.ts';

export type { Listed } from './listed-objects.ts';

/** The members whose values differ between two listed objects, for the message; '' when none does. */
export function changedFields(a: Listed, b: Listed): string {
  return [...new Set([...a.keys(), ...b.keys()])]
    .filter((k) => a.get(k) !== b.get(k))
    .map((k) => `${k} ${a.get(k) ?? '(absent)'} → ${b.get(k) ?? '(absent)'}`)
    .join(', ');
}

/**
 * For each shipped fixture refused with 409: its listed object in the last list before the first refusal
 * (the lists before must agree on it, else the server changes it on its own) against every later list that
 * still shows it. A list that shows it otherwise blames the 409s of it sent between, unless a cancel of it
 * that was not refused (a 2xx, no answer) came between too: that is another check's finding.
 */
export function shippedFieldChanges(
  h: History,
  bodyOf: (x: Exchange) => Uint8Array | undefined,
  sameBody?: (x: Exchange) => object | undefined,
): StoreFinding[] {
  const findings: StoreFinding[] = [];
  const reader = new ListedReader(bodyOf, sameBody);
  for (const id of h.fixtures.shipped) {
    const mine = h.cancels.filter((c) => c.names.includes(id)).sort((a, b) => a.startMs - b.startMs);
    const first = mine.find((c) => c.status === 409 && c.segment === id);
    if (!first) continue;
    // A body read once for all the lists that carried its bytes (a recording repeats its lists).
    const objectIn = (x: Exchange): Listed | undefined => reader.objectOf(x, id);
    const shown = (l: ListSeen) => (l.ids.has(id) ? objectIn(l.exchange) : undefined);
    // The last list before the refusal that showed it, and each way the lists before showed it.
    let last: { l: ListSeen; o: Listed } | undefined;
    const ways = new Set<Listed>();
    for (const l of h.lists) {
      if (l.endMs > first.startMs) continue;
      const o = shown(l);
      if (o === undefined) continue;
      last = { l, o };
      ways.add(o);
    }
    if (!last || [...ways].some((o) => changedFields(o, last.o) !== '')) continue;
    for (const l of h.lists) {
      if (l.startMs < first.endMs) continue;
      const o = shown(l);
      const changed = o === undefined ? '' : changedFields(last.o, o);
      if (changed === '') continue;
      const between = mine.filter((c) => c.startMs >= last.l.endMs && c.endMs <= l.startMs);
      if (between.some((c) => c.outcome !== 'refused')) break;
      const refusals: CancelSent[] = between.filter((c) => c.status === 409);
      if (refusals.length === 0) break;
      findings.push({
        problem: `shipped order ${id} was refused (${refusals.map(named).join(', ')}), and ${named(l)} lists it changed (${changed}) from ${named(last.l)}: a refused cancel changed it`,
        exchanges: [l.exchange, last.l.exchange, ...refusals.map((c) => c.exchange)],
      });
      break;
    }
  }
  return findings;
}
