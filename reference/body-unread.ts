// Fault request-body-unread: a hand-written HTTP/1.1 server that never reads the content a Content-Length
// frames: its bytes stay in the connection's buffer, the next request on the connection is read from them, and
// that request line is no request line (a 400, the connection closed). Node reads the content for the server;
// here it is kept per connection and put back before the next request's line. Decides nothing else.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** The bytes each connection's faulty server has left unread. */
const unread = new WeakMap<Socket, Buffer>();

/** Keeps the content of a request as the bytes the faulty server leaves unread on its connection. */
export function leaveUnread(req: IncomingMessage): void {
  const length = Number(req.headers['content-length'] ?? 0);
  if (!(length > 0)) return;
  const socket = req.socket;
  // Kept as each chunk is parsed, before node parses the next request on the connection.
  req.on('data', (chunk: Buffer) =>
    unread.set(socket, Buffer.concat([unread.get(socket) ?? Buffer.alloc(0), chunk])),
  );
}

/**
 * The request line the faulty server reads for this request, the bytes left unread before its own; undefined
 * when none were left (it reads the request as node did).
 */
export function misreadLine(req: IncomingMessage): string | undefined {
  const left = unread.get(req.socket);
  if (!left) return undefined;
  unread.delete(req.socket);
  return `${left.toString('latin1')}${req.method} ${req.url} HTTP/${req.httpVersion}`;
}
