// The request pipeline: identify the caller, rate-limit, refuse the unauthenticated, route, write.
// Must not leak whether an order or route exists before auth (spec §5 rule 3), unless a fault says so.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { dailyQuotaShown } from './daily-quota.ts';
import { petsDeprecationHeaders } from './deprecation.ts';
import { reuseCachedAuthorization } from './field-cache.ts';
import { refusedAtFront } from './front.ts';
import { refusedEncodedSlash, refusedNulPath, refusedPathBytes } from './front-bytes.ts';
import { writeReply } from './http-writer.ts';
import { identify, unauthorized } from './identify.ts';
import { frozenLastModified } from './last-modified.ts';
import { subjectOf, tooMany, unlimitedCancel, unlimitedWrite } from './limit-subject.ts';
import { weakListTag } from './list-etag.ts';
import { cancelLostUpdate } from './lost-update.ts';
import { readOrderId } from './order-id-read.ts';
import { cancelNotAtomic, cancelOrder, listOrders } from './orders-route.ts';
import { routedPath } from './path-faults.ts';
import { getPet } from './pets-route.ts';
import type { Caller, PipelineContext } from './pipeline-context.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';
import { errorReply, labelled, type Reply } from './reply.ts';
import { isPetsRoute, matchRoute, type Route, splitTarget, underBase } from './router.ts';
import { surfaceFaults } from './surface-faults.ts';
import { shapeReply } from './variant-shape.ts';
import { refusedWithoutLength, refusedWrite } from './write-refusals.ts';

export type { PipelineContext } from './pipeline-context.ts';

/**
 * Fault ratelimit-not-atomic: the store round-trip between reading the count and writing it, as long as a slow
 * store's. Requests sent together must overlap within it; on a loaded machine 5 ms was shorter than their spread.
 */
const RACY_ROUND_TRIP_MS = 50;

/** Fault orderid-query-overrides-path: a merged parameter bag, the query's orderId read before the path's. */
function queryFirst(ctx: PipelineContext, route: Route, query: URLSearchParams): Route {
  const id = ctx.faults.has('orderid-query-overrides-path') ? query.get('orderId') : null;
  return route.kind === 'cancel' && id !== null ? { ...route, rawId: id } : route;
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
  routed: Route,
  caller: Caller,
  query: URLSearchParams,
  unguarded: boolean,
  accept = '',
): Promise<Reply> {
  const route = queryFirst(ctx, routed, query);
  const exempt =
    unguarded ||
    (route.kind === 'pet' && ctx.faults.has('pets-no-auth')) ||
    (route.kind === 'not-found' && ctx.faults.has('pets-not-routed')) ||
    (route.kind === 'method-not-allowed' && route.allow === 'GET' && ctx.variants.has('head-not-routed'));
  if (!caller.authenticated && !exempt) {
    // Fault cancel-then-401: the handler ran before the guard, whose 401 comes too late to undo it.
    if (route.kind === 'cancel' && ctx.faults.has('cancel-then-401')) cancelOrder(ctx, route.rawId, false);
    // Fault auth-after-id-validation: the route's schema reads the id before the auth hook runs.
    const read = route.kind === 'cancel' && ctx.faults.has('auth-after-id-validation');
    const invalid = read ? readOrderId(ctx, route.rawId) : undefined;
    if (invalid && !invalid.ok) return invalid.reply;
    const revealed = ctx.faults.has('auth-after-existence') ? dispatch(ctx, route, query, true) : undefined;
    return revealed ?? unauthorized(ctx, caller.credentials);
  }
  if (route.kind === 'cancel' && ctx.faults.has('cancel-not-atomic'))
    return cancelNotAtomic(ctx, route.rawId);
  if (route.kind === 'cancel' && ctx.faults.has('cancel-lost-update'))
    return cancelLostUpdate(ctx, route.rawId);
  return dispatch(ctx, route, query, false, accept)!;
}

