// Faults ratelimit-list-front-cache, auth-list-front-cache: an Apache front with mod_cache before the application,
// which marks its list `Cache-Control: public, max-age=30`, `Vary: Authorization` (each key's list answered from the
// store, headers as stored plus Age, past the limiter), or for the second public with no Vary: anyone is served it.
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

/**
 * Fault auth-list-front-cache: the list's freshness lifetime in a shared front cache that ignores who asks.
 * Short, so that only a request sent right after a keyed list meets it.
 */
export const SHARED_FRONT_CACHE_MS = 2_000;

export class FrontCache {
  private readonly entries = new Map<string, Stored>();

  /**
   * `ttlMs`: how long the application's Cache-Control lets the front answer from its store. `shared` (fault
   * auth-list-front-cache): the list goes without `Vary: Authorization`, so one stored list answers everyone;
   * that front (Squid) also honours a request's `no-cache` as Squid does by default (a client reload goes to
   * the application, whose answer is stored in place of the old: RFC 9111 §5.2.1.4).
   */
  constructor(
    private readonly ttlMs = FRONT_CACHE_MS,
    private readonly shared = false,
  ) {}

  /** Whether a request's Cache-Control or Pragma asks this front to go to the application (a reload). */
  reloads(cacheControl: string | string[] | undefined, pragma: string | string[] | undefined): boolean {
    const asks = (v: string | string[] | undefined) => /(^|[\s,])no-cache([\s,]|$)/i.test(String(v ?? ''));
    return this.shared && (asks(cacheControl) || asks(pragma));
  }

  /** What the application adds to its list answer so that the front stores it for `ttlMs`. */
  get fields(): HeaderFields {
    const cacheControl = `public, max-age=${this.ttlMs / 1000}`;
    return this.shared
      ? { 'Cache-Control': cacheControl }
      : { ...LIST_CACHE_FIELDS, 'Cache-Control': cacheControl };
  }

  /**
   * The stored answer to `authorization`'s GET of `target` (path and query: a cache's key is the URI, RFC 9111
   * §2) with its Age, while fresh at `now` (RFC 9111 §4.2). A shared front sends a GET with credentials on to
   * the application once the stored list is half its lifetime old (refreshing it): a request right after a
   * keyed list then always meets a fresh one, where a keyed list answered from an old store could leave the
   * next request a few milliseconds past the lifetime (a flaky proof).
   */
  hit(
    authorization: string,
    target: string,
    now: number,
  ): { reply: Reply; headers: HeaderFields } | undefined {
    const e = this.entries.get(this.keyOf(authorization, target));
    const ttl = this.shared && authorization !== '' ? this.ttlMs / 2 : this.ttlMs;
    if (!e || now - e.at >= ttl) return undefined;
    return { reply: e.reply, headers: { ...e.headers, Age: String(Math.floor((now - e.at) / 1000)) } };
  }

  /** Keeps a 200 list answer whole, headers and all (a cancel on another URI never invalidates it). */
  store(authorization: string, target: string, now: number, reply: Reply, headers: HeaderFields): void {
    this.entries.set(this.keyOf(authorization, target), { at: now, reply, headers: { ...headers } });
  }

  /** The URI, and the Authorization too unless the front is shared (no `Vary: Authorization`). */
  private keyOf(authorization: string, target: string): string {
    return this.shared ? target : `${authorization}\n${target}`;
  }
}
