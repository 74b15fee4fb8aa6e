// The transport to the target, on undici's public API only (Agent, buildConnector, Dispatcher#request): a
// connector that adds the CA file to the trusted roots, skips interim (1xx) responses and can leave out an empty
// Content-Length (omit-length.ts); the harness's header and body caps and timeouts; one request from a URL whose
// path may go on the wire as written. Opens connections and sends; never records, retries, follows a redirect or judges.
import type { Socket } from 'node:net';
import { Agent, buildConnector, type Dispatcher, ProxyAgent } from 'undici';
import type { ProxySettings } from '../config/config.ts';
import { proxyFor } from './dispatcher.ts';
import { watchIdleAnswers } from './idle-answer.ts';
import { skipInterimResponses } from './interim.ts';
import { omitEmptyLengths } from './omit-length.ts';

export interface TransportSettings {
  /** Connect, headers and body-gap timeout. */
  timeoutMs: number;
  maxResponseBytes: number;
  /** The largest response header section read (names and values), as undici counts it. */
  maxHeaderBytes: number;
  /** The certificates trusted (tls.ts trustedCa): Node's own roots, unless a CA file adds to them. */
  ca?: string[];
  /** Told of each interim (1xx) response skipped. */
  onInterim?: (status: number) => void;
  /** Told of each connection opened to the target (not through a proxy, whose sockets are its own). */
  onSocket?: () => void;
  /** The target, and the proxies the environment names: the connections go through one when it applies. */
  baseUrl?: string;
  proxy?: ProxySettings;
}

/** The keep-alive figures of an agent, stated rather than left to undici's defaults (connections.ts mirrors them). */
export interface KeepAlive {
  keepAliveTimeout: number;
  keepAliveTimeoutThreshold: number;
  keepAliveMaxTimeout: number;
}

/**
 * An undici Agent with the harness's limits, whose connections skip 1xx responses; or, when the environment
 * names a proxy for the target (dispatcher.ts), undici's ProxyAgent with the same limits (a CONNECT tunnel for
 * https; for http the request in absolute form, as curl sends it), whose proxy skips no 1xx of its own.
 */
export function newAgent(settings: TransportSettings, keepAlive: KeepAlive): Dispatcher {
  const { timeoutMs, maxResponseBytes, maxHeaderBytes, ca, onInterim } = settings;
  const limits = {
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    maxResponseSize: maxResponseBytes,
    maxHeaderSize: maxHeaderBytes,
    ...keepAlive,
  };
  const uri = settings.baseUrl !== undefined ? proxyFor(settings.baseUrl, settings.proxy) : undefined;
  if (uri !== undefined)
    return new ProxyAgent({
      ...limits,
      uri,
      proxyTunnel: new URL(settings.baseUrl!).protocol === 'https:',
      ...(ca ? { requestTls: { ca } } : {}),
    });
  const connect = buildConnector({ timeout: timeoutMs, ...(ca ? { ca } : {}) });
  return new Agent({
    ...limits,
    connect: (options, callback) =>
      connect(options, (error, socket) => {
        if (socket) {
          settings.onSocket?.();
          skipInterimResponses(socket, maxHeaderBytes, onInterim);
          watchIdleAnswers(socket as Socket);
          omitEmptyLengths(socket);
        }
        callback(error, socket as never);
      }),
  });
}

export interface RequestOptions {
  method: Dispatcher.HttpMethod;
  headers: Record<string, string | string[]>;
  dispatcher: Dispatcher;
  signal?: AbortSignal;
  /**
   * Send the URL's path and query as written: URL parsing resolves dot segments ("/./", "/../", "%2e"), which
   * the path-spelling checks must put on the wire as they are. Off: the URL's parsed path and query.
   */
  verbatimPath?: boolean;
}

/** The path and query of an absolute http(s) URL as written, nothing resolved. */
export function rawPathOf(url: string): string {
  const authority = url.indexOf('//');
  const slash = url.indexOf('/', authority + 2);
  return slash === -1 ? '/' : url.slice(slash);
}

/** One request to `url` on `dispatcher` (Dispatcher#request), as undici's own request(url) would send it. */
export function request(url: string, options: RequestOptions): Promise<Dispatcher.ResponseData> {
  const { dispatcher, verbatimPath, ...rest } = options;
  const parsed = new URL(url);
  return dispatcher.request({
    ...rest,
    origin: parsed.origin,
    path: verbatimPath ? rawPathOf(url) : `${parsed.pathname}${parsed.search}`,
  });
}
