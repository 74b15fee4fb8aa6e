// Public entry of the reference server: startReferenceServer() and the types the harness imports.
// Must not import from lib/: the reference stays independent of the checker that judges it.

import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { leaveUnread, misreadLine } from './body-unread.ts';
import { crash, crashesOn, dropsOn } from './crash.ts';
import { FaultSet } from './faults/fault-set.ts';
import { FrontCache, SHARED_FRONT_CACHE_MS, SHORT_FRONT_CACHE_MS } from './front-cache.ts';
import { FrontLimiter } from './front-limiter.ts';
import { handleRequest, type PipelineContext } from './handler.ts';
import { writeRaw } from './http-writer.ts';
import { KeyListCache, ListCache } from './list-cache.ts';
import { DEFAULT_ENTERPRISE_LIMITS, type Plan, windowsFor } from './plans.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';
import { RateLimiter } from './rate-limiter.ts';
import { errorReply } from './reply.ts';
import { DEMO_KEY, fixtureIds, normalizeSeed } from './seed.ts';
import { checkOptions, type ReferenceServerOptions } from './server-options.ts';
import { OrderStore } from './store.ts';
import { basePathOf, familyOf, seedOf } from './variant-choices.ts';
import { VariantSet } from './variants/variant-set.ts';

export { AREAS, type Area, FAULTS, type FaultId, type FaultInfo, type Place } from './faults/catalogue.ts';
export type { Plan } from './plans.ts';
export {
  DEFAULT_ORDERS,
  DEFAULT_PENDING_IDS,
  DEFAULT_SHIPPED_IDS,
  DEMO_KEY,
  SECOND_DEMO_KEY,
  type SeedOrder,
} from './seed.ts';
export type { ReferenceServerOptions } from './server-options.ts';
export { VARIANTS, type VariantId, type VariantInfo } from './variants/catalogue.ts';

export interface RunningReference {
  baseUrl: string;
  demoKey: string;
  fixtures: { pending: string[]; shipped: string[] };
  stats(): { requests: number; limited: number; early: number; bans: number };
  /** Requests charged to an API key and to a client address (the unauthenticated bucket) so far. */
  subjects(): { key: number; address: number };
  orders(): Array<{ id: string; status: 'pending' | 'shipped' | 'cancelled' }>;
  close(): Promise<void>;
}

export const DEFAULT_BAN_SECONDS = 600;
export const DEFAULT_BAN_AFTER = 3;
// Long enough for a request line with a very long id to reach the router, which answers 400 for it.
const MAX_HEADER_BYTES = 64 * 1024;
const CLOSE_GRACE_MS = 1000;

