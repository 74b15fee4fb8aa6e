// Judges one answer of the request surface by the invariants that bind every response and that no whole-run
// check already judges: no 2xx or 5xx to a DELETE of an id no order has, no content after HEAD, a 304 only
// while the list is unchanged by the server's own validators. Reads exchanges only; never sends.
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import type { Response } from '../../lib/http/response.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';
import { ORDERS } from '../kit/paths.ts';
import { describeStatus } from '../kit/responses.ts';
import type { SurfaceCase, Validators } from './surface-cases.ts';

export interface SurfaceFailure {
  /** The counterexample class; the message starts with it. */
  cls: string;
  message: string;
  expected: string;
  actual: string;
  exchange: Exchange;
}

/** A 429 says nothing about the case: the property stops instead of judging it. */
export class SurfaceLimited extends Error {}

/** The opaque part of an entity tag (weak comparison, RFC 9110 §8.8.3.2): W/ dropped. */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether an exchange is a 200 to a plain GET of the order list (no query, no condition). */
function plainList(x: Exchange, base: string): boolean {
  if (x.request.method !== 'GET' || x.response?.status !== 200) return false;
  const url = new URL(x.request.url);
  if (url.search !== '' || url.pathname !== `${base}${ORDERS}`) return false;
  const h = x.request.headers;
  return !Object.keys(h).some((k) => /^if-/i.test(k));
}

/** The first 200 of a plain list that carried an ETag or a Last-Modified: the validators the run may send. */
export function firstValidators(xs: readonly Exchange[], base: string): Validators {
  const out: Validators = {};
  for (const x of xs) {
    if (!plainList(x, base)) continue;
    const headers = rawOf(x.response!).headers;
    const etag = headerValue(headers, 'etag');
    const lm = headerValue(headers, 'last-modified');
    if (etag && !out.etag) out.etag = { value: etag, seq: x.seq };
    if (lm && !out.lastModified) out.lastModified = { value: lm, seq: x.seq };
    if (out.etag && out.lastModified) break;
  }
  return out;
}

/**
 * Why a 304 was stale, or undefined: the latest 200 of the plain list received before it named a current
 * ETag other than the one sent (or a Last-Modified later than the date sent), so the condition was true.
 */
export function staleBy(
  c: SurfaceCase,
  seq: number,
  xs: readonly Exchange[],
  base: string,
): string | undefined {
  const v = c.validator;
  if (!v) return undefined;
  const later = xs.filter((x) => x.seq > v.seq && x.seq < seq && plainList(x, base)).at(-1);
  if (!later) return undefined;
  const headers = rawOf(later.response!).headers;
  if (v.field === 'If-None-Match') {
    const now = headerValue(headers, 'etag');
    if (now !== undefined && opaque(now) !== opaque(v.value))
      return `the list's ETag had become ${now} (exchange #${later.seq}) since ${v.value} was given (exchange #${v.seq})`;
    return undefined;
  }
  const now = headerValue(headers, 'last-modified');
  const [sent, current] = [Date.parse(v.value), now === undefined ? Number.NaN : Date.parse(now)];
  if (Number.isFinite(sent) && Number.isFinite(current) && current > sent)
    return `the list's Last-Modified had become ${now} (exchange #${later.seq}), later than ${v.value}`;
  return undefined;
}

const fail = (cls: string, message: string, expected: string, res: Response): SurfaceFailure => ({
  cls,
  message: `${cls}: ${message}`,
  expected,
  actual: describeStatus(res),
  exchange: res.exchange,
});

/**
 * Judges one case's answer. `stray`: bytes arrived after this response's end (the client's record). `xs`,
 * `base`: the transcript so far and the base URL's path, for the 304 rule.
 */
export function judgeSurface(
  c: SurfaceCase,
  res: Response,
  stray: boolean,
  xs: readonly Exchange[],
  base: string,
): SurfaceFailure | undefined {
  const s = res.status;
  const what = `${c.method} ${c.path} (${c.kind}) answered ${describeStatus(res)}`;
  if (s === 429)
    throw new SurfaceLimited(`the target answered 429 to ${c.method} ${c.path} even after waiting`);
  if (c.method === 'DELETE') {
    if (s >= 200 && s < 300)
      return fail('2xx cancel of an absent id', `${what}: no order has any reading of this id`, '4xx', res);
    if (s >= 500) return fail('5xx on a cancel of an absent id', what, '4xx', res);
  }
  if (c.method === 'HEAD' && (res.bytes > 0 || stray))
    return fail('content after HEAD', `${what} with content after its header section`, 'no content', res);
  if (s === 304) {
    const stale = staleBy(c, res.exchange.seq, xs, base);
    if (stale) return fail('stale 304', `${what}, though ${stale}`, '200 with the current list', res);
  }
  return undefined;
}
