// Fault orderid-percent-ff-crash: the framework percent-decodes a cancel's orderId where nothing catches (polka's
// decodeURIComponent), and the URIError of a byte that is no UTF-8 ends the process: the listener closes and every
// connection drops, the request that did it unanswered. Embedded in the suite's tests, only this server stops.
// Also unanswered-dotted-path's drop: one request's socket destroyed, the server going on.
import type { IncomingMessage, Server } from 'node:http';

/** Whether a request brings the server down: a cancel whose orderId's valid escapes decode to no UTF-8 (%FF). */
export function crashesOn(req: IncomingMessage): boolean {
  if (req.method !== 'DELETE') return false;
  const id = /\/store\/orders\/([^/?#]+)/.exec(req.url ?? '')?.[1];
  // An invalid escape (%zz) is invalid HTTP, which the stack refuses first.
  if (id === undefined || /%(?![0-9A-Fa-f]{2})/.test(id)) return false;
  try {
    decodeURIComponent(id);
    return false;
  } catch {
    return true;
  }
}

/** Stops the server as a crash would: no new connection accepted, every open one (this one too) dropped. */
export function crash(server: Server): void {
  server.close();
  server.closeAllConnections();
}

/**
 * Fault unanswered-dotted-path: whether the server drops a request with no answer, as Total.js by default does
 * a DELETE, POST, PUT or PATCH whose path holds a '.' (read as a static file's, which only GET may fetch): the
 * socket destroyed, every other request still answered.
 */
export function dropsOn(req: IncomingMessage): boolean {
  const path = (req.url ?? '').split('?')[0]!;
  return ['DELETE', 'POST', 'PUT', 'PATCH'].includes(req.method ?? '') && path.includes('.');
}
