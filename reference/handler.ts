// The request pipeline: identify the caller, rate-limit, refuse the unauthenticated, route, write.
// Must not leak whether an order or route exists before auth (spec §5 rule 3), unless a fault says so.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { bearerChallenge, type Credentials, parseAuthorization } from './auth.ts';
import { keyedClient } from './client-address.ts';
import type { RouteContext } from './context.ts';
import { petsDeprecationHeaders } from './deprecation.ts';
import { refusedAtFront } from './front.ts';
import type { FrontLimiter } from './front-limiter.ts';
import { writeReply } from './http-writer.ts';
import { misplacedKeys } from './misplaced-keys.ts';
import { cancelNotAtomic, cancelOrder, listOrders } from './orders-route.ts';
import { routedPath } from './path-faults.ts';
import { getPet } from './pets-route.ts';
import type { Plan, WindowSpec } from './plans.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';
import type { RateLimiter, Subject, Verdict } from './rate-limiter.ts';
import { errorReply, labelled, type Reply } from './reply.ts';
import { isPetsRoute, matchRoute, type Route, splitTarget, underBase } from './router.ts';
import { surfaceFaults } from './surface-faults.ts';
import { shapeReply } from './variant-shape.ts';
import { refusedWithoutLength, refusedWrite } from './write-refusals.ts';

export const REALM = 'order-store';

/**
 * Fault ratelimit-per-worker: which of three worker processes (gunicorn's usual three), each counting on its
 * own, takes the n-th request: whichever the kernel woke first, so uneven, not in turn.
 */
const WORKER_TURNS = [0, 1, 1, 2, 0, 2, 1, 0, 0, 2, 1, 2] as const;

export interface PipelineContext extends RouteContext {
  limiter: RateLimiter;
  keys: ReadonlyMap<string, Plan>;
  demoKey: string;
  windowsFor: (plan: Plan) => WindowSpec[];
  addressWindows: WindowSpec[];
  /** What comes before /v1 in every path ('' by default). */
  basePath: string;
  /** Requests received, and how many each kind of rate-limit subject was charged (a key, an address). */
  counters: { requests: number; key: number; address: number };
  /** Fault ratelimit-front-403: the proxy before the application, with its own limit per address. */
  front?: FrontLimiter;
  /** Held before each answer: a distant server's round trip (ReferenceServerOptions.delayMs). */
  delayMs?: number;
  log?: (line: string) => void;
}

type Caller =
  | { authenticated: true; key: string; plan: Plan }
  | { authenticated: false; credentials: Credentials };

/** Fault auth-key-case-insensitive: the key compared as a lower-case string. */
function caseInsensitiveMatch(ctx: PipelineContext, token: string): Plan | undefined {
  if (!ctx.faults.has('auth-key-case-insensitive')) return undefined;
  for (const [key, plan] of ctx.keys) if (key.toLowerCase() === token.toLowerCase()) return plan;
  return undefined;
}

function identify(ctx: PipelineContext, req: IncomingMessage, query: URLSearchParams, route: Route): Caller {
  const { faults } = ctx;
  const credentials = parseAuthorization(req.headersDistinct.authorization, {
    schemeCaseSensitive: faults.has('auth-scheme-case-sensitive'),
    anyScheme: faults.has('auth-other-scheme-accepted'),
    tokenScheme: faults.has('auth-token-scheme-accepted'),
    firstWordOnly: faults.has('auth-trailing-text-accepted'),
    firstLineOnly: ctx.variants.has('authorization-first-line'),
  });
  if (credentials.kind === 'bearer') {
    const plan = ctx.keys.get(credentials.token) ?? caseInsensitiveMatch(ctx, credentials.token);
    if (plan) return { authenticated: true, key: credentials.token, plan };
    if (faults.has('auth-any-token'))
      return { authenticated: true, key: ctx.demoKey, plan: ctx.keys.get(ctx.demoKey)! };
  }
  // Fault auth-empty-bearer-accepted: a Bearer with no token falls through to a default caller.
  if (credentials.kind === 'malformed' && !credentials.tokenGiven && faults.has('auth-empty-bearer-accepted'))
    return { authenticated: true, key: ctx.demoKey, plan: ctx.keys.get(ctx.demoKey)! };
  const queryKey = faults.has('auth-query-key') ? query.get('api_key') : null;
  const queryPlan = queryKey === null ? undefined : ctx.keys.get(queryKey);
  if (queryKey !== null && queryPlan) return { authenticated: true, key: queryKey, plan: queryPlan };
  for (const key of misplacedKeys(faults, req, isPetsRoute(route))) {
    const plan = ctx.keys.get(key);
    if (plan) return { authenticated: true, key, plan };
  }
  return { authenticated: false, credentials };
}

