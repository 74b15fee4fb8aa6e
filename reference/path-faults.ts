// How a faulty server's router reads a path its auth guard read differently (faults auth-path-*): the guard
// protects the path as sent, the router matches a normalised one, so a spelling the guard does not know slips
// past it. Deviations only: with none of these faults on, the path is routed as sent and always guarded.
import type { FaultSet } from './faults/fault-set.ts';

export interface RoutedPath {
  /** The path the router matches. */
  path: string;
  /** The guard did not recognise the path as sent, so the request goes through without a key. */
  unguarded: boolean;
}

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Doubled slashes collapsed and dot segments resolved, as many routers' path cleaners do. */
function cleaned(path: string): string {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return `/${out.join('/')}`;
}

export function routedPath(faults: FaultSet, path: string): RoutedPath {
  let p = path;
  // A servlet container's habit: ";jsessionid=..." and any other path parameter dropped before mapping.
  if (faults.has('auth-path-parameter-bypass')) p = p.replace(/;[^/]*/g, '');
  if (faults.has('auth-encoded-path-bypass')) p = decoded(p);
  if (faults.has('auth-dot-segment-bypass')) p = cleaned(p);
  // Express's default: routes match case-insensitively, and a trailing slash is optional (strict: false).
  if (faults.has('auth-path-case-bypass')) p = p.toLowerCase();
  if (faults.has('auth-trailing-slash-bypass') && p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return { path: p, unguarded: p !== path };
}
