// Reads each response head off a connection before undici's parser does. Interim (1xx) heads are dropped,
// since undici drops the connection on an unsolicited 100 Continue ("bad response"). RFC 9110 §15.2: "A client
// MUST be able to parse one or more 1xx responses received prior to a final response, even if the client does
// not expect one." A final head undici cannot read for what it is (malformed.ts) ends the connection with an
// error that names it; everything else, stray bytes after a response included, passes untouched.
import type { Socket } from 'node:net';
import { MalformedResponseError, malformedHead } from './malformed.ts';

const CRLFCRLF = Buffer.from('\r\n\r\n');
/** `HTTP/1.x ddd` is the first 12 bytes of a status line. */
const STATUS_PREFIX = 'HTTP/1.';

/**
 * How many raw bytes a head may take before it is let through unread: `maxHead` counts names and values
 * only (as undici does), and each field line adds at most 4 bytes (": ", CRLF) to a name of one byte.
 */
export function headBound(maxHead: number): number {
  return 5 * maxHead + 1024;
}

export type HeadKind =
  /** Too few bytes to tell. */
  | 'more'
  /** Not a status line, or a final head with nothing refused in it (or past the bound): let it through. */
  | 'final'
  /** An interim head to drop: its length and status. */
  | { length: number; status: number }
  /** A final head undici cannot read for what it is: why. */
  | { malformed: string };

/**
 * What the bytes at the start of a response are. A head longer than headBound(maxHead) is let through, for
 * undici to refuse as the overflow it is.
 */
export function responseHead(bytes: Buffer, maxHead: number): HeadKind {
  const n = Math.min(bytes.length, 12);
  for (let i = 0; i < n; i++) {
    const c = bytes[i]!;
    const ok =
      i < 7
        ? c === STATUS_PREFIX.charCodeAt(i)
        : i === 7
          ? c === 0x30 || c === 0x31
          : i === 8
            ? c === 0x20
            : c >= 0x30 && c <= 0x39;
    if (!ok) return 'final';
  }
  if (n < 12) return 'more';
  const status = Number(bytes.toString('latin1', 9, 12));
  const end = bytes.indexOf(CRLFCRLF);
  if (end === -1) return bytes.length > headBound(maxHead) ? 'final' : 'more';
  const length = end + CRLFCRLF.length;
  if (status >= 100 && status < 200 && status !== 101) return { length, status };
  const malformed = malformedHead(bytes.toString('latin1', 0, length), status);
  return malformed === undefined ? 'final' : { malformed };
}

/**
 * Filters the socket's incoming bytes (its Readable push, which net and tls call with each chunk read) so that
 * the 1xx heads before each final response never reach the reader, and a malformed final head ends the
 * connection (MalformedResponseError). A request written arms the filter; a final head disarms it until the
 * next request.
 */
export function skipInterimResponses(
  socket: Socket,
  maxHead: number,
  onInterim: (status: number) => void = () => {},
): void {
  const push = socket.push.bind(socket);
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  let armed = false;
  let pending: Buffer | undefined;
  socket.write = ((...args: unknown[]) => {
    armed = true;
    return write(...args);
  }) as Socket['write'];
  socket.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (!armed || !Buffer.isBuffer(chunk)) {
      if (pending) {
        // The end of the stream with a head half-read: hand it over, undici says what it is.
        push(pending);
        pending = undefined;
      }
      armed = false;
      return push(chunk, encoding);
    }
    pending = pending ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      const head = responseHead(pending, maxHead);
      if (head === 'more') return true;
      if (head === 'final') {
        armed = false;
        const out = pending;
        pending = undefined;
        return push(out);
      }
      if ('malformed' in head) {
        armed = false;
        pending = undefined;
        socket.destroy(new MalformedResponseError(head.malformed));
        return false;
      }
      onInterim(head.status);
      pending = pending.length > head.length ? pending.subarray(head.length) : undefined;
      if (!pending) return true;
    }
  };
}