/** Keeps keys out of the access log even when a client puts one in the query. */
/** Fault http-date-frozen: each server's first Date, by its context. */
const FROZEN_DATES = new WeakMap<PipelineContext, string>();
function frozenDate(ctx: PipelineContext): string {
  const date = FROZEN_DATES.get(ctx) ?? new Date(ctx.clock()).toUTCString();
  FROZEN_DATES.set(ctx, date);
  return date;
}

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
  // Fault ratelimit-keyed-by-cached-authorization: the connection's cached Authorization, for one equal but for case.
  if (ctx.faults.has('ratelimit-keyed-by-cached-authorization')) reuseCachedAuthorization(req);
  // Variant front-request-line-limit: refused before the application, so counted by no limiter.
  if (ctx.variants.has('front-request-line-limit') && refusedAtFront(req, res)) return;
  // Variant front-path-bytes: the connector refuses a NUL or non-UTF-8 byte in the path before any limiter.
  if (ctx.variants.has('front-path-bytes') && refusedPathBytes(req, res)) return;
  // Variant front-path-nul-404: the server's URL unescaping refuses a NUL in the path with 404, as early.
  if (ctx.variants.has('front-path-nul-404') && refusedNulPath(req, res)) return;
  // Variant front-encoded-slash: the connector refuses an encoded slash in the path, as early.
  if (ctx.variants.has('front-encoded-slash') && refusedEncodedSlash(req, res)) return;
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
  let route: Route = matchRoute(method, routed.path);
  // Fault http-head-404: the routes are registered for GET only, so a HEAD falls through to the catch-all 404
  // (not a method refusal: no route claims the path for HEAD).
  if (ctx.faults.has('http-head-404') && method === 'HEAD' && (route.kind === 'list' || route.kind === 'pet'))
    route = { kind: 'not-found' };
  // Fault http-write-405-html: the framework refuses a method no route defines before the per-view limiter.
  if (
    ctx.faults.has('http-write-405-html') &&
    route.kind === 'method-not-allowed' &&
    refusedWrite(req, res, route.allow)
  )
    return;
  // Variant head-not-routed: the router knows GET alone on these routes, and refuses HEAD before authentication.
  if (
    ctx.variants.has('head-not-routed') &&
    method === 'HEAD' &&
    (route.kind === 'list' || route.kind === 'pet')
  )
    route = { kind: 'method-not-allowed', allow: 'GET', pets: route.kind === 'pet' };
  // Fault pets-not-routed: the deprecated read was taken out of the router, and the catch-all 404 (mounted
  // before the auth middleware) answers every path no route has, the pets read among them.
  if (ctx.faults.has('pets-not-routed') && isPetsRoute(route)) route = { kind: 'not-found' };
  const caller = identify(ctx, req, query, route);
  // Fault ratelimit-list-cache-replays: a fresh cached list is answered before the limiter, fields replayed.
  const cacheKey = ctx.listCache && caller.authenticated && method === 'GET' && route.kind === 'list';
  const cached = cacheKey ? ctx.listCache!.hit(caller.key, ctx.clock()) : undefined;
  if (cached) {
    writeReply(
      res,
      cached.reply,
      { ...cached.headers, Date: new Date(ctx.clock()).toUTCString() },
      ctx.variants,
    );
    ctx.log?.(`${method} ${path} ${cached.reply.status} key(cached)`);
    return;
  }
  // Faults ratelimit-list-front-cache, -list-cache-within-window: the front's stored list, for the same
  // Authorization, before the app.
  const frontKey =
    ctx.frontCache && method === 'GET' && route.kind === 'list'
      ? String(req.headers.authorization ?? '')
      : undefined;
  const stored =
    frontKey === undefined || ctx.frontCache!.reloads(req.headers['cache-control'], req.headers.pragma)
      ? undefined
      : ctx.frontCache!.hit(frontKey, req.url ?? '', ctx.clock());
  if (stored) {
    writeReply(res, stored.reply, stored.headers, ctx.variants);
    ctx.log?.(`${method} ${path} ${stored.reply.status} front(cached)`);
    return;
  }
  const subject = subjectOf(ctx, caller, req, path, route);
  ctx.counters[subject.kind] += 1;
  // Fault ratelimit-delete-two-units: a cost table that charges writes double.
  const cost = ctx.faults.has('ratelimit-delete-two-units') && method === 'DELETE' ? 2 : 1;
  // Fault ratelimit-counts-only-success: judged after the handler, counting only what it answered 2xx.
  const afterwards = ctx.faults.has('ratelimit-counts-only-success') && subject.kind === 'key';
  // Fault ratelimit-list-only: a cancel passes no limiter at all.
  let verdict =
    unlimitedCancel(ctx, subject, route) ??
    unlimitedWrite(ctx, subject, method) ??
    (afterwards
      ? ctx.limiter.peek(subject, cost)
      : ctx.faults.has('ratelimit-not-atomic')
        ? await ctx.limiter.takeRacy(subject, () => delay(RACY_ROUND_TRIP_MS), cost)
        : ctx.limiter.take(subject, cost));
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
    // Faults cancel-then-429, ratelimit-per-route-429-carried-out, ratelimit-early-429-carried-out: the
    // limiter's verdict is applied after the handler has run (a middleware that answers 429 after next()).
    const carriedOut =
      ctx.faults.has('cancel-then-429') ||
      ctx.faults.has('ratelimit-per-route-429-carried-out') ||
      ctx.faults.has('ratelimit-early-429-carried-out');
    if (verdict.outcome !== 'allowed' && route.kind === 'cancel' && carriedOut)
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
  // Fault list-cache-per-key: the caller's own cached list body, a cancel dropping only the caller's entry
  // (variant list-cache-per-key-evicted: every key's).
  if (ctx.keyListCache && caller.authenticated) {
    if (route.kind === 'list' && method === 'GET' && reply.status === 200)
      reply = ctx.keyListCache.serve(caller.key, ctx.clock(), reply);
    if (route.kind === 'cancel' && reply.status === 204)
      ctx.keyListCache.drop(caller.key, ctx.variants.has('list-cache-per-key-evicted'));
  }
  reply = surfaceFaults(ctx.faults, ctx.store, req, route, reply);
  reply = weakListTag(ctx.variants, ctx.store, req, route, reply);
  reply = frozenLastModified(ctx.faults, ctx.store, req, route, reply, ctx.clock());
  reply = labelled(shapeReply(reply, ctx.variants), ctx.faults);
  // Fault ratelimit-headers-daily-quota: the fields come from the day counter, whatever window refused.
  const shown =
    caller.authenticated && ctx.faults.has('ratelimit-headers-daily-quota')
      ? dailyQuotaShown(ctx.limiter, caller.key, caller.plan, ctx.clock(), verdict)
      : verdict;
  const headers = rateLimitHeaders(shown, reply.status, ctx.clock(), ctx.faults, ctx.variants);
  if (isPetsRoute(route) && !ctx.variants.has('no-deprecation-headers')) {
    Object.assign(headers, petsDeprecationHeaders(ctx.faults, ctx.variants));
  }
  // The server's Date is its own clock (RFC 9110 §6.6.1), the one its X-RateLimit-Reset is read against.
  // Fault http-no-date: none at all (node's own turned off too); http-date-iso: the ISO 8601 form. Fault
  // ratelimit-per-connection writes none either, as Netty's codec does not.
  if (ctx.faults.has('http-no-date') || ctx.faults.has('ratelimit-per-connection')) res.sendDate = false;
  else if (ctx.faults.has('http-date-iso')) headers.Date = new Date(ctx.clock()).toISOString();
  // Fault http-date-frozen: the Date of the server's first response, kept for every one after it.
  else if (ctx.faults.has('http-date-frozen')) headers.Date = frozenDate(ctx);
  // Fault http-date-local-time: the wall clock of a zone an hour east of UTC, labelled GMT.
  else if (ctx.faults.has('http-date-local-time'))
    headers.Date = new Date(ctx.clock() + 3_600_000).toUTCString();
  else headers.Date ??= new Date(ctx.clock()).toUTCString();
  if (cacheKey && caller.authenticated && reply.status === 200)
    ctx.listCache!.store(caller.key, ctx.clock(), reply, headers);
  if (route.kind === 'cancel' && reply.status === 204) ctx.listCache?.clear();
  if (frontKey !== undefined && caller.authenticated && reply.status === 200) {
    Object.assign(headers, ctx.frontCache!.fields);
    ctx.frontCache!.store(frontKey, req.url ?? '', ctx.clock(), reply, headers);
  }
  // Fault http-head-body-close: the body goes on the socket after the head node wrote without it, then close.
  const headBody = ctx.faults.has('http-head-body-close') && method === 'HEAD' ? reply.body : undefined;
  if (headBody) headers.Connection = 'close';
  // Fault http-head-length-zero: a HEAD's Content-Length counts the content it sends, none.
  const sent =
    ctx.faults.has('http-head-length-zero') && method === 'HEAD' && reply.body
      ? { ...reply, body: { ...reply.body, text: '', bytes: Buffer.alloc(0) } }
      : reply;
  writeReply(res, sent, headers, ctx.variants);
  if (headBody && res.socket) res.socket.end(headBody.bytes ?? Buffer.from(headBody.text));
  const who = caller.authenticated ? `key(${caller.plan})` : 'anonymous';
  const target = rawQuery === '' ? path : `${path}?${redactQuery(rawQuery)}`;
  ctx.log?.(`${method} ${target} ${reply.status} ${who} ${ctx.clock() - started}ms${failure}`);
}
