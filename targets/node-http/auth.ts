// Bearer authentication (spec §5, RFC 6750 §2.1, RFC 9110 §11): which configured key, if any, an
// Authorization header carries. Compares in constant time; never logs, echoes or returns a key.
import { createHash, timingSafeEqual } from 'node:crypto';

/** Why a request is not authenticated: no bearer credentials at all, or bearer credentials that fail. */
export type AuthFailure = 'missing' | 'invalid';

export type AuthResult = { keyIndex: number } | { failure: AuthFailure };

// The scheme is case-insensitive (RFC 9110 §11.1); one token68 after one or more spaces, nothing else.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;
const SCHEME = /^Bearer(?: |$)/i;

export class Keys {
  readonly #digests: Buffer[];

  constructor(keys: string[]) {
    this.#digests = keys.map(digest);
  }

  /** Node keeps the first of repeated Authorization lines (its documented default), and so do we. */
  authenticate(header: string | undefined): AuthResult {
    if (header === undefined || !SCHEME.test(header)) return { failure: 'missing' };
    const token = BEARER.exec(header)?.[1];
    if (token === undefined) return { failure: 'invalid' };
    // Digests have one length, so timingSafeEqual compares every key without leaking which prefix matched.
    const d = digest(token);
    let found = -1;
    this.#digests.forEach((k, i) => {
      if (timingSafeEqual(k, d) && found < 0) found = i;
    });
    return found >= 0 ? { keyIndex: found } : { failure: 'invalid' };
  }
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}
