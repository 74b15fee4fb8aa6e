// Pending fixtures a list of the run showed with the status member "pending" (a field the spec does not show:
// the server's own word for the state), and when: what shows a fixture no one vouched for pending before a
// refusal, on a store that keeps a cancelled order listed. Pure: reads the history's lists, never sends.
import type { Exchange } from '../../lib/http/transcript.ts';
import type { History } from './history.ts';

/** The status member as the lists' reading gives it (JSON text): the spec's state name, as a string. */
const PENDING = '"pending"';

/**
 * `h` with `listedPendingAt` set for those of `ids` a list showed with the status "pending": the moment the
 * first such list's answer was in. `statusOf` reads a list's item for an id (undefined: no status, or not
 * read). Lists are read in the order sent, each id until one shows it: most runs need the first list alone.
 */
export function withListedPending(
  h: History,
  ids: readonly string[],
  statusOf: (x: Exchange, id: string) => string | undefined,
): History {
  const at = new Map(h.fixtures.listedPendingAt ?? []);
  for (const id of ids) {
    if (at.has(id)) continue;
    const list = h.lists.find((l) => l.ids.has(id) && statusOf(l.exchange, id) === PENDING);
    if (list) at.set(id, list.endMs);
  }
  if (at.size === (h.fixtures.listedPendingAt?.size ?? 0)) return h;
  return { ...h, fixtures: { ...h.fixtures, listedPendingAt: at } };
}
