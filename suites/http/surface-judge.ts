// Judges one answer of the request surface by the invariants that bind every response and no whole-run check
// judges: no 2xx or 5xx to a DELETE of an id no order has, no content after HEAD, no 406 to a list asked with
// an Accept that admits JSON (a HEAD refused where GET is answered is recorded, not judged). Never sends.
import type { Response } from '../../lib/http/response.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { admitsJson } from '../kit/accept.ts';
import { ORDERS } from '../kit/paths.ts';
import { describeStatus } from '../kit/responses.ts';
import { fixedCases, type SurfaceCase, showCase, UNSAFE } from './surface-catalogue.ts';

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

const fail = (cls: string, message: string, expected: string, res: Response): SurfaceFailure => ({
  cls,
  message: `${cls}: ${message}`,
  expected,
  actual: describeStatus(res),
  exchange: res.exchange,
});

/** Content after a HEAD's header section as a finding shows it: its size and its first bytes, escaped. */
export function headContent(x: Exchange): string {
  const r = x.response;
  if (!r || r.bodyBytes === 0) return 'bytes after the end of its response (the connection was dropped)';
  const start = JSON.stringify(r.body.slice(0, 24));
  return `${r.bodyBytes} bytes of content after its header section, starting ${start}`;
}

/** Statuses that refuse a method itself (RFC 9110 §15.5.6, §15.6.2). */
const METHOD_REFUSED = new Set([405, 501]);

/**
 * What is wrong with a HEAD answered `head` where a GET of the same target, with the key, was answered `get`:
 * a server supports HEAD wherever it supports GET (RFC 9110 §9.1), and HEAD is GET without content (§9.3.2),
 * so a HEAD is not refused as a method where the GET was not, nor an error where the GET succeeded.
 */
export function headUnlikeGet(head: number, get: number | undefined): string | undefined {
  if (get === undefined || get === 429 || head === 429) return undefined;
  if (METHOD_REFUSED.has(head) && !METHOD_REFUSED.has(get))
    return `HEAD refused as a method (${head}) where GET of the same target is answered ${get}`;
  if (get >= 200 && get < 300 && head >= 400)
    return `HEAD answered ${head} where GET of the same target is answered ${get}`;
  return undefined;
}

/**
 * Judges one case's answer. `stray`: bytes arrived after this response's end (the client's record).
 */
export function judgeSurface(c: SurfaceCase, res: Response, stray: boolean): SurfaceFailure | undefined {
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
    return fail('content after HEAD', `${what} with ${headContent(res.exchange)}`, 'no content', res);
  const accept = c.headers?.accept;
  if (c.method === 'GET' && c.path === ORDERS && accept !== undefined && admitsJson(accept) && s === 406)
    return fail(
      '406 to an Accept that admits JSON',
      `${what}: "Accept: ${accept}" admits application/json, the list's own type`,
      '200, the JSON array of orders',
      res,
    );
  return undefined;
}

/**
 * What is recorded, not judged: a 5xx to a case other than a cancel, and a 2xx to a POST, PUT or PATCH (no
 * sentence of the spec binds those requests: it defines no such operation).
 */
export function recordedOnly(
  c: SurfaceCase,
  res: Response,
  getOf: (url: string) => number | undefined = () => undefined,
): string | undefined {
  const write = c.method === 'POST' || c.method === 'PUT' || c.method === 'PATCH';
  const s = res.status;
  if ((c.method !== 'DELETE' && s >= 500) || (write && s >= 200 && s < 300))
    return `${c.method} ${c.path} (${c.kind}) answered ${describeStatus(res)}`;
  // RFC 9110 §9.1 binds "general-purpose servers" to support HEAD: an API's origin server is not named by it,
  // so a HEAD refused where its GET is answered is said, not failed.
  // A HEAD answered with an error where its GET succeeded is HTTP-HEAD-AS-GET's finding (RFC 9110 §9.3.2).
  const refused = c.method === 'HEAD' && METHOD_REFUSED.has(s);
  const unlike = refused ? headUnlikeGet(s, getOf(res.exchange.request.url)) : undefined;
  return unlike
    ? `${c.method} ${c.path} (${c.kind}): ${unlike} (RFC 9110 §9.1 asks HEAD of general-purpose servers)`
    : undefined;
}

/**
 * The fixed cases not sent before the counterexample, but the HEAD of the list (sent with GETs around it, once)
 * and, after a 2xx to a DELETE or a write, every DELETE and write (the run's gate stops them).
 */
export function unsent(
  cases: readonly SurfaceCase[],
  attempted: ReadonlySet<string>,
  result: { counterexample?: { value: SurfaceCase; failure: SurfaceFailure } },
): SurfaceCase[] {
  const failure = result.counterexample?.failure;
  const status = failure?.exchange.response?.status ?? 0;
  const gated = UNSAFE.has(result.counterexample?.value.method ?? '') && status >= 200 && status <= 299;
  return fixedCases(cases).filter(
    (c) => !attempted.has(showCase(c)) && c.method !== 'HEAD' && !(gated && UNSAFE.has(c.method)),
  );
}
