// Spec §8 on the Koa target: koa-ratelimit's memory driver (fixed window per client, X-RateLimit-* headers
// of its own) configured through its options, plus the least code on top: Retry-After rounded up in its
// onLimited hook, and the ban. It never rewrites the package's count, window or headers.
import type { Context, Middleware } from 'koa';
import ratelimit from 'koa-ratelimit';
import { BanWatch, bearerToken, type Client, clientOf as chargedTo } from '../zoo-contract.ts';
import type { Config } from './config.ts';

/** koa-ratelimit 6's options; @types/koa-ratelimit 5 lacks onLimited, which the package calls on every 429. */
type LimiterOptions = Omit<ratelimit.MiddlewareOptions, 'db'> & {
  db?: Map<string, unknown>;
  onLimited: (ctx: Context) => void;
};

/**
 * Who a request counts against: a valid key's label, else the client address. The limiter runs before auth
 * (so 401s are counted and carry the headers), so it reads the credential as auth will.
 */
export function clientOf(ctx: Context, keys: readonly string[]): Client {
  return chargedTo(keys, bearerToken(ctx.get('Authorization')), ctx.ip);
}

/** The middlewares of spec §8, in the order they must run, before authentication. */
export function limits(cfg: Config): Middleware[] {
  const watch = new BanWatch(cfg.banAfter, cfg.banSeconds);

  const refuseBanned = (ctx: Context) => {
    const seconds = watch.bannedFor(ctx.state.client);
    if (seconds > 0)
      ctx.throw(429, 'This client is temporarily banned: it kept sending inside Retry-After.', {
        code: 'banned',
        headers: { 'Retry-After': String(seconds) },
      });
  };

  // Outermost: notes early requests as they arrive and the Retry-After of every 429 as it leaves.
  const watching: Middleware = async (ctx, next) => {
    const client = clientOf(ctx, cfg.keys);
    ctx.state.client = client;
    watch.arrive(client);
    try {
      await next();
    } finally {
      const retryAfter = Number(ctx.response.get('Retry-After'));
      if (ctx.status === 429 && Number.isInteger(retryAfter)) watch.refused(client, retryAfter);
    }
  };

  const options: LimiterOptions = {
    driver: 'memory',
    // Without a db the memory driver makes a new Map for every request, and nothing is ever limited.
    ...(cfg.misconfig === 'memory-without-db' ? {} : { db: new Map() }),
    duration: cfg.windowSeconds * 1000,
    max: cfg.rateLimit,
    id: (ctx) => (ctx.state.client as Client).id,
    onLimited: (ctx) => {
      refuseBanned(ctx);
      // The package sends Retry-After as (reset - now) | 0, truncated: a client that waits it comes back
      // before the window ends. Rounded up from the same reset, it ends at or after the window.
      if (cfg.misconfig !== 'retry-after-truncated') {
        const reset = Number(ctx.state.rateLimit.headers['X-RateLimit-Reset']);
        ctx.set('Retry-After', String(Math.max(0, Math.ceil(reset - Date.now() / 1000))));
      }
      ctx.body = {
        code: 'rate_limited',
        message: 'Too many requests: wait for Retry-After, then back off.',
        status: 429,
      };
    },
  };
  // Without db the options do not match @types/koa-ratelimit (which requires it): the misconfiguration is
  // the JavaScript user's, who has no types to warn them.
  const limiter = ratelimit(options as ratelimit.MiddlewareOptions);

  const afterLimiter: Middleware = async (ctx, next) => {
    refuseBanned(ctx);
    await next();
  };

  return [watching, limiter, afterLimiter];
}
