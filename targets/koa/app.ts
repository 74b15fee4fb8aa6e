// The Koa app of the Order Store: JSON errors outermost, then limits, then bearer auth, then @koa/router
// under the base path. Routing, HEAD, 405 and header handling stay Koa's and the router's own.
// It never writes a key; a misconfiguration changes only the piece it names.
import { timingSafeEqual } from 'node:crypto';
import Router, { type RouterParameterMiddleware } from '@koa/router';
import Koa, { type Middleware } from 'koa';
import { bearerToken, type Client } from '../zoo-contract.ts';
import type { Config } from './config.ts';
import { errors } from './errors.ts';
import { limits } from './limits.ts';
import type { Id, OrderStore } from './orders.ts';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The deprecated pet read (spec §9 rule 3): deprecated since 2026-01-01, sunset on 2027-07-01 (our choice). */
const DEPRECATION = `@${Date.UTC(2026, 0, 1) / 1000}`;
const SUNSET = new Date(Date.UTC(2027, 6, 1)).toUTCString();

interface State {
  client: Client;
  id: Id;
}

export function buildApp(cfg: Config, store: OrderStore): Koa {
  const app = new Koa();
  if (cfg.misconfig !== 'default-onerror') app.use(errors);
  for (const m of limits(cfg)) app.use(m);
  app.use(authentication(cfg.keys));

  const router = new Router<State>({ prefix: cfg.basePath });
  // Every id in a path is read here, once: a malformed one is 400 before any handler runs.
  const readId: RouterParameterMiddleware<State> = (text, ctx, next) => {
    ctx.state.id = cfg.misconfig === 'parseint-ids' ? lenient(text, ctx) : strict(text, ctx);
    return next();
  };
  router.param('orderId', readId).param('petId', readId);

  router.get('/store/orders', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = store.listJson();
  });
  router.delete('/store/orders/:orderId', (ctx) => {
    switch (store.cancel(ctx.state.id)) {
      case 'cancelled':
        ctx.status = 204;
        return;
      case 'shipped':
        return ctx.throw(409, 'The order has already shipped and cannot be cancelled.', {
          code: 'order_shipped',
        });
      case 'already-cancelled':
        return ctx.throw(409, 'The order is already cancelled.', { code: 'order_cancelled' });
      case 'absent':
        return ctx.throw(404, 'No order has this id.', { code: 'order_not_found' });
    }
  });
  router.get('/pets/:petId', (ctx) => {
    ctx.set({ Deprecation: DEPRECATION, Sunset: SUNSET });
    if (!store.hasPet(ctx.state.id)) ctx.throw(404, 'No pet has this id.', { code: 'pet_not_found' });
    ctx.type = 'application/json';
    ctx.body = `{"id":${ctx.state.id}}`;
  });
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}

/** An int64 in decimal ASCII digits, or 400. */
function strict(text: string, ctx: Koa.Context): Id {
  const id = /^-?[0-9]+$/.test(text) ? BigInt(text) : undefined;
  if (id === undefined || id < INT64_MIN || id > INT64_MAX)
    ctx.throw(400, 'The id must be a decimal int64.', { code: 'invalid_id' });
  return id;
}

/** What many Koa apps ship: Number.parseInt, which reads a prefix and rounds past 2^53. */
function lenient(text: string, ctx: Koa.Context): Id {
  const id = Number.parseInt(text, 10);
  if (Number.isNaN(id)) ctx.throw(400, 'The id must be a number.', { code: 'invalid_id' });
  return id;
}

/** 401 with a Bearer challenge unless the request carries one of the keys as a bearer token. */
function authentication(keys: readonly string[]): Middleware {
  const known = keys.map((k) => Buffer.from(k));
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('Authorization'));
    const given = token === undefined ? undefined : Buffer.from(token);
    if (!given || !known.some((k) => k.length === given.length && timingSafeEqual(k, given))) {
      // RFC 6750 §3.1: no error code when the request carried no bearer credential at all.
      const challenge = given
        ? 'Bearer realm="order-store", error="invalid_token"'
        : 'Bearer realm="order-store"';
      ctx.throw(401, 'A valid API key is required: Authorization: Bearer <key>.', {
        code: 'unauthorized',
        headers: { 'WWW-Authenticate': challenge },
      });
    }
    await next();
  };
}
