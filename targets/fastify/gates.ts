// What the Fastify target decides before routing, as answers rather than replies: the ban guard and the
// bearer authentication. The root onRequest hooks send these answers; the framework-error path
// (framework-errors.ts), where no hook runs, sends them itself. Never writes a key.
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type BanWatch, bearerToken, clientOf } from '../zoo-contract.ts';

export interface ErrorBody {
  code: string;
  message: string;
  status: number;
}

export interface Answer {
  status: number;
  headers: Record<string, string | number>;
  body: ErrorBody;
}

export type Gate = (request: FastifyRequest) => Answer | undefined;

export function errorBody(status: number, code: string, message: string): ErrorBody {
  return { code, message, status };
}

/**
 * The first step of every request: charges it to its key or address (request.bucket, which the limiter's
 * keyGenerator reads), and answers a banned client, with its ban's rate-limit headers, before the limiter
 * counts it.
 */
export function banGate(
  bans: BanWatch,
  keys: string[],
  limit: number,
  banned: WeakSet<FastifyRequest>,
): Gate {
  return (request) => {
    // normalizeIP folds an IPv6 client into its /64, as the limiter's own default key does.
    request.bucket = clientOf(keys, bearerToken(request.headers.authorization), request.ip, normalizeIP);
    bans.arrive(request.bucket);
    const bannedUntil = bans.bannedUntil(request.bucket);
    if (bannedUntil === undefined) return undefined;
    banned.add(request);
    const seconds = Math.ceil((bannedUntil - Date.now()) / 1000);
    return {
      status: 429,
      headers: {
        'x-ratelimit-limit': limit,
        'x-ratelimit-remaining': 0,
        'x-ratelimit-reset': Math.ceil(bannedUntil / 1000),
        'retry-after': seconds,
      },
      body: errorBody(429, 'temporarily_banned', `Too many requests after a 429; retry in ${seconds} s.`),
    };
  };
}

/** 401 unless `Authorization: Bearer <one of the keys>`. */
export function authGate(keys: string[]): Gate {
  return (request) => {
    const header = request.headers.authorization;
    const token = bearerToken(header);
    if (token !== undefined && keys.includes(token)) return undefined;
    // RFC 6750 §3: no credentials get the bare challenge, a wrong one error="invalid_token".
    const challenge =
      header === undefined
        ? 'Bearer realm="order-store"'
        : 'Bearer realm="order-store", error="invalid_token", error_description="The API key is missing or invalid"';
    return {
      status: 401,
      headers: { 'www-authenticate': challenge },
      body: errorBody(401, 'unauthorized', 'Missing or invalid API key.'),
    };
  };
}

/** A gate as a root onRequest hook. */
export function hookOf(gate: Gate) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = gate(request);
    if (answer) return reply.code(answer.status).headers(answer.headers).send(answer.body);
  };
}
