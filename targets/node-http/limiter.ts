// The node:http target's rate limiter (spec §8): a token bucket per client (a key, or the address of a
// request with no valid key), the 429's Retry-After, and the ban of a client that keeps sending inside it
// (rule 5), with the `ZOO early` / `ZOO ban` events. Never sees a key: clients arrive as id and label.
import { TokenBucket } from './bucket.ts';

export interface Client {
  /** Map key: `key:<n>` or `addr:<address>`. */
  id: string;
  /** What an event line names: `key-<n>` (never the key itself) or the address. */
  label: string;
}

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

interface ClientState {
  bucket: TokenBucket;
  /** The moment the last 429 told this client to wait for. */
  waitUntilMs: number;
  /** Requests sent before that moment since it was set. */
  early: number;
  bannedUntilMs: number;
}

export class Limiter {
  readonly #settings: LimiterSettings;
  readonly #emit: (line: string) => void;
  readonly #clients = new Map<string, ClientState>();

  constructor(settings: LimiterSettings, emit: (line: string) => void) {
    this.#settings = settings;
    this.#emit = emit;
  }

  check(client: Client, nowMs: number): Decision {
    const s = this.#state(client.id);
    const limit = this.#settings.rateLimit;
    if (nowMs < s.waitUntilMs) {
      this.#emit(`ZOO early ${client.label}`);
      s.early++;
      if (nowMs >= s.bannedUntilMs && s.early >= this.#settings.banAfter) {
        s.bannedUntilMs = nowMs + this.#settings.banSeconds * 1000;
        this.#emit(`ZOO ban ${client.label} ${this.#settings.banSeconds}`);
      }
    } else {
      s.early = 0;
    }
    if (nowMs < s.bannedUntilMs) {
      const retryAfterSec = Math.ceil((s.bannedUntilMs - nowMs) / 1000);
      s.waitUntilMs = nowMs + retryAfterSec * 1000;
      return { allowed: false, banned: true, limit, remaining: 0, resetAtMs: s.bannedUntilMs, retryAfterSec };
    }
    const draw = s.bucket.take(nowMs);
    if (draw.allowed)
      return { allowed: true, banned: false, limit, remaining: draw.remaining, resetAtMs: draw.fullAtMs };
    const retryAfterSec = Math.max(1, Math.ceil(draw.nextTokenMs / 1000));
    s.waitUntilMs = nowMs + retryAfterSec * 1000;
    return { allowed: false, banned: false, limit, remaining: 0, resetAtMs: draw.fullAtMs, retryAfterSec };
  }

  /** Forgets clients with a full bucket and nothing pending, so addresses seen once do not pile up. */
  sweep(nowMs: number): void {
    for (const [id, s] of this.#clients)
      if (s.bucket.isFull(nowMs) && s.waitUntilMs <= nowMs && s.bannedUntilMs <= nowMs)
        this.#clients.delete(id);
  }

  #state(id: string): ClientState {
    let s = this.#clients.get(id);
    if (!s) {
      s = {
        bucket: new TokenBucket(this.#settings.rateLimit, this.#settings.windowSeconds * 1000),
        waitUntilMs: 0,
        early: 0,
        bannedUntilMs: 0,
      };
      this.#clients.set(id, s);
    }
    return s;
  }
}