function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<RunningReference> {
  checkOptions(options);
  const faults = new FaultSet(options.faults ?? []);
  const variants = new VariantSet(options.variants ?? []);
  const seed = seedOf(variants, options.orders);
  const stored = normalizeSeed(seed.orders);
  const keys = options.keys ?? [{ key: DEMO_KEY, plan: 'free' as const }];
  const clock = options.clock ?? Date.now;
  const enterprise = options.enterpriseLimits ?? DEFAULT_ENTERPRISE_LIMITS;
  const limiter = new RateLimiter({
    clock,
    faults,
    banAfter: options.banAfter ?? DEFAULT_BAN_AFTER,
    banMs: (options.banSeconds ?? DEFAULT_BAN_SECONDS) * 1000,
    family: familyOf(variants),
  });
  const keyWindows = (plan: Plan) => windowsFor(plan, enterprise, options.rateLimit);
  const ctx: PipelineContext = {
    store: new OrderStore(stored),
    faults,
    variants,
    limiter,
    keys: new Map(keys.map((k) => [k.key, k.plan])),
    demoKey: keys[0]!.key,
    windowsFor: keyWindows,
    // Unauthenticated callers are limited per address with the Free plan's numbers (or their own, smaller).
    addressWindows: variants.has('address-limit-separate')
      ? keyWindows('free').map((w) => ({ ...w, limit: Math.max(10, Math.floor(w.limit / 4)) }))
      : keyWindows('free'),
    basePath: basePathOf(variants),
    clock,
    counters: { requests: 0, key: 0, address: 0 },
    log: options.log,
    ...(options.delayMs ? { delayMs: options.delayMs } : {}),
    ...(faults.has('ratelimit-front-403') ? { front: new FrontLimiter(keyWindows('free')[0]!) } : {}),
    ...(faults.has('ratelimit-list-cache-replays') ? { listCache: new ListCache() } : {}),
    ...(faults.has('ratelimit-list-front-cache') ? { frontCache: new FrontCache() } : {}),
    ...(faults.has('auth-list-front-cache')
      ? { frontCache: new FrontCache(SHARED_FRONT_CACHE_MS, true) }
      : {}),
    ...(faults.has('ratelimit-list-cache-within-window')
      ? { frontCache: new FrontCache(SHORT_FRONT_CACHE_MS) }
      : {}),
    ...(faults.has('list-cache-per-key') || variants.has('list-cache-per-key-evicted')
      ? { keyListCache: new KeyListCache() }
      : {}),
  };

  let crashed = false;
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    // Fault request-body-unread: the content left unread before this request makes its line no request line.
    if (faults.has('request-body-unread')) {
      if (misreadLine(req) !== undefined) {
        refuseUnparsed(req.socket, 'HPE_INVALID_METHOD');
        return;
      }
      leaveUnread(req);
    }
    // Fault orderid-percent-ff-crash: the process dies on the request, which gets no answer.
    if (faults.has('orderid-percent-ff-crash') && crashesOn(req)) {
      crashed = true;
      crash(server);
      options.onCrash?.();
      return;
    }
    // Fault unanswered-dotted-path: the socket is destroyed with no answer; the server answers every other request.
    if (faults.has('unanswered-dotted-path') && dropsOn(req)) {
      req.socket.destroy();
      return;
    }
    handleRequest(ctx, req, res).catch((error: unknown) => {
      ctx.log?.(`pipeline failure: ${String(error)}`);
      res.destroy();
    });
  });
  // Idle connections are kept a minute, as many production servers and proxies keep them, rather than node's
  // 5 s: on a starved machine a client that decided to reuse a connection could otherwise write to it seconds
  // later, just as the server closes it (ECONNRESET), which is the machine's doing, not a finding.
  server.keepAliveTimeout = 65_000;
  /** A request no HTTP/1.1 parser could read: an Error body and the address's limits, then the close. */
  const refuseUnparsed = (socket: Socket, code: string | undefined) => {
    ctx.counters.address += 1;
    const verdict = limiter.take({
      kind: 'address',
      id: socket.remoteAddress ?? 'unknown',
      windows: ctx.addressWindows,
    });
    const tooLarge = code === 'HPE_HEADER_OVERFLOW';
    const reply =
      verdict.outcome !== 'allowed'
        ? errorReply(
            faults,
            429,
            'RATE_LIMITED',
            'Rate limit exceeded; wait for Retry-After before retrying.',
          )
        : tooLarge
          ? errorReply(faults, 431, 'HEADERS_TOO_LARGE', 'The request line and headers are too large.')
          : errorReply(faults, 400, 'BAD_REQUEST', 'The request is not valid HTTP/1.1.');
    writeRaw(socket, reply, rateLimitHeaders(verdict, reply.status, clock(), faults, variants));
  };
  // Requests node cannot parse never reach the pipeline; they still get an Error body and the address's limits.
  server.on('clientError', (error: NodeJS.ErrnoException, duplex) => {
    // Node documents this argument as a net.Socket unless a custom server passed another stream.
    const socket = duplex as Socket;
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    refuseUnparsed(socket, error.code);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://${urlHost(options.host ?? '127.0.0.1')}:${port}${basePathOf(variants)}/v1`,
    demoKey: ctx.demoKey,
    // Generated orders (variant large-store) are not handed out as fixtures.
    fixtures: fixtureIds(stored.slice(0, seed.fixtureCount)),
    stats: () => ({ requests: ctx.counters.requests, ...limiter.stats }),
    subjects: () => ({ key: ctx.counters.key, address: ctx.counters.address }),
    orders: () => ctx.store.list().map((o) => ({ id: o.id.toString(), status: o.status })),
    close: () => {
      // A crashed server closed already, and says nothing more.
      if (crashed) return Promise.resolve();
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        // In-flight requests get a moment to finish; then their connections are cut.
        setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
      });
      return closing;
    },
  };
}
