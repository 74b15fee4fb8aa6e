// How one window of a limit counts requests, per limiter family: the default fixed window opened by the first
// request, and the variants (fixed windows aligned to the epoch, a sliding log, a token bucket). Pure state
// and arithmetic on a clock value; must not decide allowed/limited or bans: rate-limiter.ts does.

import type { WindowSpec } from './plans.ts';

export type LimiterFamily = 'fixed' | 'epoch' | 'sliding-log' | 'token-bucket' | 'expiring';

export interface Meter {
  readonly spec: WindowSpec;
  /** Requests seen, rejected ones included (fault ratelimit-remaining-negative shows limit − this). */
  attempts: number;
  /** Brings the meter to `now`: a fixed window that has ended starts again (unless `keep`), a bucket refills. */
  advance(now: number, keep: boolean): void;
  /** Units used at `now`, after advance(). */
  used(): number;
  /**
   * Counts one served request as `cost` units (1, or 2 for a DELETE under fault ratelimit-delete-two-units);
   * `seen` is what a racy reader saw before (fault ratelimit-not-atomic).
   */
  add(now: number, seen: number, cost: number): void;
  /** When the whole limit is available again (X-RateLimit-Reset). */
  resetMs(now: number): number;
  /** When one more request would be served (Retry-After), at or before resetMs. */
  freeAtMs(now: number): number;
}

/** A fixed window: opened by the first request that finds none (default), or aligned to the epoch. */
class FixedWindow implements Meter {
  attempts = 0;
  #count = 0;
  #startMs: number;

  constructor(
    readonly spec: WindowSpec,
    now: number,
    private readonly aligned: boolean,
  ) {
    this.#startMs = this.#openAt(now);
  }

  #openAt(now: number): number {
    return this.aligned ? Math.floor(now / this.spec.windowMs) * this.spec.windowMs : now;
  }

  advance(now: number, keep: boolean): void {
    if (now < this.#startMs + this.spec.windowMs) return;
    this.#startMs = this.#openAt(now);
    if (!keep) {
      this.#count = 0;
      this.attempts = 0;
    }
  }

  used(): number {
    return this.#count;
  }

  add(_now: number, seen: number, cost: number): void {
    this.#count = seen + cost;
  }

  resetMs(): number {
    return this.#startMs + this.spec.windowMs;
  }

  freeAtMs(): number {
    return this.resetMs();
  }
}

/**
 * Fault ratelimit-window-slides: a counter kept as a store entry whose expiry every request sets anew (Redis
 * INCR, then EXPIRE, on each request, refused ones too): it ends one window length after the key's last
 * request, while the Reset it reports is its first request + the window, as the window was meant to be.
 */
class ExpiringCounter implements Meter {
  attempts = 0;
  #count = 0;
  #firstMs: number;
  #expiresMs: number;

  constructor(
    readonly spec: WindowSpec,
    now: number,
  ) {
    this.#firstMs = now;
    this.#expiresMs = now + spec.windowMs;
  }

  advance(now: number, keep: boolean): void {
    if (now >= this.#expiresMs && !keep) {
      this.#count = 0;
      this.attempts = 0;
      this.#firstMs = now;
    }
    this.#expiresMs = now + this.spec.windowMs;
  }

  used(): number {
    return this.#count;
  }

  add(_now: number, seen: number, cost: number): void {
    this.#count = seen + cost;
  }

  resetMs(): number {
    return this.#firstMs + this.spec.windowMs;
  }

  /** The entry's expiry (its TTL is the 429's Retry-After): later than the Reset once the window has aged. */
  freeAtMs(): number {
    return this.#expiresMs;
  }
}

/** A sliding log: each served request counts until one window length after it. */
class SlidingLog implements Meter {
  attempts = 0;
  readonly #served: number[] = [];

  constructor(readonly spec: WindowSpec) {}

  advance(now: number): void {
    while (this.#served.length > 0 && this.#served[0]! + this.spec.windowMs <= now) this.#served.shift();
  }

  used(): number {
    return this.#served.length;
  }

  add(now: number, _seen: number, cost: number): void {
    for (let i = 0; i < cost; i++) this.#served.push(now);
  }

  /** The oldest counted request leaves the window then; an empty log is reset already. */
  resetMs(now: number): number {
    return this.#served.length === 0 ? now : this.#served[0]! + this.spec.windowMs;
  }

  freeAtMs(now: number): number {
    return this.resetMs(now);
  }
}

/** A token bucket of `limit` tokens, refilled evenly over the window. */
class TokenBucket implements Meter {
  attempts = 0;
  #tokens: number;
  #atMs: number;

  constructor(
    readonly spec: WindowSpec,
    now: number,
  ) {
    this.#tokens = spec.limit;
    this.#atMs = now;
  }

  get #perMs(): number {
    return this.spec.limit / this.spec.windowMs;
  }

  advance(now: number): void {
    this.#tokens = Math.min(this.spec.limit, this.#tokens + (now - this.#atMs) * this.#perMs);
    this.#atMs = now;
  }

  used(): number {
    return this.spec.limit - Math.floor(this.#tokens);
  }

  add(_now: number, _seen: number, cost: number): void {
    this.#tokens -= cost;
  }

  resetMs(now: number): number {
    return now + Math.ceil((this.spec.limit - this.#tokens) / this.#perMs);
  }

  freeAtMs(now: number): number {
    return this.#tokens >= 1 ? now : now + Math.ceil((1 - this.#tokens) / this.#perMs);
  }
}

export function newMeter(family: LimiterFamily, spec: WindowSpec, now: number): Meter {
  switch (family) {
    case 'fixed':
      return new FixedWindow(spec, now, false);
    case 'epoch':
      return new FixedWindow(spec, now, true);
    case 'sliding-log':
      return new SlidingLog(spec);
    case 'token-bucket':
      return new TokenBucket(spec, now);
    case 'expiring':
      return new ExpiringCounter(spec, now);
  }
}
