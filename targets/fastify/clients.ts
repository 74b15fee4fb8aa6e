// Who a request is charged to (its valid key, else its client address) and the temporary ban of spec §8
// rule 5 around the limiter: it reports requests sent inside a 429's Retry-After ("ZOO early") and bans a
// client that keeps sending ("ZOO ban"). It never prints a key: keys are named by their position.
import { normalizeIP } from '@fastify/rate-limit';

export interface Bucket {
  /** The limiter's key: holds the API key itself, so it is never printed. */
  id: string;
  /** What the contract's events print: key#1, key#2… or the client address. */
  label: string;
}

const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i;

/** The token of an `Authorization: Bearer <token>` header (RFC 6750 §2.1; the scheme is case-insensitive). */
export function bearerToken(header: string | undefined): string | undefined {
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
}

export function bucketOf(keys: string[], authorization: string | undefined, ip: string | undefined): Bucket {
  const token = bearerToken(authorization);
  const index = token === undefined ? -1 : keys.indexOf(token);
  if (index >= 0) return { id: `key:${token}`, label: `key#${index + 1}` };
  const address = ip ?? 'unknown';
  // normalizeIP folds an IPv6 client into its /64, as the limiter's own default key does.
  return { id: `ip:${normalizeIP(address)}`, label: address };
}

interface State {
  /** The moment the last 429 told this client to wait for (ms). */
  waitUntil: number;
  /** Requests sent before waitUntil since the client last waited properly. */
  early: number;
  bannedUntil: number;
}

export class Bans {
  readonly #state = new Map<string, State>();

  constructor(
    private readonly banAfter: number,
    private readonly banSeconds: number,
  ) {}

  /** Called for every request before the limiter: the end of the client's ban (ms), if it is banned. */
  arrive(bucket: Bucket, now = Date.now()): number | undefined {
    const s = this.#state.get(bucket.id);
    if (!s) return undefined;
    if (now >= s.waitUntil) {
      s.early = 0;
      return undefined;
    }
    console.log(`ZOO early ${bucket.label}`);
    s.early++;
    if (s.bannedUntil <= now && s.early >= this.banAfter) {
      s.bannedUntil = now + this.banSeconds * 1000;
      s.waitUntil = s.bannedUntil;
      console.log(`ZOO ban ${bucket.label} ${this.banSeconds}`);
    }
    return s.bannedUntil > now ? s.bannedUntil : undefined;
  }

  /** A 429 told the client to wait `seconds` from now (called before the response is sent). */
  told(bucket: Bucket, seconds: number, now = Date.now()): void {
    const s = this.#state.get(bucket.id) ?? { waitUntil: 0, early: 0, bannedUntil: 0 };
    s.waitUntil = Math.max(s.waitUntil, now + seconds * 1000);
    this.#state.set(bucket.id, s);
  }
}
