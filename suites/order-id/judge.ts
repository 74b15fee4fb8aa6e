// Judges one answer of an orderId property and names the counterexample class when it fails ("2xx on absent
// id", "precision collision", "5xx on malformed id", ...). Reads responses only; it never sends.

import { rateLimitHeaders } from '../../lib/formats/rate-limit-headers.ts';
import type { SchemaIssue } from '../../lib/formats/validation.ts';
import type { Response } from '../../lib/http/client.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import type { KnownOrders } from '../kit/known-orders.ts';
import { describeStatus, errorBodyProblems, errorSchemaIssues, viewOf } from '../kit/responses.ts';
import { shortSpelling } from '../kit/spelling-text.ts';

export interface CaseFailure {
  /** The counterexample class; the check's message starts with it. */
  cls: string;
  message: string;
  expected: string;
  actual: string;
  exchange: Exchange;
  /** When the body is no valid Error: its schema failures as data. */
  schema?: SchemaIssue[];
}

/** A 429 says nothing about the id: the property stops instead of judging it. */
export class RateLimited extends Error {
  constructor(readonly segment: string) {
    super(`the target answered 429 to DELETE /store/orders/${segment} even after waiting`);
  }
}

const fail = (cls: string, message: string, expected: string, res: Response): CaseFailure => ({
  cls,
  message: `${cls}: ${message}`,
  expected,
  actual: describeStatus(res),
  exchange: res.exchange,
});

/** A failure of the body as an Error object, with its schema failures as data. */
const bodyFail = (cls: string, message: string, expected: string, res: Response): CaseFailure => {
  const schema = errorSchemaIssues(viewOf(res));
  return { ...fail(cls, message, expected, res), ...(schema.length > 0 ? { schema } : {}) };
};

/** Property 1: an id no order has answers 404 with an Error body (status 404) and the rate-limit headers. */
export function judgeAbsent(segment: string, res: Response, known: KnownOrders): CaseFailure | undefined {
  const s = res.status;
  const what = `DELETE /store/orders/${segment} (no order has this id) answered ${describeStatus(res)}`;
  if (s === 429) throw new RateLimited(segment);
  if (s >= 200 && s < 300)
    return fail(
      '2xx on absent id',
      `${what}: it claims a cancellation that cannot have happened`,
      '404',
      res,
    );
  if (s >= 500) return fail('5xx on absent id', what, '404', res);
  if (s === 404) {
    const body = errorBodyProblems(viewOf(res));
    if (body.length > 0)
      return bodyFail('invalid Error body on 404', `${what}: ${body.join('; ')}`, '404', res);
    const rl = rateLimitHeaders(res.headers);
    const missing = (['limit', 'remaining', 'reset'] as const).filter((k) => rl[k] === undefined);
    if (missing.length > 0)
      return fail(
        'rate-limit headers missing on 404',
        `${what} without X-RateLimit-${missing.map((m) => m[0]!.toUpperCase() + m.slice(1)).join(', X-RateLimit-')}`,
        '404 with X-RateLimit-Limit, -Remaining, -Reset',
        res,
      );
    return undefined;
  }
  // A JS number cannot tell the id from a known order: answering as that order would is the signature.
  const twin = known.collisions(segment).find((c) => Number(c.order) === Number(segment));
  if (twin)
    return fail(
      'precision collision',
      `${what}, as order ${twin.order} would: the id was read through a JS number (Number(${segment}) === Number(${twin.order}))`,
      '404',
      res,
    );
  return fail(`${s} on absent id`, `${what}; an int64 id that no order has is 404`, '404', res);
}

/**
 * Property 2: a malformed id is never 2xx nor 5xx, and a body, if any, is an Error object. `invalidHttp`: the
 * request never reached the API (invalid HTTP on purpose, or the length case a front refused before routing);
 * only its status is judged then.
 */
export function judgeMalformed(segment: string, res: Response, invalidHttp = false): CaseFailure | undefined {
  const s = res.status;
  const what = `DELETE /store/orders/${short(segment)} (not an int64) answered ${describeStatus(res)}`;
  if (s === 429) throw new RateLimited(short(segment));
  if (s >= 200 && s < 300)
    return fail(
      '2xx on malformed id',
      `${what}: it claims a cancellation that cannot have happened`,
      '4xx',
      res,
    );
  if (s >= 500) return fail('5xx on malformed id', what, '4xx', res);
  if (res.bytes > 0 && !invalidHttp) {
    const body = errorBodyProblems(viewOf(res));
    if (body.length > 0)
      return bodyFail('invalid Error body on malformed id', `${what}: ${body.join('; ')}`, '4xx', res);
  }
  return undefined;
}

/** A segment short enough for a message (long ones keep their start and length). */
export function short(segment: string): string {
  return shortSpelling(segment, 80);
}
