// Fault ratelimit-list-cache-replays: a micro-cache of each key's order list in front of the limiter (a
// dashboard-polling shortcut), its hits answered before the limiter with the X-RateLimit-* fields captured.
// Cleared by a cancel the store carried out, so the list it serves is never stale: only the limit is skipped.
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
