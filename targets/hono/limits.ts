// Spec §8 on the Hono target: hono-rate-limiter (memory store, fixed window per client) configured through
// its own options, plus the least code on top: the X-RateLimit-* names the package does not write, and the
// ban. It never rewrites the package's count, window or Retry-After arithmetic.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { type RateLimitInfo, rateLimiter } from 'hono-rate-limiter';
import { BanWatch, type Client, clientOf as chargedTo } from '../zoo-contract.ts';
import type { Config } from './config.ts';
import { problem } from './errors.ts';

export interface Env {
  Variables: { client: Client; rateLimit: RateLimitInfo };
}

/** RFC 6750 b64token, as hono/bearer-auth matches it. */
const TOKEN = /^[A-Za-z0-9._~+/-]+=*$/;

/**
 * Who a request counts against: a valid key's label, else the client address. The limiter runs before auth
 * (so 401s are counted and carry the headers), so it reads the credential the way hono/bearer-auth will:
 * scheme "Bearer" in any case, one space, then the token.
 */
export function clientOf(c: Context, keys: readonly string[]): Client {
  const header = c.req.header('Authorization');
  let token: string | undefined;
  if (header && header.slice(0, 6).toLowerCase() === 'bearer' && header[6] === ' ') {
    const rest = header.slice(7).trimStart();
    if (TOKEN.test(rest)) token = rest;
  }
  return chargedTo(keys, token, getConnInfo(c).remote.address);
}

/** The middlewares of spec §8, in the order they must run, before authentication. */
export function limits(cfg: Config): MiddlewareHandler<Env>[] {
  const watch = new BanWatch(cfg.banAfter, cfg.banSeconds);

  const banAnswer = (c: Context<Env>, seconds: number) => {
    c.header('Retry-After', String(seconds));
    return problem(
      c,
      429,
      'banned',
      'This client is temporarily banned: it kept sending inside Retry-After.',
    );
  };

  // Outermost: notes early requests as they arrive and the Retry-After of every 429 as it leaves.
  const watching: MiddlewareHandler<Env> = async (c, next) => {
    const client = clientOf(c, cfg.keys);
    c.set('client', client);
    watch.arrive(client);
    await next();
    const retryAfter = Number(c.res.headers.get('Retry-After'));
    if (c.res.status === 429 && Number.isInteger(retryAfter)) watch.refused(client, retryAfter);
  };

  const limiter = rateLimiter<Env>({
    windowMs: cfg.windowSeconds * 1000,
    limit: cfg.rateLimit,
    // standardHeaders stays the package's default ('draft-6'): it is also what makes it send Retry-After.
    keyGenerator: (c) => c.get('client').id,
    handler: (c) => {
      xRateLimit(c, cfg);
      const banned = watch.bannedFor(c.get('client'));
      if (banned > 0) return banAnswer(c, banned);
      return problem(c, 429, 'rate_limited', 'Too many requests: wait for Retry-After, then back off.');
    },
  });

  const afterLimiter: MiddlewareHandler<Env> = async (c, next) => {
    xRateLimit(c, cfg);
    const banned = watch.bannedFor(c.get('client'));
    if (banned > 0) return banAnswer(c, banned);
    await next();
  };

  return [watching, limiter, afterLimiter];
}

/**
 * The X-RateLimit-* fields of spec §8 from the package's own record of the request (limit, remaining,
 * resetTime as a Date). Reset is the window's end in Unix seconds, rounded up so that it is never
 * before the moment the counter resets.
 */
function xRateLimit(c: Context<Env>, cfg: Config): void {
  if (cfg.misconfig === 'limiter-default-headers') return;
  if (cfg.misconfig === 'reset-delta') {
    // The package's own draft-6 values under the X- names: its Reset counts seconds from now.
    for (const f of ['Limit', 'Remaining', 'Reset'])
      c.header(`X-RateLimit-${f}`, c.res.headers.get(`RateLimit-${f}`) ?? undefined);
    return;
  }
  const info = c.get('rateLimit');
  c.header('X-RateLimit-Limit', String(info.limit));
  c.header('X-RateLimit-Remaining', String(info.remaining));
  if (info.resetTime) c.header('X-RateLimit-Reset', String(Math.ceil(info.resetTime.getTime() / 1000)));
}
