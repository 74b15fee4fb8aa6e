// Fault ratelimit-list-front-cache: an Apache front with mod_cache before the application, which marks its list
// `Cache-Control: public, max-age=30` (and `Vary: Authorization`): the front answers each key's list from its
// store for 30 s, headers as stored plus Age, and the limiter behind it never sees those requests.
import type { HeaderFields } from './http-writer.ts';
import type { Reply } from './reply.ts';

/** The list's freshness lifetime, as the application's Cache-Control gives it (server clock). */
export const FRONT_CACHE_MS = 30_000;

/** What the application adds to its list answer under the fault, so that a shared cache may store it. */
export const LIST_CACHE_FIELDS: HeaderFields = {
  'Cache-Control': `public, max-age=${FRONT_CACHE_MS / 1000}`,
  Vary: 'Authorization',
};

interface Stored {
  at: number;
  reply: Reply;
  headers: HeaderFields;
}

/** Fault ratelimit-list-cache-within-window: an ATS front's freshness lifetime for the list, within a window. */
export const SHORT_FRONT_CACHE_MS = 5_000;

export class FrontCache {
  private readonly entries = new Map<string, Stored>();

  /** `ttlMs`: how long the application's Cache-Control lets the front answer from its store. */
  constructor(private readonly ttlMs = FRONT_CACHE_MS) {}

  /** What the application adds to its list answer so that the front stores it for `ttlMs`. */
  get fields(): HeaderFields {
    return { ...LIST_CACHE_FIELDS, 'Cache-Control': `public, max-age=${this.ttlMs / 1000}` };
  }

  /** The stored answer to `authorization`'s list with its Age, while fresh at `now` (RFC 9111 §4.2). */
  hit(authorization: string, now: number): { reply: Reply; headers: HeaderFields } | undefined {
    const e = this.entries.get(authorization);
    if (!e || now - e.at >= this.ttlMs) return undefined;
    return { reply: e.reply, headers: { ...e.headers, Age: String(Math.floor((now - e.at) / 1000)) } };
  }

  /** Keeps a 200 list answer whole, headers and all (a cancel on another URI never invalidates it). */
  store(authorization: string, now: number, reply: Reply, headers: HeaderFields): void {
    this.entries.set(authorization, { at: now, reply, headers: { ...headers } });
  }
}
