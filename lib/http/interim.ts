// Takes interim (1xx) responses off a connection before the final response reaches undici's parser, which drops
// the connection on an unsolicited 100 Continue ("bad response"). RFC 9110 §15.2: "A client MUST be able to
// parse one or more 1xx responses received prior to a final response, even if the client does not expect one."
// Works on the socket's bytes: after each request is written, the 1xx heads that come first are dropped (their
// statuses told to `onInterim`); everything else, stray bytes after a response included, passes untouched.
import type { Socket } from 'node:net';

const CRLFCRLF = Buffer.from('\r\n\r\n');
/** `HTTP/1.x 1dd ` is the first 13 bytes of an interim status line. */
const STATUS_PREFIX = 'HTTP/1.';

/**
 * What the bytes at the start of a response are: `more` (too few to tell), `final` (no interim head: let them
 * through), or an interim head to drop (its length and status). A head longer than `maxHead` is let through,
 * for undici to refuse as the overflow it is.
 */
export function interimHead(
  bytes: Buffer,
  maxHead: number,
): 'more' | 'final' | { length: number; status: number } {
  const n = Math.min(bytes.length, 13);
  for (let i = 0; i < n; i++) {
    const c = bytes[i]!;
    const ok =
      i < 7
        ? c === STATUS_PREFIX.charCodeAt(i)
        : i === 7
          ? c === 0x30 || c === 0x31
          : i === 8 || i === 12
            ? c === 0x20
            : i === 9
              ? c === 0x31
              : c >= 0x30 && c <= 0x39;
    if (!ok) return 'final';
  }
  if (n < 13) return 'more';
  const status = Number(bytes.toString('latin1', 9, 12));
  // 101 Switching Protocols is no interim answer to a request that asked for no upgrade: undici's to refuse.
  if (status === 101) return 'final';
  const end = bytes.indexOf(CRLFCRLF);
  if (end === -1) return bytes.length > maxHead ? 'final' : 'more';
  return { length: end + CRLFCRLF.length, status };
}

/**
 * Filters the socket's incoming bytes (its Readable push, which net and tls call with each chunk read) so that
 * the 1xx heads before each final response never reach the reader. A request written arms the filter; the
 * first byte of a final status line disarms it until the next request.
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
      const head = interimHead(pending, maxHead);
      if (head === 'more') return true;
      if (head === 'final') {
        armed = false;
        const out = pending;
        pending = undefined;
        return push(out);
      }
      onInterim(head.status);
      pending = pending.length > head.length ? pending.subarray(head.length) : undefined;
      if (!pending) return true;
    }
  };
}
