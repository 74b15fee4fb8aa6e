// Where a faulty server also finds the key besides "Authorization: Bearer <key>" (faults auth-key-header-
// accepted, auth-key-cookie-accepted, auth-bearer-prefix-stripped, pets-basic-accepted). Deviations only: with
// none of these faults on it finds nothing, and the faithful pipeline never reads these places.
import type { IncomingMessage } from 'node:http';
import type { FaultSet } from './faults/fault-set.ts';

/** The value of one cookie of the request's Cookie line(s), as a cookie parser would give it. */
function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/** The user and the password of Basic credentials (RFC 7617), or nothing. */
function basicPair(authorization: string | undefined): string[] {
  const m = /^basic +([A-Za-z0-9+/]+=*)$/i.exec(authorization ?? '');
  if (!m) return [];
  const pair = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  return colon < 0 ? [] : [pair.slice(0, colon), pair.slice(colon + 1)];
}

/**
 * The candidate keys a server with these faults reads from the request; the caller looks each up as it looks
 * up a bearer token. `petsRoute`: the request is for the deprecated pets read.
 */
export function misplacedKeys(faults: FaultSet, req: IncomingMessage, petsRoute: boolean): string[] {
  const out: string[] = [];
  // An API gateway's habit: the key in X-API-Key.
  const header = req.headers['x-api-key'];
  if (faults.has('auth-key-header-accepted') && typeof header === 'string') out.push(header);
  // A browser front end's habit: the token kept in a cookie.
  const fromCookie = cookie(req, 'access_token');
  if (faults.has('auth-key-cookie-accepted') && fromCookie !== undefined) out.push(fromCookie);
  // Python's str.replace removes every occurrence: the bare key, and "Bearer Bearer <key>", pass.
  const authorization = req.headers.authorization;
  if (faults.has('auth-bearer-prefix-stripped') && authorization !== undefined)
    out.push(authorization.split('Bearer ').join(''));
  // The deprecated read still runs its legacy code, which took Basic credentials.
  if (faults.has('pets-basic-accepted') && petsRoute) out.push(...basicPair(authorization));
  return out;
}
