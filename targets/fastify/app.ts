// The Fastify app of the Order Store Service: root onRequest hooks (ban guard, @fastify/rate-limit, bearer
// authentication), the routes under the base path with their schemas, Error bodies from the error and
// not-found handlers and for the framework's own errors. Each misconfiguration is one switch, where the
// implementer would have got it wrong. It never writes a key anywhere.
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { BanWatch, type Client, type ZooEnv } from '../zoo-contract.ts';
import { answerFrameworkError, type BeforeRouting } from './framework-errors.ts';
import { authGate, banGate, errorBody, hookOf } from './gates.ts';
import { cancel, loadOrders, toInt64 } from './orders.ts';
import { idParams, orderList, pet } from './schemas.ts';

declare module 'fastify' {
  interface FastifyRequest {
    bucket: Client;
  }
}

/** RFC 9745 Deprecation (a Structured Field Date) and RFC 8594 Sunset of GET /pets/{petId}. */
const PETS_DEPRECATED = '@1767225600'; // 2026-01-01T00:00:00Z
const PETS_SUNSET = 'Thu, 01 Jul 2027 00:00:00 GMT';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export async function createApp(config: ZooEnv): Promise<FastifyInstance> {
  const bad = config.misconfig;
  const orders = loadOrders(config.seedFile);
  const pets = new Set([...orders.values()].map((o) => o.petId));
  const bans = new BanWatch(config.banAfter, config.banSeconds);
  /** Requests the ban guard answered: their X-RateLimit-* are the guard's, not the limiter's. */
  const banned = new WeakSet<FastifyRequest>();
  let before: BeforeRouting | undefined;

  const app = Fastify(
    bad === 'default-framework-errors'
      ? {}
      : { frameworkErrors: (error, request, reply) => answerFrameworkError(error, request, reply, before!) },
  );
  await app.register(rateLimit, {
    // Not per route (the default): one root hook also reaches the not-found handler and runs before auth.
    global: bad === 'auth-hook-first',
    max: config.rateLimit,
    timeWindow: config.windowSeconds * 1000,
    keyGenerator: (request) => request.bucket.id,
    enableDraftSpec: bad === 'draft-spec-headers',
    ...(bad === 'default-error-handler'
      ? {}
      : {
          errorResponseBuilder: (_request, context) =>
            Object.assign(new Error('Rate limit exceeded; see Retry-After.'), {
              statusCode: context.statusCode,
              code: 'rate_limited',
            }),
        }),
  });
  const peek = app.createRateLimit();

  /**
   * What every answer needs before it leaves: a 429's Retry-After noted for the ban, and X-RateLimit-Reset
   * made the Unix time the spec asks for. The plugin writes the seconds left (its ttlInSeconds), so the
   * window's end is read back from its own store (createRateLimit, increment: false), not recomputed.
   */
  async function settle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (reply.statusCode === 429) bans.refused(request.bucket, Number(reply.getHeader('retry-after') ?? 1));
    if (bad === 'reset-delta' || banned.has(request) || !reply.hasHeader('x-ratelimit-reset')) return;
    const state = await peek(request, { increment: false });
    if (!state.isAllowed) reply.header('x-ratelimit-reset', Math.ceil((Date.now() + state.ttl) / 1000));
  }

  const ban = banGate(bans, config.keys, config.rateLimit, banned);
  const auth = authGate(config.keys);
  const limiter = bad === 'auth-hook-first' ? undefined : (app.rateLimit() as Hook);
  before = { ban, auth, settle, ...(limiter ? { limiter } : {}) };
  app.decorateRequest('bucket', null as unknown as Client);
  app.addHook('onRequest', hookOf(ban));
  if (limiter) app.addHook('onRequest', limiter);
  app.addHook('onRequest', hookOf(auth));
  app.addHook('onSend', async (request, reply, payload) => {
    await settle(request, reply);
    return payload;
  });

  if (bad !== 'default-error-handler')
    app.setErrorHandler((error: FastifyError, _request, reply) => {
      const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500)
        return reply.code(500).send(errorBody(500, 'internal_error', 'Internal server error.'));
      return reply.code(status).send(errorBody(status, error.code ?? 'bad_request', error.message));
    });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send(errorBody(404, 'not_found', 'No such resource.')),
  );

  await app.register(
    async (api) => {
      api.get('/store/orders', { schema: { response: { 200: orderList } } }, async () => [
        ...orders.values(),
      ]);
      api.delete<{ Params: { orderId: string | number } }>(
        '/store/orders/:orderId',
        { schema: { params: idParams(bad === 'integer-id-schema' ? 'integer' : 'string') } },
        async (request, reply) => {
          // Under 'integer-id-schema' Ajv has already coerced the id to a JS number: BigInt() cannot undo it.
          const id = toInt64(request.params.orderId);
          if (id === undefined)
            return reply.code(400).send(errorBody(400, 'invalid_order_id', 'orderId is beyond int64.'));
          const outcome = cancel(orders, id);
          if (outcome === 'cancelled') return reply.code(204).send();
          if (outcome === 'shipped')
            return reply.code(409).send(errorBody(409, 'order_shipped', 'The order has already shipped.'));
          if (outcome === 'not-pending')
            return reply
              .code(409)
              .send(errorBody(409, 'order_not_pending', 'The order is already cancelled.'));
          return reply.code(404).send(errorBody(404, 'order_not_found', 'No order has this orderId.'));
        },
      );
      api.get<{ Params: { petId: string } }>(
        '/pets/:petId',
        { schema: { params: idParams('string', 'petId'), response: { 200: pet } } },
        async (request, reply) => {
          reply.headers({ deprecation: PETS_DEPRECATED, sunset: PETS_SUNSET });
          const petId = toInt64(request.params.petId);
          if (petId === undefined || !pets.has(petId))
            return reply.code(404).send(errorBody(404, 'pet_not_found', 'No pet has this petId.'));
          return { id: petId };
        },
      );
    },
    { prefix: config.basePath },
  );
  return app;
}
