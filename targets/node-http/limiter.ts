// The node:http target's rate limiter (spec §8): a token bucket per client (a key, or the address of a
// request with no valid key), the 429's Retry-After, and the ban of a client that keeps sending inside it
// (rule 5, kept by the zoo contract's BanWatch). Never sees a key: clients arrive as id and label.
import { BanWatch, type Client } from '../zoo-contract.ts';
import { TokenBucket } from './bucket.ts';

export interface Decision {
  allowed: boolean;
  banned: boolean;
  limit: number;
  remaining: number;
  /** When the limit is whole again (the bucket full, or the ban over), ms since the epoch. */
  resetAtMs: number;
  /** On a refusal: whole seconds to wait (delay-seconds, RFC 9110 §10.2.3). */
  retryAfterSec?: number;
}

export interface LimiterSettings {
  rateLimit: number;
  windowSeconds: number;
  banSeconds: number;
  banAfter: number;
}

export class Limiter {
  readonly #settings: LimiterSettings;
  readonly #watch: BanWatch;
  readonly #buckets = new Map<string, TokenBucket>();

  constructor(settings: LimiterSettings, emit: (line: string) => void) {
    this.#settings = settings;
    this.#watch = new BanWatch(settings.banAfter, settings.banSeconds, emit);
  }

  check(client: Client, nowMs: number): Decision {
    const limit = this.#settings.rateLimit;
    this.#watch.arrive(client, nowMs);
    const bannedUntilMs = this.#watch.bannedUntil(client, nowMs);
    if (bannedUntilMs !== undefined) {
      const retryAfterSec = Math.ceil((bannedUntilMs - nowMs) / 1000);
      this.#watch.refused(client, retryAfterSec, nowMs);
      return { allowed: false, banned: true, limit, remaining: 0, resetAtMs: bannedUntilMs, retryAfterSec };
    }
    const draw = this.#bucket(client.id).take(nowMs);
    if (draw.allowed)
      return { allowed: true, banned: false, limit, remaining: draw.remaining, resetAtMs: draw.fullAtMs };
    const retryAfterSec = Math.max(1, Math.ceil(draw.nextTokenMs / 1000));
    this.#watch.refused(client, retryAfterSec, nowMs);
    return { allowed: false, banned: false, limit, remaining: 0, resetAtMs: draw.fullAtMs, retryAfterSec };
  }

  /** Forgets clients with a full bucket and nothing pending, so addresses seen once do not pile up. */
  sweep(nowMs: number): void {
    this.#watch.sweep(nowMs);
    for (const [id, bucket] of this.#buckets) if (bucket.isFull(nowMs)) this.#buckets.delete(id);
  }

  #bucket(id: string): TokenBucket {
    let bucket = this.#buckets.get(id);
    if (!bucket) {
      bucket = new TokenBucket(this.#settings.rateLimit, this.#settings.windowSeconds * 1000);
      this.#buckets.set(id, bucket);
    }
    return bucket;
  }
}
