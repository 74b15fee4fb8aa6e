// The recording proxy: every request it receives goes to the target unchanged (any method, the headers as
// sent, duplicates and case kept, the body streamed) and the target's answer comes back unchanged, streamed
// too; each exchange is recorded as a HAR entry would hold it, for the passive judge. It never adds, retries or
// delays a request: when the target fails, the client's connection is cut as the target cut it. It answers
// itself only what it does not forward (a request target not in origin-form: 400) or cannot relay (its own
// error: 502/500), recorded as its own. Memory is bounded: bodies in flight share one budget (proxy-body.ts),
// half-open connections meet a headers timeout, and the connections it holds a cap.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { RecordedEntry } from '../lib/formats/har.ts';
import { Budget, SMALL_POOL_BYTES } from './proxy-body.ts';
import { forward } from './proxy-exchange.ts';

/** The connections held at once: each a small body's share of the small pool (proxy-body.ts). */
export const MAX_CONNECTIONS = 256;
/** How long a client may take to send a request's header section (Node's own default is 60 s). */
export const HEADERS_TIMEOUT_MS = 30_000;

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
  /** Told the code of each error of the proxy's own (that exchange ended, the proxy serves on). */
  onInternalError?(code: string): void;
  /** Told of each connection refused because MAX_CONNECTIONS were open. */
  onDrop?(): void;
  /** Limits of the listening side (tests lower them). */
  maxConnections?: number;
  headersTimeoutMs?: number;
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

export function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const target = new URL(options.target);
  const prefix = target.pathname.replace(/\/+$/, '');
  const secure = target.protocol === 'https:';
  const agent = secure
    ? new https.Agent({ keepAlive: true, ...(options.tls ? { ca: options.tls.ca } : {}) })
    : new http.Agent({ keepAlive: true });
  // No keep-alive: each HEAD on a connection closed after it (engine/proxy-head.ts reads what follows its head).
  const headAgent = secure
    ? new https.Agent({ keepAlive: false, ...(options.tls ? { ca: options.tls.ca } : {}) })
    : new http.Agent({ keepAlive: false });
  let inFlight = 0;
  let connections = 0;
  let stopping = false;
  const budgets = { small: new Budget(SMALL_POOL_BYTES), lists: new Budget(options.maxResponseBytes) };
  const internalError = (code: string) => {
    try {
      options.onInternalError?.(code);
    } catch {
      // The caller's own trouble: the exchange it was told of has ended already.
    }
  };
  const scope = {
    target,
    prefix,
    agent,
    headAgent,
    budgets,
    stopping: () => stopping,
    internalError,
    record(entry: RecordedEntry) {
      inFlight -= 1;
      options.onExchange(entry);
    },
  };
  const headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const server = http.createServer(
    {
      // No limit of its own on a request the target would wait for, only on a client that never sends one.
      requestTimeout: 0,
      headersTimeout,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(headersTimeout / 4))),
    },
    (req, res) => {
      clearTimeout(firstHeaders.get(req.socket));
      inFlight += 1;
      forward(scope, req, res);
    },
  );
  // Node's own check of the headers timeout runs on an interval; a connection that never completes its first
  // header section is also closed by a timer of its own, so that none is held past the timeout.
  const firstHeaders = new WeakMap<object, NodeJS.Timeout>();
  server.keepAliveTimeout = 5000;
  server.maxConnections = options.maxConnections ?? MAX_CONNECTIONS;
  server.on('drop', () => options.onDrop?.());
  // A CONNECT (authority-form) is no request of an API: refused on its connection, forwarded nowhere.
  server.on('connect', (_req, socket) => {
    socket.on('error', () => {});
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  server.on('connection', (socket: Socket) => {
    connections += 1;
    const timer = setTimeout(() => {
      if (!server.listening || socket.destroyed) return;
      socket.destroy();
    }, headersTimeout);
    timer.unref();
    firstHeaders.set(socket, timer);
    socket.once('close', () => clearTimeout(timer));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.removeListener('error', reject);
      // An error of the listening socket (EMFILE at accept) ends no session: it is the proxy's own.
      server.on('error', (e: NodeJS.ErrnoException) => internalError(e.code ?? 'E_LISTEN'));
      const { port } = server.address() as AddressInfo;
      const host = options.host.includes(':') ? `[${options.host}]` : options.host;
      resolve({
        url: `http://${host}:${port}`,
        inFlight: () => inFlight,
        connections: () => connections,
        close: (graceMs = 2000) =>
          new Promise<void>((done) => {
            stopping = true;
            server.close(() => {
              agent.destroy();
              headAgent.destroy();
              done();
            });
            server.closeIdleConnections();
            setTimeout(() => server.closeAllConnections(), graceMs).unref();
          }),
      });
    });
  });
}
