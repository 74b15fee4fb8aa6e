// Faults only the request surface reaches: a list cache that answers 304 to the first ETag it served after
// the list has changed, a strong list ETag computed once, an OPTIONS handler that refuses with 405 and no
// Allow, an unchecked int64 conversion that fails with a 500 on an id beyond int64, a digit-count limit that
// fails with one on an id of thousands of digits. Bends replies only.
import type { IncomingMessage } from 'node:http';
import type { FaultSet } from './faults/fault-set.ts';
import type { Reply } from './reply.ts';
import type { Route } from './router.ts';
import type { OrderStore } from './store.ts';

/** Fault http-beyond-int64-500: the framework's debug-less error page. */
const SERVER_ERROR =
  '<!doctype html>\n<html><head><title>Server Error (500)</title></head><body><h1>Server Error (500)</h1></body></html>\n';

/** A decimal integer (optionally signed) outside int64: what an unchecked conversion throws on. */
/** A decimal id past int64 either way (fault http-beyond-int64-500's conversion throws on it). */
export function beyondInt64(raw: string): boolean {
  if (!/^-?\d{1,40}$/.test(raw)) return false;
  const n = BigInt(raw);
  return n > 2n ** 63n - 1n || n < -(2n ** 63n);
}

/** Fault http-huge-id-500: the digits Python's int() converts from text at most (sys.int_info.default_max_str_digits). */
const MAX_STR_DIGITS = 4300;

/** Fault http-304-stale-etag: the ETag the cache took at its first list, kept per store. */
const firstTags = new WeakMap<OrderStore, string>();
/** Fault http-etag-constant: the one ETag the list ever carries, per store. */
const constantTags = new WeakMap<OrderStore, string>();

export function surfaceFaults(
  faults: FaultSet,
  store: OrderStore,
  req: IncomingMessage,
  route: Route,
  reply: Reply,
): Reply {
  if (faults.has('http-beyond-int64-500') && route.kind === 'cancel' && beyondInt64(route.rawId))
    return { status: 500, body: { type: 'text/html; charset=utf-8', text: SERVER_ERROR } };
  if (
    faults.has('http-huge-id-500') &&
    route.kind === 'cancel' &&
    /^-?\d+$/.test(route.rawId) &&
    route.rawId.replace('-', '').length > MAX_STR_DIGITS
  )
    return {
      status: 500,
      body: { type: 'text/plain', text: 'A server error occurred.  Please contact the administrator.' },
    };
  if (faults.has('http-options-405-no-allow') && req.method === 'OPTIONS' && reply.status === 405) {
    const { Allow: _allow, ...headers } = reply.headers ?? {};
    return { ...reply, headers };
  }
  if (faults.has('http-etag-constant') && route.kind === 'list' && reply.status === 200) {
    // Computed from the store as its first list found it, and kept: a strong tag that never changes.
    if (!constantTags.has(store)) constantTags.set(store, `"list-${store.version}"`);
    const tag = constantTags.get(store)!;
    if (req.headers['if-none-match']?.split(',').some((t) => t.trim() === tag))
      return { status: 304, headers: { ETag: tag } };
    return { ...reply, headers: { ...reply.headers, ETag: tag } };
  }
  if (faults.has('http-304-stale-etag') && route.kind === 'list' && reply.status === 200) {
    const tag = `"v${store.version}"`;
    if (!firstTags.has(store)) firstTags.set(store, tag);
    const first = firstTags.get(store)!;
    const asked = req.headers['if-none-match'];
    // The cache compares with the tag it stored first, not the list's current one.
    if (asked?.split(',').some((t) => t.trim() === first)) return { status: 304, headers: { ETag: first } };
    return { ...reply, headers: { ...reply.headers, ETag: tag } };
  }
  return reply;
}
