// Fault ratelimit-keyed-by-cached-authorization: a server's per-connection cache of header values (Jetty 9.4's
// parser keeps the fields a connection sent last): a value equal to the cached one but for case is handed back
// as the cached one. Reads and rewrites the Authorization header only; knows nothing of keys or limits.
import type { IncomingMessage } from 'node:http';

/** The Authorization value each connection carried last, as the application was handed it. */
const LAST = new WeakMap<object, string>();

/** Rewrites the request's Authorization to its connection's cached value when the two differ only by case. */
export function reuseCachedAuthorization(req: IncomingMessage): void {
  const value = req.headers.authorization;
  if (value === undefined) return;
  const last = LAST.get(req.socket);
  if (last !== undefined && last !== value && last.toLowerCase() === value.toLowerCase()) {
    req.headers.authorization = last;
    return;
  }
  LAST.set(req.socket, value);
}
