// What real HTTP fronts accept of a request, and the refusal a front gives to one past it before any routing:
// gunicorn stops at a 4,094-byte request line, nginx at 8 KiB of a header line, Node at 16 KiB of headers,
// nginx refuses a repeated Authorization line or a NUL byte in the path outright, lighttpd a path holding
// any control byte or bytes that are no UTF-8, Tomcat, Apache and Jetty an encoded slash. The suite keeps every
// request within the sizes unless the length itself is its case; a refusal of such a request is the front's
// protocol answer, not the application's. Reads exchanges; never sends.
import { rateLimitHeaders } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';
import { isJsonMediaType } from './responses.ts';

/** The longest request line (method, target, version) every common front takes: gunicorn's 4,094 bytes. */
export const REQUEST_LINE_LIMIT = 4094;
/** The most header bytes every common front takes (nginx's 8 KiB buffers, gunicorn's 8,190-byte fields). */
export const HEADER_BYTES_LIMIT = 8190;

/** The statuses a front refuses an over-long request with before routing (RFC 9110 §15.5.1, §15.5.15, RFC 6585 §5). */
const FRONT_REFUSALS: ReadonlySet<number> = new Set([400, 414, 431]);

/**
 * Why a path holds bytes a front may refuse, or undefined. Such a path is refused with 404 as well as 400:
 * Apache httpd's URL unescaping answers %00 with its HTML 404 before any handler, where Jetty and Tomcat answer
 * 400. Both are the same refusal before routing and are treated alike (frontRefusal): the spec binds the
 * service's operations (spec §4 cancelOrder's 404 "Error object" is of an orderId, an int64, which a NUL byte
 * cannot spell; §7's Error body is of those responses), not what the HTTP layer answers a request no operation
 * received. The status is still judged (ID-MALFORMED-4XX: a 4xx, never 2xx or 5xx).
 */
