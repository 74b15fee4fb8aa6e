// A token bucket of `capacity` tokens refilled evenly over `windowMs`, kept as the one moment it is full
// again (so no timer runs and no float of tokens drifts). Knows no HTTP, no clients, no bans.

/** What one request drew from the bucket. */
export interface Draw {
  allowed: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** When the bucket is full again (ms since the epoch). */
  fullAtMs: number;
  /** On a refusal: ms until the next whole token. */
  nextTokenMs: number;
}

// Ratios of whole milliseconds can land a hair under a whole number of tokens.
const EPSILON = 1e-9;

export class TokenBucket {
  readonly #capacity: number;
  readonly #msPerToken: number;
  #fullAtMs = 0;

  constructor(capacity: number, windowMs: number) {
    this.#capacity = capacity;
    this.#msPerToken = windowMs / capacity;
  }

  take(nowMs: number): Draw {
    // How long the bucket still needs to refill to capacity.
    const missingMs = Math.max(0, this.#fullAtMs - nowMs);
    const tokens = this.#capacity - missingMs / this.#msPerToken;
    if (tokens + EPSILON < 1) {
      return {
        allowed: false,
        remaining: 0,
        fullAtMs: nowMs + missingMs,
        nextTokenMs: (1 - tokens) * this.#msPerToken,
      };
    }
    this.#fullAtMs = nowMs + missingMs + this.#msPerToken;
    return {
      allowed: true,
      remaining: Math.floor(tokens - 1 + EPSILON),
      fullAtMs: this.#fullAtMs,
      nextTokenMs: 0,
    };
  }

  isFull(nowMs: number): boolean {
    return this.#fullAtMs <= nowMs;
  }
}
