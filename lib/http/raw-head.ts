// One HEAD on a connection of its own, read off the socket: undici ends a HEAD's response at its header
// section and drops whatever follows, so content a server sends after it (RFC 9110 §9.3.2 forbids it) is only
// seen here. Bounded in bytes and time (our bounds fail as undici's would); sends, never records or judges.
import { isIP, connect as netConnect, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import { headBound, responseHead } from './interim.ts';
import { MalformedResponseError } from './malformed.ts';
import { rawPathOf } from './transport.ts';

/** How long content after the head is awaited when the server neither sends it nor closes. */
export const HEAD_GRACE_MS = 300;

export interface RawHeadOptions {
  url: string;
  /** Sent as written (no Host: it is the URL's); each value one field line. */
  headers: Record<string, string | string[]>;
  timeoutMs: number;
  maxHeaderBytes: number;
  /** The most content kept after the head; past it the socket is dropped (the content is shown already). */
  maxContentBytes: number;
  graceMs?: number;
  /** The certificates trusted over TLS (tls.ts trustedCa). */
  ca?: string[];
  signal?: AbortSignal;
  onInterim?: (status: number) => void;
}

/** What undici's request gives, the content being whatever followed the head. */
export interface RawHeadAnswer {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: Readable;
}

/** Header lines as undici gives them: names in lower case, a repeated field as an array. */
function headerRecord(lines: ReadonlyArray<readonly [string, string]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of lines) {
    const had = out[name];
    out[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}

/** An error carrying undici's code for the same failure, so the harness names it as it names undici's. */
function coded(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

const FIELD_VALUE = /^[^\0\r\n]*$/;

/** The request's head as it goes on the wire: a HEAD that asks the server to close after its answer. */
export function rawHeadRequest(url: string, headers: Record<string, string | string[]>): string {
  const u = new URL(url);
  // A Host among the headers (--header) goes as undici would send it: in place of the URL's.
  const lines = [`HEAD ${rawPathOf(url)} HTTP/1.1`, ...('host' in headers ? [] : [`host: ${u.host}`])];
  for (const [name, value] of Object.entries(headers))
    for (const v of Array.isArray(value) ? value : [value]) {
      if (!FIELD_VALUE.test(v) || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
        throw coded('UND_ERR_INVALID_ARG', `invalid request header ${JSON.stringify(name)}`);
      lines.push(`${name}: ${v}`);
    }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** A final head (status line to the blank line) as undici gives it: status, lower-case names, repeats as arrays. */
export function parseHead(
  head: string,
  maxHeaderBytes: number,
): { statusCode: number; headers: Record<string, string | string[]> } {
  const [statusLine = '', ...fields] = head.split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})(?: [^\r\n]*)?$/.exec(statusLine);
  if (!status)
    throw coded(
      'HPE_INVALID_CONSTANT',
      `not an HTTP/1.1 status line: ${JSON.stringify(statusLine.slice(0, 40))}`,
    );
  const lines: Array<[string, string]> = [];
  let size = 0;
  for (const line of fields) {
    const m = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/.exec(line);
    if (!m)
      throw coded('HPE_INVALID_HEADER_TOKEN', `invalid header line: ${JSON.stringify(line.slice(0, 40))}`);
    size += m[1]!.length + m[2]!.length;
    lines.push([m[1]!.toLowerCase(), m[2]!]);
  }
  if (size > maxHeaderBytes) throw coded('UND_ERR_HEADERS_OVERFLOW', 'response headers exceed the limit');
  return { statusCode: Number(status[1]), headers: headerRecord(lines) };
}

/** A connection to the URL's origin, and the event that says it is ready for the request. */
function open(u: URL, ca: string[] | undefined): { socket: Socket; ready: string } {
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const https = u.protocol === 'https:';
  const port = Number(u.port || (https ? 443 : 80));
  if (!https) return { socket: netConnect({ host, port }), ready: 'connect' };
  const tls = { ...(isIP(host) ? {} : { servername: host }), ...(ca ? { ca } : {}) };
  return { socket: tlsConnect({ host, port, ...tls }), ready: 'secureConnect' };
}

/**
 * Sends one HEAD and reads its answer: 1xx heads skipped, the final head parsed, then every byte that arrives
 * before the server closes or the grace passes (at most maxContentBytes) as the body.
 */
export function rawHead(options: RawHeadOptions): Promise<RawHeadAnswer> {
  const { timeoutMs, maxHeaderBytes, maxContentBytes, signal } = options;
  const grace = options.graceMs ?? HEAD_GRACE_MS;
  const wire = rawHeadRequest(options.url, options.headers);
  return new Promise((resolve, reject) => {
    const { socket, ready } = open(new URL(options.url), options.ca);
    let pending = Buffer.alloc(0);
    let answer: { statusCode: number; headers: Record<string, string | string[]> } | undefined;
    const content: Buffer[] = [];
    let kept = 0;
    let done = false;
    const finish = (error?: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      if (answer) resolve({ ...answer, body: Readable.from(kept > 0 ? [Buffer.concat(content)] : []) });
      else reject(error ?? coded('UND_ERR_SOCKET', 'other side closed before a response'));
    };
    const onAbort = () => finish(signal?.reason ?? coded('UND_ERR_ABORTED', 'aborted'));
    let timer = setTimeout(
      () => finish(coded('UND_ERR_CONNECT_TIMEOUT', `no connection within ${timeoutMs} ms`)),
      timeoutMs,
    );
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const connected = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => finish(coded('UND_ERR_HEADERS_TIMEOUT', `no response headers within ${timeoutMs} ms`)),
        timeoutMs,
      );
      socket.write(wire, 'latin1');
    };
    socket.once(ready, connected);
    socket.on('data', (chunk: Buffer) => {
      if (answer) return keep(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const head = responseHead(pending, maxHeaderBytes);
        if (head === 'more') return;
        if (head === 'final') break;
        if ('malformed' in head) return finish(new MalformedResponseError(head.malformed));
        options.onInterim?.(head.status);
        pending = pending.subarray(head.length);
      }
      const end = pending.indexOf('\r\n\r\n');
      if (end === -1) {
        if (pending.length > headBound(maxHeaderBytes))
          finish(coded('UND_ERR_HEADERS_OVERFLOW', 'response headers exceed the limit'));
        return;
      }
      try {
        answer = parseHead(pending.toString('latin1', 0, end), maxHeaderBytes);
      } catch (error) {
        return finish(error);
      }
      clearTimeout(timer);
      timer = setTimeout(finish, grace);
      keep(pending.subarray(end + 4));
    });
    const keep = (bytes: Buffer) => {
      if (bytes.length === 0) return;
      const room = maxContentBytes - kept;
      content.push(room < bytes.length ? bytes.subarray(0, room) : bytes);
      kept += Math.min(room, bytes.length);
      if (kept >= maxContentBytes) finish();
    };
    // After the head, a reset or a close ends the content: it is the server's way of ending it.
    socket.on('error', (error) => finish(error));
    socket.on('close', () => finish());
  });
}
