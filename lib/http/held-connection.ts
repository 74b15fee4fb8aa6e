// One connection held open across the requests sent on it (SendOptions.heldConnection): each written once the
// answer before it was read whole, on the same socket while the server keeps it open, so the server must read
// it where the one before ended (RFC 9112 §6.3, §9.3). Node's client, not undici: undici never reuses a
// connection after a request carrying content its method does not expect (a GET's). Sends; never records.
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';

/** What one request on the held connection gives: undici's shape, and whether it went on the socket before. */
export interface HeldAnswer {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: Readable;
  /** It was written on the connection the answer before it came on (not on one opened for it). */
  reused: boolean;
}

export interface HeldRequest {
  url: string;
  method: string;
  headers: Record<string, string | string[]>;
  /** Written after the head, as the Content-Length among the headers frames it. */
  content?: string;
  timeoutMs: number;
  maxHeaderBytes: number;
  maxResponseBytes: number;
  signal: AbortSignal;
}

/** An error carrying undici's code for the same failure, so the harness names it as it names undici's. */
function coded(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** Header lines as undici gives them: names in lower case, a repeated field as an array. */
function headerRecord(raw: readonly string[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const had = out[name];
    out[name] =
      had === undefined ? raw[i + 1]! : Array.isArray(had) ? [...had, raw[i + 1]!] : [had, raw[i + 1]!];
  }
  return out;
}

/** The body, failing as undici's cap does past `cap` bytes. */
async function* capped(body: AsyncIterable<Buffer>, cap: number): AsyncGenerator<Buffer> {
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > cap) throw coded('UND_ERR_RES_EXCEEDED_MAX_SIZE', `response body larger than ${cap} bytes`);
    yield chunk;
  }
}

export class HeldConnection {
  private readonly agent: http.Agent;
  /** The socket the last answer came on. */
  private socket: Socket | undefined;
  /** Whether the last request went on the connection the answer before it came on. */
  reused = false;

  /** Over TLS for an https target, trusting `ca` when given (tls.ts trustedCa). */
  constructor(secure: boolean, ca?: string[]) {
    const options = { keepAlive: true, maxSockets: 1, maxFreeSockets: 1, ...(ca ? { ca } : {}) };
    this.agent = secure ? new https.Agent(options) : new http.Agent(options);
  }

  /**
   * Whether the server closed the connection the last answer came on, waiting at most `graceMs` for a close
   * that answer's end may be followed by (a server that closes without saying so).
   */
  closedWithin(graceMs: number): Promise<boolean> {
    const s = this.socket;
    if (!s || s.destroyed || s.readableEnded) return Promise.resolve(true);
    return new Promise((done) => {
      const timer = setTimeout(() => {
        s.off('close', onClose);
        done(s.destroyed || s.readableEnded);
      }, graceMs);
      const onClose = () => {
        clearTimeout(timer);
        done(true);
      };
      s.once('close', onClose);
    });
  }

  send(r: HeldRequest): Promise<HeldAnswer> {
    const lib = new URL(r.url).protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = lib.request(r.url, {
        method: r.method,
        headers: r.headers,
        agent: this.agent,
        maxHeaderSize: r.maxHeaderBytes,
        signal: r.signal,
      });
      req.setTimeout(r.timeoutMs, () =>
        req.destroy(coded('UND_ERR_HEADERS_TIMEOUT', `no response within ${r.timeoutMs} ms`)),
      );
      // Every header line is read (node keeps 2,000 by default), within the cap on their bytes.
      req.maxHeadersCount = 0;
      req.on('socket', (s) => {
        this.socket = s;
      });
      // Node's parser names the cap on header bytes its own way: named as undici names it.
      req.on('error', (e: NodeJS.ErrnoException) =>
        reject(
          e.code === 'HPE_HEADER_OVERFLOW'
            ? coded('UND_ERR_HEADERS_OVERFLOW', 'response headers exceed the limit')
            : e,
        ),
      );
      req.on('response', (res) => {
        res.on('error', () => undefined);
        this.reused = req.reusedSocket;
        resolve({
          statusCode: res.statusCode ?? 0,
          headers: headerRecord(res.rawHeaders),
          body: Readable.from(capped(res, r.maxResponseBytes)),
          reused: req.reusedSocket,
        });
      });
      req.end(r.content);
    });
  }

  /** Closes the connection, whatever it was doing. */
  close(): void {
    this.agent.destroy();
  }
}
