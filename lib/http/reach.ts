// Whether any operation of the API answered at all: a base URL with a wrong prefix (/api/v1, /V1) reaches a
// server whose every answer below it is the same "no such route". Pure over the transcript; sends nothing.
// Tight on purpose: one answer that could be the API's (an Error body, a rate-limit header) keeps the verdict.
import type { Exchange } from './transcript.ts';

/** The path below the base URL, or undefined for a request elsewhere. */
function below(baseUrl: string, url: string): string | undefined {
  if (!url.startsWith(`${baseUrl}/`)) return undefined;
  return url.slice(baseUrl.length).replace(/[?#].*$/, '');
}

/** A rate-limit header of any spelling (X-RateLimit-*, RateLimit-*, RateLimit-Policy, Retry-After). */
const LIMIT_HEADER = /^(x-ratelimit-|ratelimit(-|$)|retry-after$)/i;

/** Whether an answer is JSON: labelled so (a body the transcript cut short cannot be parsed), or parsed. */
function jsonBody(e: Exchange): boolean {
  const type = e.response?.headers['content-type'];
  if (/[/+]json\b/i.test(Array.isArray(type) ? type.join(',') : (type ?? ''))) return true;
  try {
    JSON.parse(e.response?.body ?? '');
    return true;
  } catch {
    return false;
  }
}

/** An answer that may be the API's: it carries a limiter's header or an Error-shaped JSON body. */
export function apiLike(e: Exchange): boolean {
  return e.response !== undefined && apiLikeAnswer(e.response.headers, e.response.body);
}

/** apiLike on an answer's headers (names in any case) and body text. */
export function apiLikeAnswer(headers: Readonly<Record<string, unknown>>, text: string): boolean {
  if (Object.keys(headers).some((h) => LIMIT_HEADER.test(h))) return true;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  // A JSON array could be a list; an object with the Error's three fields is one (a framework's own 404 body,
  // {"detail": ...} or {"timestamp", "status", "error", "path"}, is neither).
  if (Array.isArray(body)) return true;
  if (body === null || typeof body !== 'object') return false;
  return ['code', 'message', 'status'].every((k) => Object.hasOwn(body, k));
}

/** What every answer below the base URL has been so far, while each is one and the same non-API answer. */
interface SameAnswer {
  status: number;
  answered: number;
  lists: number;
  cancels: number;
}

/**
 * The one answer every request below the base URL got so far, while they all got the same status that is no
 * 401 or 429 (a 2xx only when no body is JSON) and none is API-like (apiLike); undefined once one differs.
 */
export function sameNonApiAnswer(baseUrl: string, exchanges: readonly Exchange[]): SameAnswer | undefined {
  const answered = exchanges.filter(
    (e) => e.response !== undefined && below(baseUrl, e.request.url) !== undefined,
  );
  const statuses = new Set(answered.map((e) => e.response!.status));
  if (statuses.size !== 1) return undefined;
  const status = [...statuses][0]!;
  // A 4xx says nothing is there (404, a front's 403 or 400), a page served for every path is a website; a 5xx
  // or a redirect on every route is the server broken or moved, which the checks judge (a 500 everywhere fails
  // LIST-STATUS-200; a redirect is never followed, and fails it too).
  if (status < 200 || (status > 299 && status < 400) || status > 499 || status === 401 || status === 429)
    return undefined;
  if (answered.some(apiLike)) return undefined;
  if (status >= 200 && status <= 299 && answered.some((e) => jsonBody(e))) return undefined;
  const path = (e: Exchange) => below(baseUrl, e.request.url)!;
  return {
    status,
    answered: answered.length,
    lists: answered.filter((e) => e.request.method === 'GET' && path(e) === '/store/orders').length,
    cancels: answered.filter((e) => e.request.method === 'DELETE' && /^\/store\/orders\/[^/]+$/.test(path(e)))
      .length,
  };
}

/**
 * The statuses seen when no operation answered: the order list and at least one cancel were answered, all
 * alike (sameNonApiAnswer). Otherwise undefined: the answers are the server's, to judge.
 */
export function noOperationAnswers(baseUrl: string, exchanges: readonly Exchange[]): string | undefined {
  const same = sameNonApiAnswer(baseUrl, exchanges);
  if (!same || same.lists === 0 || same.cancels === 0) return undefined;
  const n = same.answered;
  return `${n} request${n === 1 ? '' : 's'} below it (GET /store/orders, DELETE /store/orders/{id}${n > same.lists + same.cancels ? ' and others' : ''}) all answered ${same.status}, with no Error body and no rate-limit header`;
}
