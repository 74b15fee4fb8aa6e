// Who a request is: the API key it carries as the spec asks, the places and matches the auth-* faults let a
// key pass by, and the 401 (with its challenge) for a caller without one.

import type { IncomingMessage } from 'node:http';
import { bearerChallenge, type Credentials, parseAuthorization } from './auth.ts';
import { misplacedKeys } from './misplaced-keys.ts';
import type { Caller, PipelineContext } from './pipeline-context.ts';
import type { Plan } from './plans.ts';
import { errorReply, type Reply } from './reply.ts';
import { isPetsRoute, type Route } from './router.ts';

export const REALM = 'order-store';

/** Fault auth-key-case-insensitive: the key compared as a lower-case string. */
function caseInsensitiveMatch(ctx: PipelineContext, token: string): Plan | undefined {
  if (!ctx.faults.has('auth-key-case-insensitive')) return undefined;
  for (const [key, plan] of ctx.keys) if (key.toLowerCase() === token.toLowerCase()) return plan;
  return undefined;
}

/** Fault auth-key-prefix-match: the token compared with each key only as far as the key's length. */
function prefixMatch(ctx: PipelineContext, token: string): Plan | undefined {
  if (!ctx.faults.has('auth-key-prefix-match')) return undefined;
  for (const [key, plan] of ctx.keys) if (token.startsWith(key)) return plan;
  return undefined;
}

/** Fault auth-key-case-connection-cache: the keys each connection carried exactly, by its socket. */
const carriedKeys = new WeakMap<object, Set<string>>();

/**
 * Fault auth-key-case-connection-cache: a header cache per keep-alive connection, matched case-insensitively,
 * so a token that differs from a key the connection carried before only in case passes as that key.
 */
function connectionCacheMatch(ctx: PipelineContext, req: IncomingMessage, token: string): Plan | undefined {
  if (!ctx.faults.has('auth-key-case-connection-cache')) return undefined;
  for (const key of carriedKeys.get(req.socket) ?? [])
    if (key.toLowerCase() === token.toLowerCase()) return ctx.keys.get(key);
  return undefined;
}

export function identify(
  ctx: PipelineContext,
  req: IncomingMessage,
  query: URLSearchParams,
  route: Route,
): Caller {
  const { faults } = ctx;
  const credentials = parseAuthorization(req.headersDistinct.authorization, {
    schemeCaseSensitive: faults.has('auth-scheme-case-sensitive'),
    oneSpace: faults.has('auth-bearer-one-space'),
    anyScheme: faults.has('auth-other-scheme-accepted'),
    tokenScheme: faults.has('auth-token-scheme-accepted'),
    firstWordOnly: faults.has('auth-trailing-text-accepted'),
    firstLineOnly: ctx.variants.has('authorization-first-line'),
  });
  // Fault auth-head-unauthenticated: the key is checked for GET and DELETE only; a HEAD goes through.
  if (faults.has('auth-head-unauthenticated') && req.method === 'HEAD')
    return { authenticated: true, key: ctx.demoKey, plan: ctx.keys.get(ctx.demoKey)! };
  if (credentials.kind === 'bearer') {
    const exact = ctx.keys.get(credentials.token);
    if (exact && faults.has('auth-key-case-connection-cache'))
      carriedKeys.set(req.socket, (carriedKeys.get(req.socket) ?? new Set()).add(credentials.token));
    const plan =
      exact ??
      caseInsensitiveMatch(ctx, credentials.token) ??
      prefixMatch(ctx, credentials.token) ??
      connectionCacheMatch(ctx, req, credentials.token);
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

export function unauthorized(ctx: PipelineContext, credentials: Credentials): Reply {
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