function unauthorized(ctx: PipelineContext, credentials: Credentials): Reply {
  const headers: Record<string, string> = ctx.faults.has('auth-no-www-authenticate')
    ? {}
    : ctx.faults.has('auth-challenge-basic')
      ? { 'WWW-Authenticate': `Basic realm="${REALM}"` }
      : { 'WWW-Authenticate': bearerChallenge(credentials, REALM, ctx.variants.has('challenge-lower-case')) };
  const message =
    credentials.kind === 'none'
      ? 'Send the API key as "Authorization: Bearer <key>".'
      : 'The credentials are not a valid API key sent as "Authorization: Bearer <key>".';
  return errorReply(ctx.faults, 401, 'UNAUTHORIZED', message, headers);
}

/** Fault ratelimit-refused-503: the page a reverse proxy's limiter answers with by default. */
const PROXY_503 =
  '<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n</body>\r\n</html>\r\n';

function tooMany(ctx: PipelineContext, verdict: Verdict): Reply {
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

/** `dryRun` (fault auth-after-existence): only the errors routing and lookup would give, nothing changed. */
function dispatch(
  ctx: PipelineContext,
  route: Route,
  query: URLSearchParams,
  dryRun: boolean,
  accept = '',
): Reply | undefined {
  switch (route.kind) {
    case 'not-found':
      return errorReply(ctx.faults, 404, 'NOT_FOUND', 'No such resource in this API.');
    case 'method-not-allowed':
      return errorReply(ctx.faults, 405, 'METHOD_NOT_ALLOWED', `Allowed: ${route.allow}.`, {
        Allow: route.allow,
      });
    case 'list':
      return dryRun ? undefined : listOrders(ctx, query, accept);
    case 'cancel':
      return cancelOrder(ctx, route.rawId, dryRun);
    case 'pet':
      return getPet(ctx, route.rawId, dryRun);
  }
}

async function respond(
  ctx: PipelineContext,
  route: Route,
  caller: Caller,
  query: URLSearchParams,
  unguarded: boolean,
  accept = '',
): Promise<Reply> {
  const exempt = unguarded || (route.kind === 'pet' && ctx.faults.has('pets-no-auth'));
  if (!caller.authenticated && !exempt) {
    // Fault cancel-then-401: the handler ran before the guard, whose 401 comes too late to undo it.
    if (route.kind === 'cancel' && ctx.faults.has('cancel-then-401')) cancelOrder(ctx, route.rawId, false);
    const revealed = ctx.faults.has('auth-after-existence') ? dispatch(ctx, route, query, true) : undefined;
    return revealed ?? unauthorized(ctx, caller.credentials);
  }
  if (route.kind === 'cancel' && ctx.faults.has('cancel-not-atomic'))
    return cancelNotAtomic(ctx, route.rawId);
  return dispatch(ctx, route, query, false, accept)!;
}

function subjectOf(
  ctx: PipelineContext,
  caller: Caller,
  req: IncomingMessage,
  path: string,
  route: Route,
): Subject {
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
    // Fault ratelimit-per-worker: three workers, each with its own counters, share the requests.
    if (ctx.faults.has('ratelimit-per-worker'))
      return {
        kind: 'key',
        id: `${caller.key} worker ${WORKER_TURNS[ctx.counters.requests % WORKER_TURNS.length]}`,
        windows,
      };
    const client = keyedClient(ctx.faults, ctx.variants, req);
    return { kind: 'key', id: client === undefined ? caller.key : `${caller.key} ${client}`, windows };
  }
  return { kind: 'address', id: req.socket.remoteAddress ?? 'unknown', windows: ctx.addressWindows };
}

/** Keeps keys out of the access log even when a client puts one in the query. */
function redactQuery(query: string): string {
  return query.replace(/(^|&)((?:api_?key|access_token|token|key)=)[^&]*/gi, '$1$2[redacted]');
}

