// Fault ratelimit-list-cache-replays: a micro-cache of each key's order list in front of the limiter (a
// dashboard-polling shortcut), its hits answered before the limiter with the X-RateLimit-* fields captured.
// Cleared by a cancel the store carried out, so the list it serves is never stale: only the limit is skipped.
// Fault list-cache-per-key: each key's list body cached, a cancel dropping only its own key's entry.
import type { HeaderFields } from './http-writer.ts';
import type { Reply } from './reply.ts';

/** How long a list answer is served again (server clock), as a 10 s micro-cache does. */
export const LIST_CACHE_MS = 10_000;

interface Entry {
  until: number;
  reply: Reply;
  headers: HeaderFields;
}

export class ListCache {
  private readonly entries = new Map<string, Entry>();

  /** The cached answer of `key`'s list, while fresh at `now`. */
  hit(key: string, now: number): Entry | undefined {
    const e = this.entries.get(key);
    return e && e.until > now ? e : undefined;
  }

  /** Keeps a served list answer with its rate-limit fields (the cache keeps no other header). */
  store(key: string, now: number, reply: Reply, headers: HeaderFields): void {
    const kept = Object.fromEntries(
      Object.entries(headers).filter(([name]) => name.toLowerCase().startsWith('x-ratelimit-')),
    );
    this.entries.set(key, { until: now + LIST_CACHE_MS, reply, headers: kept });
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Fault list-cache-per-key: how long each key's list body is served again (server clock). */
export const KEY_LIST_CACHE_MS = 30_000;

/**
 * Fault list-cache-per-key: each key's list body kept for 30 s, as a cache keyed by the caller does; a cancel
 * drops the entry of the key that sent it, so that key reads its own write and every other key does not.
 */
export class KeyListCache {
  private readonly entries = new Map<string, { until: number; reply: Reply }>();

  /** The list `key` is answered: its cached one while fresh at `now`, else `fresh`, kept. */
  serve(key: string, now: number, fresh: Reply): Reply {
    const e = this.entries.get(key);
    if (e && e.until > now) return e.reply;
    this.entries.set(key, { until: now + KEY_LIST_CACHE_MS, reply: fresh });
    return fresh;
  }

  /** A cancel by `key` was carried out: only its own entry is dropped (`all`: every key's, variant list-cache-per-key-evicted). */
  drop(key: string, all = false): void {
    if (all) this.entries.clear();
    else this.entries.delete(key);
  }
}
