// The request surface HTTP-SURFACE-PROPERTY samples: the routes and what a client may plausibly send around
// them, built around one id proven absent. Pure: builds requests and says which are safe; never sends.
import { INT64_MAX } from '../../lib/formats/int64.ts';
import type { SendOptions } from '../../lib/http/send.ts';
import { ACCEPTS_ADMITTING_JSON } from '../kit/accept.ts';
import { DIGIT_ZEROS, namedIds } from '../kit/id-readings.ts';
import { ORDERS } from '../kit/paths.ts';

/** Methods that could change an order where a server implements them: sent only where that is proven safe. */
export const UNSAFE = new Set(['DELETE', 'POST', 'PUT', 'PATCH']);

/** One request of the surface: its kind (how it reads in a finding), what is sent. */
export interface SurfaceCase {
  kind: string;
  method: 'GET' | 'HEAD' | 'OPTIONS' | 'DELETE' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  /** A POST, PUT or PATCH with no Content-Length at all (its body empty): what some stacks refuse themselves. */
  omitLength?: true;
  /** Names in lower case: the client's own `accept` would otherwise go out beside it. */
  headers?: Record<string, string>;
  /** The id segment an unsafe method names its order by (only on an order path with one are they sent). */
  segment?: string;
}

/** Spellings of an absent id that name no order however a careless server reads them (checked, admissible). */
export function idSpellings(absent: bigint): Array<{ kind: string; segment: string }> {
  const a = absent < 0n ? -absent : absent;
  const digits = a.toString();
  const wrap = a + 2n ** 64n;
  const unicode = (zero: number) => [...digits].map((d) => String.fromCodePoint(zero + Number(d))).join('');
  const pct = (s: string) => encodeURIComponent(s);
  return [
    { kind: 'id: decimal', segment: digits },
    { kind: 'id: beyond int64', segment: wrap.toString() },
    { kind: 'id: beyond int64, negative', segment: `-${wrap}` },
    { kind: 'id: beyond int64, far', segment: `${digits}${'0'.repeat(20)}` },
    { kind: 'id: negative', segment: `-${digits}` },
    { kind: 'id: plus sign', segment: `%2B${digits}` },
    { kind: 'id: leading zeros', segment: `000${digits}` },
    { kind: 'id: exponent', segment: `${digits}e0` },
    { kind: 'id: decimal point', segment: `${digits}.0` },
    { kind: 'id: fraction', segment: `${digits}.5` },
    { kind: 'id: hex', segment: `0x${a.toString(16)}` },
    { kind: 'id: Arabic-Indic digits', segment: pct(unicode(DIGIT_ZEROS[0])) },
    { kind: 'id: fullwidth digits', segment: pct(unicode(DIGIT_ZEROS[5])) },
    { kind: 'id: percent-encoded digits', segment: [...digits].map((d) => `%3${d}`).join('') },
    { kind: 'id: NUL byte', segment: `${digits}%00` },
    { kind: 'id: trailing space', segment: `${digits}%20` },
    { kind: 'id: int64 max plus one', segment: (INT64_MAX + 1n).toString() },
  ];
}

/** The surface around `absent` (an id no order has); conditional requests are HTTP-CONDITIONAL-304's. */
export function surfaceCatalogue(absent: bigint): SurfaceCase[] {
  const one = `${ORDERS}/${absent}`;
  const get = (kind: string, path: string, headers?: Record<string, string>): SurfaceCase => ({
    kind,
    method: 'GET',
    path,
    ...(headers ? { headers } : {}),
  });
  const cases: SurfaceCase[] = [
    { kind: 'method: HEAD of the list', method: 'HEAD', path: ORDERS },
    { kind: 'method: OPTIONS of the list', method: 'OPTIONS', path: ORDERS },
    { kind: 'method: OPTIONS of an order', method: 'OPTIONS', path: one },
    { kind: 'method: HEAD of an order', method: 'HEAD', path: one },
    get('method: GET of an order', one),
    get('path: unknown below the base', '/store'),
    get('path: unknown sibling', '/store/order'),
    get('path: below an order', `${one}/items`),
    get('path: trailing slash', `${ORDERS}/`),
    get('path: doubled slash', '/store//orders'),
    get('path: upper case', '/STORE/ORDERS'),
    get('query: a page', `${ORDERS}?page=2&limit=1`),
    get('query: a filter', `${ORDERS}?status=pending`),
    get('query: an invalid escape', `${ORDERS}?q=%ZZ`),
    get('accept: HTML', ORDERS, { accept: 'text/html' }),
    get('accept: XML only', ORDERS, { accept: 'application/xml' }),
    get('accept: JSON refused', ORDERS, { accept: 'application/json;q=0, */*;q=0.1' }),
    ...ACCEPTS_ADMITTING_JSON.map(({ kind, accept }) => get(`accept: ${kind}`, ORDERS, { accept })),
    { kind: 'method: DELETE with a trailing slash', method: 'DELETE', path: `${one}/`, segment: `${absent}` },
    {
      kind: 'method: DELETE with a query',
      method: 'DELETE',
      path: `${one}?force=true`,
      segment: `${absent}`,
    },
    {
      kind: 'method: DELETE in upper case',
      method: 'DELETE',
      path: `/STORE/ORDERS/${absent}`,
      segment: `${absent}`,
    },
    ...writes(one, `${absent}`),
    ...idSpellings(absent).flatMap(({ kind, segment }): SurfaceCase[] => [
      { kind: `DELETE ${kind}`, method: 'DELETE', path: `${ORDERS}/${segment}`, segment },
      get(`GET ${kind}`, `${ORDERS}/${segment}`),
    ]),
  ];
  return cases;
}

