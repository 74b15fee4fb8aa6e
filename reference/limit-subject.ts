// Who a request is charged to by the rate limiter (a key, or the address of a caller without one), as each
// limiter fault keys its counts, and the refusal it answers with when over the limit (a 429, or a fault's page).
import type { IncomingMessage } from 'node:http';
import { keyedClient } from './client-address.ts';
import type { Caller, PipelineContext } from './pipeline-context.ts';
import type { Subject, Verdict } from './rate-limiter.ts';
import { errorReply, type Reply } from './reply.ts';
import { type Route, underBase } from './router.ts';

/**
 * Fault ratelimit-per-worker: which of three worker processes (gunicorn's usual three), each counting on its
 * own, takes the n-th request: whichever the kernel woke first, so uneven, not in turn.
 */
const WORKER_TURNS = [0, 1, 1, 2, 0, 2, 1, 0, 0, 2, 1, 2] as const;

/** Fault ratelimit-per-connection: each socket's number, in the order the server first saw it. */
const SOCKETS = new WeakMap<object, number>();
let socketsSeen = 0;

function connectionOf(req: IncomingMessage): number {
  let n = SOCKETS.get(req.socket);
  if (n === undefined) {
    socketsSeen += 1;
    n = socketsSeen;
    SOCKETS.set(req.socket, n);
  }
  return n;
}

/** The name an Express app's limiter gives a path (fault ratelimit-per-route-429-carried-out). */
function routerName(below: string): string {
  if (below === '/store/orders') return 'list';
  if (below.startsWith('/store/orders/')) return 'order';
  return below.startsWith('/pets/') ? 'pets' : 'other';
}

export function subjectOf(
  ctx: PipelineContext,
  caller: Caller,
  req: IncomingMessage,
  path: string,
  route: Route,
): Subject {
  // Variant limit-per-address: every request from an address in one count, keyed or not (one state, so one
  // kind: a key's, which may ban, as Plack::Middleware::Throttle bans an address).
  if (ctx.variants.has('limit-per-address'))
    return {
      kind: 'key',
      id: `address ${req.socket.remoteAddress ?? 'unknown'}`,
      windows: ctx.addressWindows,
    };
  if (caller.authenticated) {
    const windows = ctx.windowsFor(caller.plan);
    // Fault ratelimit-bucket-per-path: counters keyed by key and path, in a store that resets every counter
    // on one clock (windows aligned to their length), as a memory store keyed by key + path does.
    if (ctx.faults.has('ratelimit-bucket-per-path'))
      return { kind: 'key', id: `${caller.key} ${path}`, windows, family: 'epoch' };
    // Fault ratelimit-bucket-per-route: keyed by the endpoint, each window opened by its own first request
    // (a request no route matches has no endpoint: it is keyed by its method and path, as the router saw it).
    if (ctx.faults.has('ratelimit-bucket-per-route')) {
      const endpoint = ['list', 'cancel', 'pet'].includes(route.kind) ? route.kind : `${req.method} ${path}`;
      return { kind: 'key', id: `${caller.key} ${endpoint}`, windows, family: 'fixed' };
    }
    // Fault ratelimit-per-route-reset-past: keyed by the route as the router resolved it, on clock-aligned
    // windows (a counter per key, route and minute); its Reset is 5.5 h early (rate-limit-headers.ts).
    if (ctx.faults.has('ratelimit-per-route-reset-past')) {
      const endpoint = ['list', 'cancel', 'pet'].includes(route.kind) ? route.kind : 'other';
      return { kind: 'key', id: `${caller.key} ${endpoint}`, windows, family: 'epoch' };
    }
    // Fault ratelimit-per-route-429-carried-out: keyed by method and the router's name for the path (the
    // list, anything under an order, the pets, everything else), as an Express limiter keyed by req.method
    // and a route name is: a HEAD counted apart from its GET, every unknown path in one count.
    if (ctx.faults.has('ratelimit-per-route-429-carried-out')) {
      const id = `${caller.key} ${req.method ?? 'GET'} ${routerName(underBase(path, ctx.basePath))}`;
      return { kind: 'key', id, windows, family: 'fixed' };
    }
    // Faults ratelimit-per-worker(-no-retry-after): three workers, each with its own counters, share the requests.
    if (ctx.faults.has('ratelimit-per-worker') || ctx.faults.has('ratelimit-per-worker-no-retry-after'))
      return {
        kind: 'key',
        id: `${caller.key} worker ${WORKER_TURNS[ctx.counters.requests % WORKER_TURNS.length]}`,
        windows,
      };
    // Fault ratelimit-per-connection: a count per TCP connection, every window on one clock.
    if (ctx.faults.has('ratelimit-per-connection'))
      return { kind: 'key', id: `${caller.key} connection ${connectionOf(req)}`, windows, family: 'epoch' };
    // Fault ratelimit-keyed-by-authorization: counted under the Authorization line's bytes, whatever the
    // scheme's case (the key under "bearer" is the same credentials, RFC 9110 §11.1, with a count of its own).
    // Fault ratelimit-keyed-by-cached-authorization: the same, behind a cache that hides it on a reused connection.
    if (
      ctx.faults.has('ratelimit-keyed-by-authorization') ||
      ctx.faults.has('ratelimit-keyed-by-cached-authorization')
    )
      return { kind: 'key', id: `${caller.key} ${req.headers.authorization ?? ''}`, windows };
    const client = keyedClient(ctx.faults, ctx.variants, req);
    return { kind: 'key', id: client === undefined ? caller.key : `${caller.key} ${client}`, windows };
  }
  return { kind: 'address', id: req.socket.remoteAddress ?? 'unknown', windows: ctx.addressWindows };
}

