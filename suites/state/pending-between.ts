// A list that shows a cancelled order with the status "pending" between its cancel's 2xx and the next cancel
// of it, refused 409: the list showed the store before the cancel, whichever way lists show cancelled orders
// (spec §3 names `pending` the one state a cancel succeeds from). Pure.
import { flagRef } from '../../lib/config/settings.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { type History, named, type StoreFinding } from './history.ts';
import { cancelsByOrder, firstAtOrAfter } from './history-index.ts';
import { ListedReader } from './listed-objects.ts';

/** How many lists after a cancel are read for it (a recording of a day holds many more than a copy lags). */
const NEAREST = 100;

/** The status member as JSON text that names the spec's cancellable state. */
const PENDING = '"pending"';

/**
 * For each order a cancel took (a 2xx naming it alone) whose next cancel of the run was refused 409: the
 * first list read between them (past the declared lag) that shows the order with the status "pending". The
 * 2xx before it and the 409 after it both say the order had left `pending`, with nothing of the run between
 * to bring it back: that list showed the store as it was before the cancel. One finding an order.
 */
export function listedPendingBetween(
  h: History,
  bodyOf: (x: Exchange) => Uint8Array | undefined,
  lagMs: number,
  sameBody?: (x: Exchange) => object | undefined,
): StoreFinding[] {
  const findings: StoreFinding[] = [];
  const seen = new Set<string>();
  // Each distinct body read once (`sameBody` names the first list with its bytes), for every order.
  const reader = new ListedReader(bodyOf, sameBody);
  const statusIn = (x: Exchange, id: string) => reader.objectOf(x, id)?.get('status');
  for (const [id, cancels] of cancelsByOrder(h)) {
    cancels.forEach((c, i) => {
      if (seen.has(id) || c.outcome !== 'done' || c.names.length !== 1) return;
      // The next cancel naming the order, sent once this one was answered (none in flight beside it).
      const next = cancels[i + 1];
      if (next?.status !== 409 || next.startMs < c.endMs) return;
      const from = firstAtOrAfter(h.lists, c.endMs + lagMs);
      const list = h.lists
        .slice(from, from + NEAREST)
        .find((l) => l.endMs <= next.startMs && l.ids.has(id) && statusIn(l.exchange, id) === PENDING);
      if (!list) return;
      seen.add(id);
      findings.push({
        problem: `order ${id} was cancelled (${named(c)}), yet ${named(list)} listed it with the status "pending", the one state spec §3 lets a cancel succeed from, and the next cancel of it (${named(next)}) was refused, with no request of the run between to change it: the list after the cancel showed the store as it was before it (a cache or a copy that lags; a service that is eventually consistent by design declares it with ${flagRef('consistencySeconds')})`,
        exchanges: [list.exchange, c.exchange, next.exchange],
      });
    });
  }
  return findings;
}
