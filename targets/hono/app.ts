// The Hono app of the Order Store: limits, then hono/bearer-auth, then the routes under the base path, with
// JSON Error answers for what no route takes. Routing, HEAD, header handling stay Hono's own.
// It never writes a key; a misconfiguration changes only the piece it names.
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { HTTPException } from 'hono/http-exception';
import type { Config } from './config.ts';
import { errorBody, problem } from './errors.ts';
import { type Env, limits } from './limits.ts';
import type { OrderStore } from './orders.ts';

/** The deprecated pet read (spec §9 rule 3): deprecated since 2026-01-01, sunset on 2027-07-01 (our choice). */
const DEPRECATION = `@${Date.UTC(2026, 0, 1) / 1000}`;
const SUNSET = new Date(Date.UTC(2027, 6, 1)).toUTCString();

export function buildApp(cfg: Config, store: OrderStore): Hono<Env> {
  const app = new Hono<Env>();
  const auth = authentication(cfg);
  if (cfg.misconfig === 'limiter-after-auth') app.use(auth, ...limits(cfg));
  else app.use(...limits(cfg), auth);

  const api = new Hono<Env>();
  api.get('/store/orders', (c) => c.body(store.listJson(), 200, { 'Content-Type': 'application/json' }));
  // Only digits reach the handler; any other spelling is no route, so the not-found answer below.
  api.delete('/store/orders/:orderId{[0-9]+}', (c) => {
    switch (store.cancel(BigInt(c.req.param('orderId')))) {
      case 'cancelled':
        return c.body(null, 204);
      case 'shipped':
        return problem(c, 409, 'order_shipped', 'The order has already shipped and cannot be cancelled.');
      case 'absent':
        return problem(c, 404, 'order_not_found', 'No order has this id.');
    }
  });
  api.get('/pets/:petId{[0-9]+}', (c) => {
    c.header('Deprecation', DEPRECATION);
    c.header('Sunset', SUNSET);
    const petId = c.req.param('petId');
    if (!store.hasPet(BigInt(petId))) return problem(c, 404, 'pet_not_found', 'No pet has this id.');
    return c.body(`{"id":${BigInt(petId)}}`, 200, { 'Content-Type': 'application/json' });
  });
  app.route(cfg.basePath, api);

  if (cfg.misconfig !== 'default-not-found')
    app.notFound((c) => problem(c, 404, 'not_found', `No resource at ${c.req.path}.`));
  app.onError((err, c) => {
    if (err instanceof HTTPException) {
      const res = err.getResponse();
      return c.newResponse(res.body, res);
    }
    console.error(err);
    return problem(c, 500, 'internal_error', 'The server failed to answer this request.');
  });
  return app;
}

/** hono/bearer-auth, its 401s made spec Errors through its own message options. */
function authentication(cfg: Config): MiddlewareHandler<Env> {
  if (cfg.misconfig === 'bearer-auth-defaults') return bearerAuth({ token: cfg.keys });
  const unauthorized = errorBody(
    401,
    'unauthorized',
    'A valid API key is required: Authorization: Bearer <key>.',
  );
  return bearerAuth({
    token: cfg.keys,
    noAuthenticationHeader: { message: unauthorized },
    invalidToken: { message: unauthorized },
    // Its default for a header that is not "Bearer <token68>" is 400; spec §5 rule 4 says 401.
    invalidAuthenticationHeader: { message: (c: Context) => c.json(unauthorized, 401) },
  });
}
