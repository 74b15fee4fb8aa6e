// Fault http-last-modified-frozen: the list carries a Last-Modified taken at its first list and never moved,
// and If-Modified-Since no earlier than it is answered 304, even after a cancel changed the list (a date
// cached at start-up, as a hapi handler's may be). Bends list replies only.
import type { IncomingMessage } from 'node:http';
import type { FaultSet } from './faults/fault-set.ts';
import type { Reply } from './reply.ts';
import type { Route } from './router.ts';
import type { OrderStore } from './store.ts';

/** The whole second of each store's first list. */
const firstListed = new WeakMap<OrderStore, number>();

export function frozenLastModified(
  faults: FaultSet,
  store: OrderStore,
  req: IncomingMessage,
  route: Route,
  reply: Reply,
  nowMs: number,
): Reply {
  if (!faults.has('http-last-modified-frozen') || route.kind !== 'list' || reply.status !== 200) return reply;
  if (!firstListed.has(store)) firstListed.set(store, Math.floor(nowMs / 1000) * 1000);
  const at = firstListed.get(store)!;
  const lastModified = new Date(at).toUTCString();
  // RFC 9110 §13.1.3: evaluated only without If-None-Match; the date compared with the frozen one.
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  if (req.headers['if-none-match'] === undefined && Number.isFinite(since) && since >= at)
    return { status: 304, headers: { 'Last-Modified': lastModified } };
  return { ...reply, headers: { ...reply.headers, 'Last-Modified': lastModified } };
}