/**
 * POST, PUT and PATCH, which the API defines on none of its routes, with no content: on the list (an empty
 * body describes no order) and on an order no order has (`one`, its id `segment`), each with no Content-Length
 * and, on the list, with "Content-Length: 0" too.
 */
function writes(one: string, segment: string): SurfaceCase[] {
  return (['POST', 'PUT', 'PATCH'] as const).flatMap((method): SurfaceCase[] => [
    { kind: `method: ${method} of the list, no Content-Length`, method, path: ORDERS, omitLength: true },
    {
      kind: `method: ${method} of the list, Content-Length 0`,
      method,
      path: ORDERS,
      headers: { 'content-length': '0' },
    },
    {
      kind: `method: ${method} of an order, no Content-Length`,
      method,
      path: one,
      segment,
      omitLength: true,
    },
  ]);
}

/** The Accept variant every run sends: the one a router comparing strings refuses first. */
const FIXED_ACCEPT = `accept: ${ACCEPTS_ADMITTING_JSON[0]!.kind}`;

/** The write every run sends: a stack that answers body-less writes itself does so first to this one. */
const FIXED_WRITE = 'method: POST of the list, no Content-Length';

/**
 * The cases every run sends first, before its generated sample: HEAD and OPTIONS of the list, a cancel of a
 * positive id beyond int64 (where an unchecked conversion fails), the list asked with "application/*", and a
 * POST of the list with no content and no Content-Length.
 */
export const FIXED_MAX = 5;
export function fixedCases(cases: readonly SurfaceCase[]): SurfaceCase[] {
  return cases.filter(
    (c) =>
      (c.path === ORDERS && (c.method === 'HEAD' || c.method === 'OPTIONS')) ||
      c.kind === 'DELETE id: beyond int64' ||
      c.kind === FIXED_ACCEPT ||
      c.kind === FIXED_WRITE,
  );
}

/**
 * Whether a case may be sent: a DELETE, or a write of an order path, only when no reading of its segment names
 * an order the run knows of (`known`) or an id where a hidden order could be (`near`); a write of the list only
 * with no content (it then describes no order). Safe methods always may.
 */
export function admissible(
  c: SurfaceCase,
  known: (n: bigint) => boolean,
  near: (n: bigint) => boolean,
): boolean {
  if (!UNSAFE.has(c.method)) return true;
  if (c.method !== 'DELETE' && c.path === ORDERS) return true;
  if (c.segment === undefined) return false;
  return namedIds(c.segment).every((n) => !known(n) && !near(n));
}

/** The request of a case, as the client sends it: the path verbatim. */
export function requestOf(c: SurfaceCase): SendOptions {
  return {
    method: c.method,
    path: c.path,
    verbatimPath: true,
    ...(c.headers ? { headers: c.headers } : {}),
    ...(c.omitLength ? { omitContentLength: true as const } : {}),
    // Read off the socket: undici drops content sent after a HEAD's head, the very thing judged of a HEAD.
    ...(c.method === 'HEAD' ? { readsHeadContent: true as const } : {}),
    // Not valid HTTP: the HTTP stack may answer it itself, before the API (judged by its status alone).
    ...(INVALID_ESCAPE.test(c.path)
      ? { invalidRequest: 'an invalid percent-encoding in its target (RFC 3986 §2.1)' }
      : {}),
  };
}

/** An escape that is no percent-encoding makes the request invalid HTTP (RFC 3986 §2.1). */
const INVALID_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

/** How a case reads in a finding: its kind and request line. */
export function showCase(c: SurfaceCase): string {
  const h = c.headers
    ? ` (${Object.entries(c.headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ')})`
    : '';
  return `${c.kind}: ${c.method} ${c.path.length > 90 ? `${c.path.slice(0, 80)}…` : c.path}${h}`;
}
