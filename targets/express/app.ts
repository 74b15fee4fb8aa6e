// The Express app of the Order Store Service: the ban guard, express-rate-limit, bearer authentication,
// the order and pet routes, Error bodies for 404s and thrown errors. Each misconfiguration is one switch
// here, in the place the implementer would have got it wrong. It never writes a key anywhere.
import express, { type NextFunction, type Request, type Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { stringify } from 'lossless-json';
import { BanWatch, bearerToken, type Client, clientOf, type ZooEnv } from '../zoo-contract.ts';
import { cancel, knownPets, loadOrders, type Order, parseInt64, publicOrder } from './orders.ts';

/** RFC 9745 Deprecation (a Structured Field Date) and RFC 8594 Sunset of GET /pets/{petId}. */
const PETS_DEPRECATED = '@1767225600'; // 2026-01-01T00:00:00Z
const PETS_SUNSET = 'Thu, 01 Jul 2027 00:00:00 GMT';

function sendError(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ code, message, status });
}

function bucket(res: Response): Client {
  return res.locals.bucket as Client;
}

export function createApp(config: ZooEnv): express.Express {
  const bad = config.misconfig;
  const orders = loadOrders(config.seedFile);
  const pets = knownPets(orders);
  const bans = new BanWatch(config.banAfter, config.banSeconds);
  const app = express();

  // Charges the request to its key or address, and answers a banned client before the limiter counts it.
  app.use((req: Request, res: Response, next: NextFunction) => {
    // ipKeyGenerator folds an IPv6 client into its /56, as the limiter's own default key does.
    res.locals.bucket = clientOf(config.keys, bearerToken(req.headers.authorization), req.ip, ipKeyGenerator);
    bans.arrive(bucket(res));
    const bannedUntil = bans.bannedUntil(bucket(res));
    if (bannedUntil === undefined) return next();
    const seconds = Math.ceil((bannedUntil - Date.now()) / 1000);
    res.set({
      'X-RateLimit-Limit': String(config.rateLimit),
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(Math.ceil(bannedUntil / 1000)),
      'Retry-After': String(seconds),
    });
    sendError(res, 429, 'temporarily_banned', `Too many requests after a 429; retry in ${seconds} s.`);
  });

  const limiter = rateLimit({
    windowMs: config.windowSeconds * 1000,
    limit: config.rateLimit,
    keyGenerator: (_req, res) => bucket(res).id,
    ...(bad === 'draft-8-headers' ? { standardHeaders: 'draft-8' as const, legacyHeaders: false } : {}),
    handler: (_req, res, _next, options) => {
      // The limiter has just set Retry-After (delay-seconds): the moment the client may come back.
      bans.refused(bucket(res), Number(res.getHeader('Retry-After') ?? config.windowSeconds));
      // The package's default handler sends options.message as it is: the 'default-message' misconfig.
      if (bad === 'default-message') res.status(options.statusCode).send(options.message);
      else sendError(res, options.statusCode, 'rate_limited', 'Rate limit exceeded; see Retry-After.');
    },
  });

  const authenticate = (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization;
    const token = bearerToken(header);
    if (token !== undefined && config.keys.includes(token)) return next();
    // RFC 6750 §3: no credentials get the bare challenge, a wrong one error="invalid_token".
    res.set(
      'WWW-Authenticate',
      header === undefined
        ? 'Bearer realm="order-store"'
        : 'Bearer realm="order-store", error="invalid_token", error_description="The API key is missing or invalid"',
    );
    sendError(res, 401, 'unauthorized', 'Missing or invalid API key.');
  };

  if (bad === 'limiter-after-auth') app.use(authenticate, limiter);
  else app.use(limiter, authenticate);

  const api = express.Router();
  api.get('/store/orders', (_req, res) => {
    const list = [...orders.values()].map(publicOrder);
    if (bad === 'number-ids') res.json(list.map((o) => ({ ...o, id: Number(o.id), petId: Number(o.petId) })));
    // res.json's JSON.stringify cannot write a bigint; lossless-json writes it as a JSON integer.
    else res.type('json').send(stringify(list));
  });
  api.delete('/store/orders/:orderId', (req, res) => {
    const param = req.params.orderId!;
    let id: bigint | undefined;
    if (bad === 'number-ids') id = findByNumber(orders, Number(param));
    else if (bad === 'bigint-default-errors') id = BigInt(param);
    else id = parseInt64(param);
    if (id === undefined && bad !== 'number-ids')
      return sendError(res, 400, 'invalid_order_id', 'orderId must be an int64 integer.');
    const outcome = id === undefined ? 'not-found' : cancel(orders, id);
    if (outcome === 'cancelled') return res.status(204).end();
    if (outcome === 'shipped')
      return sendError(res, 409, 'order_shipped', 'The order has already shipped and cannot be cancelled.');
    sendError(res, 404, 'order_not_found', 'No order has this orderId.');
  });
  api.get('/pets/:petId', (req, res) => {
    res.set({ Deprecation: PETS_DEPRECATED, Sunset: PETS_SUNSET });
    const petId = parseInt64(req.params.petId!);
    if (petId === undefined) return sendError(res, 400, 'invalid_pet_id', 'petId must be an int64 integer.');
    if (!pets.has(petId)) return sendError(res, 404, 'pet_not_found', 'No pet has this petId.');
    res.type('json').send(stringify({ id: petId }));
  });
  app.use(config.basePath, api);

  app.use((_req: Request, res: Response) => sendError(res, 404, 'not_found', 'No such resource.'));
  if (bad !== 'bigint-default-errors')
    app.use(
      (err: { status?: number; statusCode?: number }, _req: Request, res: Response, next: NextFunction) => {
        if (res.headersSent) return next(err);
        const status = err.status ?? err.statusCode ?? 500;
        if (status >= 400 && status < 500) sendError(res, status, 'bad_request', 'The request is malformed.');
        else sendError(res, 500, 'internal_error', 'Internal server error.');
      },
    );
  return app;
}

/** The 'number-ids' misconfig: the order whose id, read as a JS number, equals `n` (the first of a tie). */
function findByNumber(orders: Map<bigint, Order>, n: number): bigint | undefined {
  for (const o of orders.values()) if (Number(o.id) === n) return o.id;
  return undefined;
}
