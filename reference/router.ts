// Maps a method and raw request path to a route of the v1 API. Must not decode path segments
// (ids are decoded by path-id.ts, so an encoded "/" stays inside its segment) and must not check auth.

export type Route =
  | { kind: 'list' }
  | { kind: 'cancel'; rawId: string }
  | { kind: 'pet'; rawId: string }
  | { kind: 'method-not-allowed'; allow: string; pets: boolean }
  | { kind: 'not-found' };

/** Splits an origin-form request target (RFC 9112 §3.2.1) without normalising it. */
export function splitTarget(url: string): { path: string; query: string } {
  const q = url.indexOf('?');
  return q === -1 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q + 1) };
}

/** The path below the base (variant base-path-deep), or a path no route has when it is not under it. */
export function underBase(path: string, base: string): string {
  if (base === '') return path;
  return path.startsWith(`${base}/`) ? path.slice(base.length) : '/';
}

const READ = new Set(['GET', 'HEAD']);

export function matchRoute(method: string, path: string): Route {
  const s = path.split('/');
  if (s[0] !== '' || s[1] !== 'v1') return { kind: 'not-found' };
  if (s.length === 4 && s[2] === 'store' && s[3] === 'orders') {
    return READ.has(method)
      ? { kind: 'list' }
      : { kind: 'method-not-allowed', allow: 'GET, HEAD', pets: false };
  }
  if (s.length === 5 && s[2] === 'store' && s[3] === 'orders') {
    return method === 'DELETE'
      ? { kind: 'cancel', rawId: s[4]! }
      : { kind: 'method-not-allowed', allow: 'DELETE', pets: false };
  }
  if (s.length === 4 && s[2] === 'pets') {
    return READ.has(method)
      ? { kind: 'pet', rawId: s[3]! }
      : { kind: 'method-not-allowed', allow: 'GET, HEAD', pets: true };
  }
  return { kind: 'not-found' };
}

export function isPetsRoute(route: Route): boolean {
  return route.kind === 'pet' || (route.kind === 'method-not-allowed' && route.pets);
}
