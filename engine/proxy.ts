// The recording proxy: every request it receives goes to the target unchanged (any method, the headers as
// sent, duplicates and case kept, the body streamed) and the target's answer comes back unchanged, streamed
// too; each exchange is recorded as a HAR entry would hold it, for the passive judge. It never adds, retries,
// delays or answers a request itself: when the target fails, the client's connection is cut as the target cut
// it. Memory is bounded: list bodies are kept whole while they fit --max-response-bytes in all (the rest cut,
// as any other body is, at 64 KiB).
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { RecordedEntry } from '../lib/formats/har.ts';

/** What any body but a list's is kept of: enough for every check that reads one (the transcript keeps 16 KiB). */
const KEPT_BYTES = 64 * 1024;

/** Hop-by-hop fields (RFC 9110 §7.6.1): they belong to one connection, never forwarded across it. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface ProxyOptions {
  /** Where requests go: an origin, or a URL whose path is put before each request's path. */
  target: string;
  host: string;
  port: number;
  /** What list bodies kept whole for the checks may take in all (the proxy forwards any size). */
  maxResponseBytes: number;
  /** Told of each exchange once its response has ended (or failed). */
  onExchange(entry: RecordedEntry): void;
  /** Certificates to trust for a TLS target besides Node's (NODE_EXTRA_CA_CERTS is read at start too). */
  tls?: { ca: string | Buffer };
}

export interface RunningProxy {
  /** Where clients send: http://host:port. */
  url: string;
  /** Exchanges under way. */
  inFlight(): number;
  /** Connections clients opened to it so far (keep-alive reuses them). */
  connections(): number;
  /** Stops taking requests; resolves once those under way have ended (each is cut after `graceMs`). */
  close(graceMs?: number): Promise<void>;
}

/** Header pairs of raw headers, the hop-by-hop ones (and those Connection names) left out. */
function endToEnd(raw: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
  const named = new Set(
    pairs
      .filter(([n]) => n.toLowerCase() === 'connection')
      .flatMap(([, v]) => v.split(',').map((t) => t.trim().toLowerCase())),
  );
  return pairs.filter(([n]) => !HOP_BY_HOP.has(n.toLowerCase()) && !named.has(n.toLowerCase()));
}

const lower = (pairs: Array<[string, string]>): Array<[string, string]> =>
  pairs.map(([n, v]) => [n.toLowerCase(), v]);

/** A body kept up to `limit` bytes: whole or cut, and how many bytes went through. */
class Tap {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  bytes = 0;
  constructor(private readonly limit: number) {}
  add(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.kept >= this.limit) return;
    const part = chunk.subarray(0, this.limit - this.kept);
    this.chunks.push(part);
    this.kept += part.length;
  }
  get whole(): boolean {
    return this.bytes === this.kept;
  }
  body(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

export function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const target = new URL(options.target);
  const prefix = target.pathname.replace(/\/+$/, '');
  const secure = target.protocol === 'https:';
  const agent = secure
    ? new https.Agent({ keepAlive: true, ...(options.tls ? { ca: options.tls.ca } : {}) })
    : new http.Agent({ keepAlive: true });
  let inFlight = 0;
  let connections = 0;
  /** What is left of the bytes list bodies may be kept whole in. */
  let wholeLeft = options.maxResponseBytes;

  const server = http.createServer((req, res) => {
    inFlight += 1;
    const startedMs = Date.now();
    const url = `${target.origin}${prefix}${req.url ?? '/'}`;
    const requestHeaders = endToEnd(req.rawHeaders).map(([n, v]): [string, string] =>
      n.toLowerCase() === 'host' ? [n, target.host] : [n, v],
    );
    const isList = req.method === 'GET' && /\/store\/orders\/?(\?|$)/.test(req.url ?? '');
    const tap = new Tap(isList ? Math.max(KEPT_BYTES, wholeLeft) : KEPT_BYTES);
    let status = 0;
    let responseHeaders: Array<[string, string]> = [];
    let recorded = false;
    const record = (
      error?: { code: string; message: string },
      bodyError?: { code: string; message: string },
    ) => {
      if (recorded) return;
      recorded = true;
      inFlight -= 1;
      if (isList && tap.whole) wholeLeft = Math.max(0, wholeLeft - tap.bytes);
      options.onExchange({
        source: `proxy#${startedMs}`,
        startedMs,
        durationMs: Date.now() - startedMs,
        method: (req.method ?? 'GET').toUpperCase(),
        url,
        requestHeaders: lower(requestHeaders),
        status,
        responseHeaders: lower(responseHeaders),
        ...(status > 0
          ? { body: tap.body(), bodyBytes: tap.bytes, bodyWhole: tap.whole && !bodyError }
          : { bodyBytes: 0, bodyWhole: false }),
        ours: {
          framed: true,
          ...(error ? { error } : {}),
          ...(bodyError ? { bodyError } : {}),
        },
      });
    };
    const failure = (e: NodeJS.ErrnoException) => ({ code: e.code ?? 'E_HTTP', message: e.message });
    const upstream = (secure ? https : http).request(url, {
      method: req.method,
      headers: requestHeaders.flat(),
      agent,
    });
    upstream.on('response', (up) => {
      status = up.statusCode ?? 0;
      responseHeaders = endToEnd(up.rawHeaders);
      res.sendDate = false;
      res.writeHead(status, up.statusMessage ?? '', responseHeaders.flat());
      up.on('data', (chunk: Buffer) => tap.add(chunk));
      up.on('error', (e) => {
        record(undefined, failure(e));
        res.destroy();
      });
      up.on('aborted', () => {
        record(undefined, {
          code: 'ECONNRESET',
          message: 'the target closed the connection before the body ended',
        });
        res.destroy();
      });
      up.on('end', () => record());
      up.pipe(res);
    });
    upstream.on('error', (e) => {
      // No answer of the target's to give: the client's connection is cut, as the target's was.
      record(failure(e));
      req.socket.destroy();
    });
    // A client that goes away mid-exchange takes the upstream request with it, as its own would have gone.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  // No limit of its own on a request the target would wait for (Node's defaults cut one at 5 minutes).
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  server.keepAliveTimeout = 5000;
  server.on('connection', () => {
    connections += 1;
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      const { port } = server.address() as AddressInfo;
      const host = options.host.includes(':') ? `[${options.host}]` : options.host;
      resolve({
        url: `http://${host}:${port}`,
        inFlight: () => inFlight,
        connections: () => connections,
        close: (graceMs = 2000) =>
          new Promise<void>((done) => {
            server.close(() => {
              agent.destroy();
              done();
            });
            server.closeIdleConnections();
            setTimeout(() => server.closeAllConnections(), graceMs).unref();
          }),
      });
    });
  });
}
