// The order list's exchanges as the conditional-request checks read them: plain lists, conditional ones, the
// validators they carried and whether two carried the same bytes. Reads the transcript only; never sends.
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';
import type { Ctx } from '../kit/context.ts';
import { LIST_BODIES } from '../kit/list-bodies.ts';
import { ORDERS } from '../kit/paths.ts';

const CONDITIONS = ['if-none-match', 'if-modified-since'] as const;

/** A request header as sent (the first line of it), by its name in any case. */
export function sent(x: Exchange, name: string): string | undefined {
  const hit = Object.entries(x.request.headers).find(([k]) => k.toLowerCase() === name);
  const v = hit?.[1];
  return Array.isArray(v) ? v[0] : v;
}

/** Whether an exchange is a GET or HEAD of the order list itself (no query), answered. */
function ofList(x: Exchange, base: string): boolean {
  if ((x.request.method !== 'GET' && x.request.method !== 'HEAD') || !x.response) return false;
  const url = new URL(x.request.url);
  return url.search === '' && url.pathname === `${base}${ORDERS}`;
}

/** A GET of the list with no condition, answered 200: a list body and the validators it came with. */
export const plainList = (x: Exchange, base: string): boolean =>
  x.request.method === 'GET' &&
  x.response?.status === 200 &&
  ofList(x, base) &&
  CONDITIONS.every((c) => sent(x, c) === undefined);

/** A GET or HEAD of the list with If-None-Match or If-Modified-Since. */
export const conditionalList = (x: Exchange, base: string): boolean =>
  ofList(x, base) && CONDITIONS.some((c) => sent(x, c) !== undefined);

/** The base URL's path, without its trailing slash. */
export const basePath = (ctx: Ctx): string => new URL(ctx.config.baseUrl).pathname.replace(/\/$/, '');

/** The ETag a response carried, as sent. */
export const etagOf = (x: Exchange): string | undefined => headerValue(rawOf(x.response!).headers, 'etag');

/** The opaque part of an entity tag (weak comparison, RFC 9110 §8.8.3.2): W/ dropped. */
export const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, '');

/** A strong entity tag (RFC 9110 §8.8.3: strong unless marked W/), trimmed; undefined for a weak one. */
export function strongTag(tag: string | undefined): string | undefined {
  const t = tag?.trim();
  return t && !t.startsWith('W/') ? t : undefined;
}

/** Whether two list responses carried the same bytes; undefined when either body was not received whole. */
export type SameBody = (a: Exchange, b: Exchange) => boolean | undefined;

/** By the recorded text, when neither body was cut at the transcript cap (a recording's exchanges). */
export const sameRecorded: SameBody = (a, b) => {
  const whole = (x: Exchange) => !x.response!.bodyTruncated && x.response!.bodyError === undefined;
  if (!whole(a) || !whole(b)) return undefined;
  return (
    a.response!.bodyBytes === b.response!.bodyBytes && rawOf(a.response!).body === rawOf(b.response!).body
  );
};

/**
 * The run's comparison of list bodies: by the digests of the bodies read whole as they arrived (a large list
 * too), else by the recorded text.
 */
export function sameBodyOf(ctx: Ctx): SameBody {
  const bodies = ctx.memo.peek(LIST_BODIES);
  return (a, b) => (bodies?.knows(a) && bodies.knows(b) ? bodies.sameBytes(a, b) : sameRecorded(a, b));
}