/** Fault ratelimit-refused-503: the page a reverse proxy's limiter answers with by default. */
const PROXY_503 =
  '<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n</body>\r\n</html>\r\n';

export function tooMany(ctx: PipelineContext, verdict: Verdict): Reply {
  if (ctx.faults.has('ratelimit-refused-503'))
    return { status: 503, body: { type: 'text/html', text: PROXY_503 } };
  if (ctx.faults.has('ratelimit-429-body-text'))
    return { status: 429, body: { type: 'text/plain; charset=utf-8', text: 'Too Many Requests\n' } };
  if (verdict.outcome === 'banned') {
    return errorReply(
      ctx.faults,
      429,
      'KEY_BANNED',
      'This API key is temporarily banned for sending requests before Retry-After had passed.',
    );
  }
  return errorReply(
    ctx.faults,
    429,
    'RATE_LIMITED',
    'Rate limit exceeded; wait for Retry-After before retrying.',
  );
}

/**
 * Fault ratelimit-list-only: the limiter wraps the list alone, so a cancel of a key is neither counted nor
 * refused; its fields are placeholders the app writes itself (the whole Limit left, Reset a window from now).
 */
/**
 * Fault ratelimit-get-only: the limiter is applied to the safe methods alone, so a key's DELETE is neither
 * counted nor refused; the fields middleware still writes the key's count as it stands (Remaining 0 once spent).
 */
export function unlimitedWrite(ctx: PipelineContext, subject: Subject, method: string): Verdict | undefined {
  if (
    !ctx.faults.has('ratelimit-get-only') ||
    subject.kind !== 'key' ||
    method === 'GET' ||
    method === 'HEAD'
  )
    return undefined;
  return ctx.limiter.look(subject);
}

export function unlimitedCancel(ctx: PipelineContext, subject: Subject, route: Route): Verdict | undefined {
  if (!ctx.faults.has('ratelimit-list-only') || subject.kind !== 'key' || route.kind !== 'cancel')
    return undefined;
  const w = subject.windows[0]!;
  const resetMs = ctx.clock() + w.windowMs;
  return {
    outcome: 'allowed',
    report: {
      limit: w.limit,
      remaining: w.limit,
      attempts: 0,
      resetMs,
      windowMs: w.windowMs,
      firstResetMs: resetMs,
    },
  };
}
