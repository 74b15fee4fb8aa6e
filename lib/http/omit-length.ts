// A POST, PUT or PATCH with no content and no Content-Length (RFC 9112 §6.3: its body is then empty), which
// undici never writes (it adds "content-length: 0" to those methods): the request names a marker field, and
// the connection drops both from the head it writes. Touches request heads that carry the marker, nothing else.
import type { Socket } from 'node:net';

/** The field a request carries to ask for it; never reaches the wire through a connection wrapped here. */
export const OMIT_LENGTH_MARKER = 'x-conformance-omit-content-length';

const MARKER_LINE = `\r\n${OMIT_LENGTH_MARKER}: 1\r\n`;

/**
 * The head as it goes on the wire: without the marker line and the empty Content-Length beside it; anything
 * else unchanged (a head without the marker, a chunk that is no head).
 */
export function omitEmptyLength(chunk: string): string {
  const at = chunk.indexOf(MARKER_LINE);
  const end = chunk.indexOf('\r\n\r\n');
  if (at === -1 || end === -1 || at > end) return chunk;
  const head = chunk.slice(0, end + 2).replace(MARKER_LINE, '\r\n');
  const lines = head.split('\r\n').filter((l) => !/^content-length:\s*0\s*$/i.test(l));
  return `${lines.join('\r\n')}${chunk.slice(end + 2)}`;
}

/** Rewrites what undici writes on `socket` (a head is one latin1 string write) through omitEmptyLength. */
export function omitEmptyLengths<S extends Socket>(socket: S): S {
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((chunk: unknown, ...rest: unknown[]) =>
    write(typeof chunk === 'string' ? omitEmptyLength(chunk) : chunk, ...rest)) as S['write'];
  return socket;
}
