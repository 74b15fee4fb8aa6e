// Which operation a recorded request asked for (spec §4, §9 rule 3), read from its method and its path below
// the base URL as sent: the list, a cancel, the pets read, each as written or spelled another way a router may
// still read as it (a trailing or doubled slash, a dot segment, an escape, another case, a `;x` parameter).
// Pure: reads text, never sends.
import type { Operation } from './target-facts.ts';

export interface Route {
  op: Operation;
  /** The orderId or petId segment as sent (still percent-encoded). */
  id?: string;
  /** The query as sent, without its `?` ('' when none). */
  query: string;
  /** The path is the operation's spelled another way (the id aside: its spellings are the ID- checks'). */
  spelled: boolean;
}

const PLAIN: ReadonlyArray<[RegExp, Operation, readonly string[]]> = [
  [/^\/store\/orders$/, 'list', ['GET', 'HEAD']],
  [/^\/store\/orders\/([^/]+)$/, 'cancel', ['DELETE']],
  [/^\/pets\/([^/]+)$/, 'pets', ['GET', 'HEAD']],
];

/** The path a router that cleans paths reads: decoded, `;x` dropped, slashes collapsed, dots resolved. */
function cleaned(path: string): string {
  let p = path.replace(/;[^/]*/g, '');
  try {
    p = decodeURIComponent(p);
  } catch {
    // An invalid escape is left as sent: no router reads it as anything else.
  }
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return `/${out.join('/')}`;
}

/** The fixed segments in lower case, the id as it is. */
function caseFolded(path: string): string {
  const segs = path.split('/');
  const idAt = segs[1]?.toLowerCase() === 'pets' ? 2 : 3;
  return segs.map((s, i) => (i === idAt ? s : s.toLowerCase())).join('/');
}

function match(path: string, method: string): Omit<Route, 'query' | 'spelled'> | undefined {
  for (const [re, op, methods] of PLAIN) {
    const m = re.exec(path);
    if (m && methods.includes(method)) return { op, ...(m[1] !== undefined ? { id: m[1] } : {}) };
  }
  return undefined;
}

/**
 * The operation of a request to `relative` (the path and query below the base path), or undefined when it asks
 * for none (another path, another method).
 */
export function routeOf(method: string, relative: string): Route | undefined {
  const q = relative.indexOf('?');
  const path = q < 0 ? relative : relative.slice(0, q);
  const query = q < 0 ? '' : relative.slice(q + 1);
  const plain = match(path, method);
  if (plain) return routed(plain, query, false);
  const spelled = match(caseFolded(cleaned(path)), method);
  return spelled ? routed(spelled, query, true) : undefined;
}

/** Written out, not spread: a spread of an optional field gives each of a million routes a hidden class. */
const routed = (m: Omit<Route, 'query' | 'spelled'>, query: string, spelled: boolean): Route =>
  m.id !== undefined ? { op: m.op, id: m.id, query, spelled } : { op: m.op, query, spelled };

/** A URL's origin (scheme, host, port as URL reads them) and the rest as sent; undefined for no http(s) URL. */
export function splitUrl(url: string): { origin: string; rest: string } | undefined {
  const m = /^(https?:\/\/[^/?#]+)(.*)$/i.exec(url);
  if (!m) return undefined;
  const origin = originOf(m[1]!);
  return origin === undefined ? undefined : { origin, rest: m[2]! === '' ? '/' : m[2]! };
}

/** Origins as URL reads them, by scheme and authority as written: a recording names the same few again and again. */
const origins = new Map<string, string | null>();

function originOf(written: string): string | undefined {
  let origin = origins.get(written);
  if (origin === undefined) {
    try {
      origin = new URL(written).origin;
    } catch {
      origin = null;
    }
    if (origins.size < 1000) origins.set(written, origin);
  }
  return origin ?? undefined;
}

/** The base URL split last, and its path without a trailing slash (a recording is read below one base). */
let lastBase:
  | { url: string; split: ReturnType<typeof splitUrl>; prefix: string; below: [string, string] }
  | undefined;

/** The path and query of a URL as sent below the base URL, or undefined when the URL is not below it. */
export function relativeTo(url: string, baseUrl: string): string | undefined {
  const at = splitUrl(url);
  if (lastBase?.url !== baseUrl) {
    const split = splitUrl(baseUrl);
    const prefix = split ? split.rest.replace(/\/$/, '') : '';
    lastBase = { url: baseUrl, split, prefix, below: [`${prefix}/`, `${prefix}?`] };
  }
  const base = lastBase.split;
  if (!at || !base || at.origin !== base.origin) return undefined;
  const rest = at.rest;
  const { prefix, below } = lastBase;
  if (!rest.startsWith(below[0]) && !rest.startsWith(below[1]) && rest !== prefix) return undefined;
  return rest.slice(prefix.length).split('#')[0]!;
}