export async function handleRequest(
  ctx: PipelineContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  ctx.counters.requests += 1;
  if (ctx.delayMs) await delay(ctx.delayMs);
  // Variant front-request-line-limit: refused before the application, so counted by no limiter.
  if (ctx.variants.has('front-request-line-limit') && refusedAtFront(req, res)) return;
  // Variant write-length-required: the stack answers a write that names no length itself, before any limiter.
  if (ctx.variants.has('write-length-required') && refusedWithoutLength(req, res)) return;
  // Fault ratelimit-front-403: refused by the proxy before the application, so counted by no limiter of its.
  if (ctx.front?.refused(req, res, ctx.clock())) return;
  const started = ctx.clock();
  const { path, query: rawQuery } = splitTarget(req.url ?? '/');
  const query = new URLSearchParams(rawQuery);
  const method = req.method ?? 'GET';
  const below = underBase(path, ctx.basePath);
  // Fault api-not-under-v1: the router is mounted at the root, so /v1/... matches nothing.
  const mounted = ctx.faults.has('api-not-under-v1')
    ? below.startsWith('/v1/')
      ? '/'
      : `/v1${below}`
    : below;
  // Faults auth-path-*: the router reads a cleaned path the guard never saw (path-faults.ts).
  const routed = routedPath(ctx.faults, mounted);
  const route = matchRoute(method, routed.path);
  // Fault http-write-405-html: the framework refuses a method no route defines before the per-view limiter.
  if (
    ctx.faults.has('http-write-405-html') &&
    route.kind === 'method-not-allowed' &&
    refusedWrite(req, res, route.allow)
  )
    return;
  const caller = identify(ctx, req, query, route);
  const subject = subjectOf(ctx, caller, req, path, route);
  ctx.counters[subject.kind] += 1;
  // Fault ratelimit-delete-two-units: a cost table that charges writes double.
  const cost = ctx.faults.has('ratelimit-delete-two-units') && method === 'DELETE' ? 2 : 1;
  // Fault ratelimit-counts-only-success: judged after the handler, counting only what it answered 2xx.
  const afterwards = ctx.faults.has('ratelimit-counts-only-success') && subject.kind === 'key';
  let verdict = afterwards
    ? ctx.limiter.peek(subject, cost)
    : ctx.faults.has('ratelimit-not-atomic')
      ? await ctx.limiter.takeRacy(subject, () => delay(5), cost)
      : ctx.limiter.take(subject, cost);
  let reply: Reply | undefined;
  let failure = '';
  try {
    if (afterwards) {
      // A limiter that counts the responses a handler made: the request past the limit is carried out
      // (the handler ran), then answered 429.
      const done = await respond(ctx, route, caller, query, routed.unguarded, req.headers.accept ?? '');
      const served = done.status >= 200 && done.status < 300;
      if (verdict.outcome === 'allowed' && served) verdict = ctx.limiter.take(subject, cost);
      if (verdict.outcome === 'allowed') reply = done;
    }
    // Fault cancel-then-429: the limiter's verdict is applied after the handler has run.
    if (verdict.outcome !== 'allowed' && route.kind === 'cancel' && ctx.faults.has('cancel-then-429'))
      await respond(ctx, route, caller, query, routed.unguarded, req.headers.accept ?? '');
    reply ??=
      verdict.outcome === 'allowed'
        ? await respond(ctx, route, caller, query, routed.unguarded, req.headers.accept ?? '')
        : tooMany(ctx, verdict);
  } catch (error) {
    failure = ` error=${JSON.stringify(String(error))}`;
    // A server without error middleware (fault orderid-malformed-500) shows the runtime's bare 500.
    reply = ctx.faults.has('orderid-malformed-500')
      ? { status: 500, body: { type: 'text/plain; charset=utf-8', text: 'Internal Server Error\n' } }
      : errorReply(ctx.faults, 500, 'INTERNAL_ERROR', 'The server failed to handle the request.');
  }
  reply = surfaceFaults(ctx.faults, ctx.store, req, route, reply);
  reply = labelled(shapeReply(reply, ctx.variants), ctx.faults);
  const headers = rateLimitHeaders(verdict, reply.status, ctx.clock(), ctx.faults, ctx.variants);
  if (isPetsRoute(route) && !ctx.variants.has('no-deprecation-headers')) {
    Object.assign(headers, petsDeprecationHeaders(ctx.faults, ctx.variants));
  }
  // The server's Date is its own clock (RFC 9110 §6.6.1), the one its X-RateLimit-Reset is read against.
  // Fault http-no-date: none at all (node's own turned off too); http-date-iso: the ISO 8601 form.
  if (ctx.faults.has('http-no-date')) res.sendDate = false;
  else if (ctx.faults.has('http-date-iso')) headers.Date = new Date(ctx.clock()).toISOString();
  else headers.Date ??= new Date(ctx.clock()).toUTCString();
  writeReply(res, reply, headers, ctx.variants);
  const who = caller.authenticated ? `key(${caller.plan})` : 'anonymous';
  const target = rawQuery === '' ? path : `${path}?${redactQuery(rawQuery)}`;
  ctx.log?.(`${method} ${target} ${reply.status} ${who} ${ctx.clock() - started}ms${failure}`);
}
