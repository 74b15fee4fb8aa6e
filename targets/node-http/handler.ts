// The node:http target's request handler: rate limit, then bearer auth, then a hand-written router over
// the base path (list, cancel, the deprecated pet read). Every response passes the limiter first, so each
// carries the X-RateLimit headers (spec §8 rule 1); limit-after-auth is the misconfiguration that does not.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Client, clientOf as chargedTo } from '../zoo-contract.ts';
import type { AuthResult, Keys } from './auth.ts';
import type { Config } from './config.ts';
import type { IdReader } from './ids.ts';
import type { Limiter } from './limiter.ts';
import { errorReply, type Reply, setRateHeaders, write } from './respond.ts';
import type { Store } from './store.ts';

export interface Parts {
  config: Config;
  store: Store;
  keys: Keys;
  ids: IdReader;
  limiter: Limiter;
}

const CANCEL = /^\/store\/orders\/([^/]+)$/;
const PET = /^\/pets\/([^/]+)$/;
// RFC 9745 §2 (a Structured Field Date) and RFC 8594 §3 (an HTTP-date); the sunset comes after.
const DEPRECATION = { Deprecation: '@1767225600', Sunset: 'Fri, 31 Dec 2027 23:59:59 GMT' };

export function createHandler(parts: Parts): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    try {
      write(res, handle(parts, req, res));
    } catch (err) {
      // Never the error's text: it could quote a request header.
      console.error(`node-http: ${(err as Error).name} while answering ${req.method}`);
      if (res.headersSent) res.destroy();
      else write(res, errorReply(500, 'internal_error', 'The server could not answer this request.'));
    }
  };
}

function handle(parts: Parts, req: IncomingMessage, res: ServerResponse): Reply {
  const { config, keys } = parts;
  const auth = keys.authenticate(req.headers.authorization);
  const client = clientOf(config.keys, auth, req);
  const afterAuth = config.misconfig === 'limit-after-auth';
  const limited = afterAuth ? undefined : limit(parts, client, res);
  if (limited) return limited;
  if ('failure' in auth) {
    // RFC 6750 §3.1: no error code when the request carried no bearer credentials at all.
    const challenge =
      auth.failure === 'missing'
        ? 'Bearer realm="order-store"'
        : 'Bearer realm="order-store", error="invalid_token", error_description="The API key is not valid"';
    return errorReply(401, 'unauthorized', 'A valid API key is required as a bearer token.', {
      'WWW-Authenticate': challenge,
    });
  }
  return (afterAuth ? limit(parts, client, res) : undefined) ?? route(parts, req, res);
}

/** The limiter's client: the key's label when a key is valid, else the peer address. */
function clientOf(keys: readonly string[], auth: AuthResult, req: IncomingMessage): Client {
  return chargedTo(keys, 'keyIndex' in auth ? keys[auth.keyIndex] : undefined, req.socket.remoteAddress);
}

/** Counts the request and sets its rate-limit headers; the 429 when it is refused, else undefined. */
function limit(parts: Parts, client: Client, res: ServerResponse): Reply | undefined {
  const d = parts.limiter.check(client, Date.now());
  setRateHeaders(res, d, parts.config.misconfig);
  if (d.allowed) return undefined;
  if (d.banned)
    return errorReply(
      429,
      'banned',
      `Temporarily banned for requests sent inside Retry-After; retry in ${d.retryAfterSec} s.`,
    );
  return errorReply(
    429,
    'rate_limited',
    `Rate limit of ${d.limit} requests exceeded; retry in ${d.retryAfterSec} s.`,
  );
}

function route(parts: Parts, req: IncomingMessage, res: ServerResponse): Reply {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  // The query is ignored (spec §4 listOrders: no parameters), never parsed.
  const path = q < 0 ? url : url.slice(0, q);
  const base = parts.config.basePath;
  const rest = path.startsWith(`${base}/`) ? path.slice(base.length) : '';
  if (rest === '/store/orders') return list(parts, req);
  const cancelId = CANCEL.exec(rest)?.[1];
  if (cancelId !== undefined) return cancel(parts, req, cancelId);
  const petId = PET.exec(rest)?.[1];
  if (petId !== undefined) {
    for (const [name, value] of Object.entries(DEPRECATION)) res.setHeader(name, value);
    return pet(parts, req, petId);
  }
  return errorReply(404, 'not_found', 'No such resource.');
}

function list(parts: Parts, req: IncomingMessage): Reply {
  if (req.method !== 'GET' && req.method !== 'HEAD') return notAllowed('GET, HEAD');
  return { status: 200, json: parts.store.list() };
}

function cancel(parts: Parts, req: IncomingMessage, segment: string): Reply {
  if (req.method !== 'DELETE') return notAllowed('DELETE');
  const id = parts.ids.fromPath(segment);
  if (id === undefined) return errorReply(400, 'invalid_order_id', 'orderId must be a decimal int64.');
  switch (parts.store.cancel(id)) {
    case 'cancelled':
      // send-helper-204: the cancelled order handed to the one JSON writer; Node drops the body on a 204
      // but sends the Content-Type and Content-Length the writer set.
      return parts.config.misconfig === 'send-helper-204'
        ? { status: 204, json: { id, status: 'cancelled' } }
        : { status: 204 };
    case 'not-found':
      return errorReply(404, 'order_not_found', `No order has id ${id}.`);
    case 'shipped':
      return errorReply(409, 'order_shipped', `Order ${id} has already shipped and cannot be cancelled.`);
    case 'already-cancelled':
      return errorReply(409, 'order_not_pending', `Order ${id} is already cancelled.`);
  }
}

function pet(parts: Parts, req: IncomingMessage, segment: string): Reply {
  if (req.method !== 'GET' && req.method !== 'HEAD') return notAllowed('GET, HEAD');
  const petId = parts.ids.fromPath(segment);
  if (petId === undefined) return errorReply(400, 'invalid_pet_id', 'petId must be a decimal int64.');
  if (!parts.store.hasPet(petId)) return errorReply(404, 'pet_not_found', `No pet has id ${petId}.`);
  return { status: 200, json: { id: petId } };
}

function notAllowed(allow: string): Reply {
  return errorReply(405, 'method_not_allowed', 'This method is not allowed on this resource.', {
    Allow: allow,
  });
}