function pathBytesRefused(x: Exchange): string | undefined {
  const path = x.request.url.replace(/[?#].*$/, '');
  if (/%00/.test(path)) return 'a path holding a NUL byte (%00)';
  if (/%(?:[01][0-9A-Fa-f]|7[Ff])/.test(path)) return 'a path holding a control byte (%0A, %09, %7F)';
  if (!utf8Path(path)) return 'a path whose percent-encoded bytes are no UTF-8 (%FF, %C0%B0)';
  return undefined;
}

/**
 * Why a path holds what a stack refuses as ambiguous before routing, or undefined: an encoded slash (%2F:
 * Tomcat's connector answers 400 "The encoded slash character is not allowed", Apache httpd 404 with
 * AllowEncodedSlashes Off, Jetty 12 400 "Ambiguous URI path separator"), an encoded backslash (%5C, Jetty 12's
 * suspicious character), a dot segment spelled %2E (Jetty's "Ambiguous URI path segment"), an encoded percent
 * (%25, Jetty 12's "Ambiguous URI path encoding") or an empty segment (Jetty's "Ambiguous URI empty segment").
 * Unlike a NUL byte, such a path reaches most applications, which owe it their whole answer: only a refusal in
 * a front's shape is left out (frontRefusal).
 */
function ambiguousPath(x: Exchange): string | undefined {
  const path = x.request.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/, '');
  if (/%2F/i.test(path)) return 'a path holding an encoded slash (%2F)';
  if (/%5C/i.test(path)) return 'a path holding an encoded backslash (%5C)';
  if (path.split('/').some((s) => /%2e/i.test(s) && /^(\.|%2e){1,2}$/i.test(s)))
    return 'a dot segment spelled %2E';
  if (/%25/.test(path)) return 'a path holding an encoded percent sign (%25)';
  if (/\/\//.test(path)) return 'a path holding an empty segment (//)';
  return undefined;
}

/** The request line's and the header section's sizes in bytes, as sent (the key's placeholder aside). */
export function requestSize(x: Exchange): { line: number; headers: number } {
  const url = x.request.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const line = Buffer.byteLength(`${x.request.method} ${url || '/'} HTTP/1.1`);
  let headers = 0;
  for (const [name, value] of Object.entries(x.request.headers))
    for (const v of Array.isArray(value) ? value : [value]) headers += Buffer.byteLength(`${name}: ${v}\r\n`);
  return { line, headers };
}

/** Why a request is longer than real fronts accept, or undefined. */
export function overLong(x: Exchange): string | undefined {
  const { line, headers } = requestSize(x);
  if (line > REQUEST_LINE_LIMIT) return `a ${line}-byte request line (fronts stop at 4 KB)`;
  if (headers > HEADER_BYTES_LIMIT) return `${headers} bytes of request headers (fronts stop at 8 KB)`;
  return undefined;
}

/**
 * Why a front may refuse a request before routing it, or undefined: it is over-long, it repeats the
 * Authorization line (RFC 9110 §5.3 forbids a sender to; nginx answers "client sent duplicate header line"),
 * its path carries a NUL byte (%00, which nginx refuses once decoded), another control byte or bytes that are
 * no UTF-8 (%0A, %FF: lighttpd refuses both with its own HTML 400). Only the suite's named cases are such.
 */
export function frontMayRefuse(x: Exchange): string | undefined {
  const long = overLong(x);
  if (long) return long;
  if (Array.isArray(x.request.headers.authorization)) return 'a request with two Authorization lines';
  return pathBytesRefused(x);
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** True when the path's bytes, its percent-escapes decoded, are UTF-8 (lighttpd refuses them otherwise). */
function utf8Path(path: string): boolean {
  // Without an escape the bytes are the characters' own UTF-8 (a lone surrogate encodes as U+FFFD): always
  // UTF-8. Most paths have none, and a long recording asks of each of its 404s, many times over.
  if (!path.includes('%')) return true;
  const bytes: number[] = [];
  for (let i = 0; i < path.length; i++) {
    const pct = /^%([0-9A-Fa-f]{2})/.exec(path.slice(i, i + 3));
    if (pct) {
      bytes.push(Number.parseInt(pct[1]!, 16));
      i += 2;
    } else bytes.push(...Buffer.from(path[i]!));
  }
  try {
    STRICT_UTF8.decode(Uint8Array.from(bytes));
    return true;
  } catch {
    return false;
  }
}

/**
 * Why an answer is a front's protocol refusal of a request it may refuse (frontMayRefuse), or undefined: a
 * 400, 414 or 431 (a 404 to a path's bytes, pathBytesRefused; a 411 to a write sent with no Content-Length)
 * without the rate-limit fields or without a JSON body (what the application behind it would have answered
 * with); or a 400 or 404 in a front's shape to an ambiguous path (ambiguousRefusal). Only its status is the
 * service's to answer for then: the API never saw the request.
 */
export function frontRefusal(x: Exchange): string | undefined {
  return bytesOrLengthRefusal(x) ?? ambiguousRefusal(x);
}

/**
 * Why an answer is a front's refusal of an ambiguous path (ambiguousPath), or undefined: a 400 or 404 with
 * neither rate-limit fields nor a JSON body, the shape Tomcat's, Apache's and Jetty's own pages have. Either one
 * is the application's: its Error body, or a limiter that counted the request, is judged in full.
 */
function ambiguousRefusal(x: Exchange): string | undefined {
  const r = x.response;
  if (!r || (r.status !== 400 && r.status !== 404)) return undefined;
  const why = ambiguousPath(x);
  if (!why) return undefined;
  const raw = rawOf(r);
  if (rateLimitHeaders(raw.headers).remaining !== undefined) return undefined;
  const ct = raw.headers['content-type'];
  if (r.bodyBytes === 0 || isJsonMediaType(Array.isArray(ct) ? ct.join(', ') : ct)) return undefined;
  return `${r.status} without rate-limit fields and with a body that is no JSON to ${why}: the HTTP front refused it before routing`;
}

/** Statuses a stack refuses content with (RFC 9110 §15.5.1, §15.5.12, §15.5.14, §15.5.16). */
const CONTENT_REFUSALS: ReadonlySet<number> = new Set([400, 411, 413, 415]);

/** Why a GET carries content a stack may refuse before routing (HTTP-REQUEST-BODY-FRAMING's), or undefined. */
function contentOnGet(x: Exchange): string | undefined {
  const length = x.request.headers['content-length'];
  if (x.request.method !== 'GET' || typeof length !== 'string' || !(Number(length) > 0)) return undefined;
  return 'a GET with content (RFC 9110 §9.3.1: content in a GET has no generally defined semantics)';
}

/** The check whose GET with content goes before a plain GET on one connection (suites/http/request-body.ts). */
const BODY_PROBE = 'HTTP-REQUEST-BODY-FRAMING';

/**
 * Why a 400 to that plain GET is a parser's refusal, or undefined: a server that left the content unread read
 * it as the start of this request's line, which no route received (the probe's own finding).
 */
function afterContent(x: Exchange): string | undefined {
  if (x.checkId !== BODY_PROBE || x.response?.status !== 400 || contentOnGet(x)) return undefined;
  return 'the request after a GET with content on one connection (read from the content left unread: HTTP-REQUEST-BODY-FRAMING)';
}

/** frontRefusal of a request past what fronts accept, or of a path's bytes (pathBytesRefused). */
function bytesOrLengthRefusal(x: Exchange): string | undefined {
  const r = x.response;
  // A write sent with no Content-Length, which a user agent SHOULD send (RFC 9110 §8.6): a stack may insist on
  // one with 411 (RFC 9110 §15.5.12) before routing, as lighttpd does.
  const unmeasured =
    x.lengthOmitted && r?.status === 411
      ? `a ${x.request.method} with no Content-Length (a user agent SHOULD send one, RFC 9110 §8.6)`
      : r && CONTENT_REFUSALS.has(r.status)
        ? (contentOnGet(x) ?? afterContent(x))
        : undefined;
  if (!r) return undefined;
  const byPath = r.status === 404 ? pathBytesRefused(x) : undefined;
  if (!FRONT_REFUSALS.has(r.status) && !unmeasured && !byPath) return undefined;
  const long = unmeasured ?? byPath ?? frontMayRefuse(x);
  if (!long) return undefined;
  const raw = rawOf(r);
  const bare = rateLimitHeaders(raw.headers).remaining === undefined;
  const ct = raw.headers['content-type'];
  const notJson = r.bodyBytes > 0 && !isJsonMediaType(Array.isArray(ct) ? ct.join(', ') : ct);
  if (!bare && !notJson) return undefined;
  return `${r.status}${bare ? ' without rate-limit fields' : ''}${notJson ? `${bare ? ' and' : ''} with a body that is no JSON` : ''} to ${long}: the HTTP front refused it before routing`;
}

/**
 * Why an answer says nothing of what was asked until the limit lifts (the run's checks pass on no such answers
 * alone, lib/check/verdict.ts): the limiter's 429. A front's refusal before routing (frontRefusal) is no
 * such answer: it is final, not lifted by waiting, and the checks judge it by its status (a 400 to a NUL byte
 * is a refusal of malformed input, as ID-MALFORMED-4XX requires). Undefined for any other.
 */
export function refusalOf(x: Exchange): string | undefined {
  return x.response?.status === 429 ? '429 (the rate limiter)' : undefined;
}
