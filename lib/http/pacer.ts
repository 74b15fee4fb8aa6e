// Decides when the next request may leave, so a run never trips a rate limit it could see coming and never
// sends inside a Retry-After period (docs/safety.md), and counts the global request budget.
// It reads headers only through rate-limit-headers.ts; it never judges whether they conform.
import { LimitError } from '../config/limits.ts';
import { HarnessError } from '../errors.ts';
import {
  type HeaderMap,
  rateLimitHeaders,
  resetAtLocalMs,
  retryAfter,
  serverDateMs,
} from '../formats/rate-limit-headers.ts';
import type { Bucket } from './transcript.ts';

/** Past a Reset (whole seconds) the window may end a little late on the server: wait this much more. */
export const RESET_MARGIN_MS = 250;
/** Timers may fire a millisecond early; Retry-After is a floor, never a target. */
export const RETRY_MARGIN_MS = 50;
/** After a 429 that says neither Retry-After nor Reset, the whole minute window of spec §8. */
export const UNKNOWN_429_BACKOFF_MS = 60_000;
/** The longest window of spec §8 (requests per day): a Reset further than this is not a window. */
export const MAX_WINDOW_MS = 24 * 3600_000;
/**
 * Spec §8 rule 4: after a 429, wait for Retry-After *and* apply exponential backoff. The backoff after the
 * n-th 429 in a row of a bucket is this times 2^(n-1), up to the minute window, whichever of it and
 * Retry-After ends later: a Retry-After of 0, or none, still backs off.
 */
export const BACKOFF_BASE_MS = 1000;

/** A wait in words for the console and messages; nothing absurd ("99999998204614000 s", "Infinity s"). */
export function waitText(ms: number): string {
  if (!Number.isFinite(ms)) return 'unbounded';
  if (ms > MAX_WINDOW_MS) return 'more than a day';
  return `${Math.ceil(ms / 1000)} s`;
}

/** The backoff after the n-th 429 in a row (n >= 1). */
export function backoffMs(n: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, n - 1), UNKNOWN_429_BACKOFF_MS);
}

export interface WaitInfo {
  bucket: Bucket;
  ms: number;
  /** What the wait is for: a 429's Retry-After, a spent window's Reset, or time a check lets pass on purpose. */
  reason: 'Retry-After' | 'X-RateLimit-Reset' | 'a rate-limit window to pass';
  /** Longer than any window of spec §8 (a day): no wait this run could make would end it. */
  beyondAnyWindow?: true;
  /** For a Retry-After: how far ahead the moment its 429's X-RateLimit-Reset named is (negative: passed). */
  resetInMs?: number;
}

export interface PacerOptions {
  maxRequests: number;
  maxWaitMs: number;
  now?: () => number;
  sleep?: (ms: number, info: WaitInfo) => Promise<void>;
}

interface BucketState {
  remaining?: number;
  /** X-RateLimit-Limit as last announced: the room a window has once it resets. */
  limit?: number;
  resetAtMs?: number;
  /** A Reset further than any window of spec §8 (a day): never waited for, but a spent window stays spent. */
  farResetAtMs?: number;
  blockedUntilMs?: number;
  /** 429s in a row in this bucket (any other answer ends the row): the exponent of the backoff. */
  limitedInARow?: number;
  /** When the last 429's Retry-After (a readable one) ends; cleared by any other answer. */
  retryAfterEndsMs?: number;
  /**
   * Set when the last 429 named no moment still ahead (no readable Retry-After, no Reset to come), so the
   * pacer fell back on the minute window; cleared by any other answer.
   */
  noMomentAhead?: boolean;
  /** The moment the last 429's X-RateLimit-Reset named, when ahead of it; cleared by any other answer. */
  refusedResetAtMs?: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Pacer {
  private sent = 0;
  private readonly buckets = new Map<Bucket, BucketState>();
  private readonly now: () => number;
  private readonly sleep: (ms: number, info: WaitInfo) => Promise<void>;

  constructor(private readonly options: PacerOptions) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
  }

  get requestsSent(): number {
    return this.sent;
  }

  /** The longest single wait this run may make (--max-wait-seconds). */
  get maxWaitMs(): number {
    return this.options.maxWaitMs;
  }

  get budgetLeft(): number {
    return Math.max(0, this.options.maxRequests - this.sent);
  }

  private state(bucket: Bucket): BucketState {
    let s = this.buckets.get(bucket);
    if (!s) {
      s = {};
      this.buckets.set(bucket, s);
    }
    return s;
  }

  /**
   * What must pass before the next request in this bucket, if anything. A Retry-After is always honoured. A
   * Remaining of 0 is a spent window until its Reset, however far that is; `spendToLimit` (the rate-limit probe
   * walking into the limit on purpose) sends into it only when its Reset is within --max-wait-seconds.
   */
  requiredWait(bucket: Bucket, spendToLimit = false): WaitInfo | undefined {
    const s = this.state(bucket);
    const now = this.now();
    if (s.blockedUntilMs !== undefined && s.blockedUntilMs > now) {
      const named = s.refusedResetAtMs;
      const resetIn = named !== undefined ? { resetInMs: named - now } : {};
      return { bucket, ms: s.blockedUntilMs - now, reason: 'Retry-After', ...resetIn };
    }
    const until = s.farResetAtMs ?? s.resetAtMs;
    if (s.remaining === undefined || s.remaining > 0 || until === undefined || until <= now) return undefined;
    const wait: WaitInfo = {
      bucket,
      ms: until - now + RESET_MARGIN_MS,
      reason: 'X-RateLimit-Reset',
      ...(until - now > MAX_WINDOW_MS ? { beyondAnyWindow: true as const } : {}),
    };
    // The probe's retry once the 429's own Retry-After has passed (spec §8 rule 4: the client waits that
    // time): a Reset further than this run may wait (a day quota's, one in the wrong unit) does not stop it.
    if (spendToLimit && s.retryAfterEndsMs !== undefined && s.retryAfterEndsMs <= now) return undefined;
    return spendToLimit && wait.ms <= this.options.maxWaitMs ? undefined : wait;
  }

  /** The bucket as last seen: Remaining, Limit and when the window resets (local ms), when the target said. */
  snapshot(bucket: Bucket): {
    remaining?: number;
    limit?: number;
    resetAtMs?: number;
    blockedUntilMs?: number;
  } {
    return { ...this.state(bucket) };
  }

  /**
   * The wait of the bucket (a Retry-After, or a spent window's Reset) when it is longer than this run may wait
   * (--max-wait-seconds): the credential is locked for the rest of the run, in every form it could be sent in.
   */
  locked(bucket: Bucket): WaitInfo | undefined {
    const wait = this.requiredWait(bucket, true);
    return wait && wait.ms > this.options.maxWaitMs ? wait : undefined;
  }

  /** The local time before which nothing may be sent in this bucket (after a 429), if any. */
  blockedUntil(bucket: Bucket): number | undefined {
    const until = this.state(bucket).blockedUntilMs;
    return until !== undefined && until > this.now() ? until : undefined;
  }

  /**
   * Waits until `count` requests may leave at once in `bucket`, then charges them to the budget.
   * Throws E_BUDGET before any wait if the budget cannot cover them, and E_RATE_LIMIT_WAIT rather than
   * wait longer than --max-wait-seconds.
   */
  async acquire(bucket: Bucket, count = 1, spendToLimit = false): Promise<void> {
    if (this.sent + count > this.options.maxRequests) {
      throw new LimitError(
        'E_BUDGET',
        `the request budget is spent (${this.sent} of ${this.options.maxRequests} sent)`,
        'maxRequests',
      );
    }
    const refused = await this.waitOut(bucket, spendToLimit);
    // Past a day no setting of this run helps: the advice is to rerun once the window has reset.
    if (refused?.beyondAnyWindow)
      throw new HarnessError(
        'E_RATE_LIMIT_WAIT',
        `the ${bucket} credential's window is spent (X-RateLimit-Remaining 0) and resets ${waitText(refused.ms)} from now (X-RateLimit-Reset): nothing is sent with it in this run; rerun once it has reset, or with another key`,
      );
    if (refused) {
      throw new LimitError(
        'E_RATE_LIMIT_WAIT',
        `the ${bucket} credential may not send for ${waitText(refused.ms)} (${refused.reason}), longer than the ${Math.round(this.options.maxWaitMs / 1000)} s this run may wait (or rerun later)`,
        'maxWaitSeconds',
      );
    }
    this.sent += count;
  }

  /**
   * Sleeps through the bucket's required waits (a few rounds: a wait may reveal another); returns the wait it
   * refused because it is longer than --max-wait-seconds, if any.
   */
  private async waitOut(bucket: Bucket, spendToLimit: boolean): Promise<WaitInfo | undefined> {
    for (let round = 0; round < 3; round++) {
      const wait = this.requiredWait(bucket, spendToLimit);
      if (!wait) return undefined;
      if (wait.ms > this.options.maxWaitMs) return wait;
      await this.sleep(wait.ms, wait);
      if (wait.reason === 'X-RateLimit-Reset') this.state(bucket).remaining = undefined;
    }
    return undefined;
  }

  /**
   * Keeps the bucket blocked until `untilMs` (local) at least, as a 429 does: the rate-limit probe's
   * exponential backoff, which may wait longer than Retry-After but never shorter. Never shortens a block.
   */
  hold(bucket: Bucket, untilMs: number): void {
    const s = this.state(bucket);
    s.blockedUntilMs = Math.max(s.blockedUntilMs ?? 0, untilMs);
  }

  /**
   * The rate-limit probe's exponential backoff after a 429 (spec §8 rule 4), in place of the minute the pacer
   * falls back on when that 429 named no moment still ahead (no Retry-After, a Reset already past: a counter
   * that outlives its Reset): the backoff then says when to try again, and it is what the probe reports it
   * waited. Otherwise as hold: never sooner than a block already set.
   */
  backOff(bucket: Bucket, untilMs: number): void {
    const s = this.state(bucket);
    s.blockedUntilMs = s.noMomentAhead ? untilMs : Math.max(s.blockedUntilMs ?? 0, untilMs);
  }

  /**
   * Waits through the same sleep as acquire (so with its countdown) until the bucket may send again; sends
   * nothing and charges nothing. Resolves false at once when that wait is longer than --max-wait-seconds.
   */
  async waitUntilFree(bucket: Bucket, spendToLimit = false): Promise<boolean> {
    const refused = await this.waitOut(bucket, spendToLimit);
    return refused === undefined && this.requiredWait(bucket, spendToLimit) === undefined;
  }

  /**
   * Sleeps through the same sleep as acquire (so with its countdown) until `untilMs` (local), sending and
   * charging nothing: a check that must let a window pass before it looks again, or (`reason`
   * X-RateLimit-Reset) the probe waiting for the Reset of a window too spent or too near its end to walk.
   * Resolves false at once, without sleeping, when that is longer than --max-wait-seconds.
   */
  async waitUntil(
    bucket: Bucket,
    untilMs: number,
    reason: 'a rate-limit window to pass' | 'X-RateLimit-Reset' = 'a rate-limit window to pass',
  ): Promise<boolean> {
    const ms = untilMs - this.now();
    if (ms <= 0) return true;
    if (ms > this.options.maxWaitMs) return false;
    await this.sleep(ms, { bucket, ms, reason });
    return true;
  }

  /** Updates the bucket from a response's headers (every response, 401s included). */
  observe(bucket: Bucket, status: number, headers: HeaderMap, receivedAtMs: number): void {
    const s = this.state(bucket);
    const rl = rateLimitHeaders(headers);
    if (rl.remaining?.value !== undefined) s.remaining = rl.remaining.value;
    if (rl.limit?.value !== undefined) s.limit = rl.limit.value;
    if (rl.reset?.value !== undefined) {
      const at = resetAtLocalMs(rl.reset.value, receivedAtMs, serverDateMs(headers));
      // A Reset beyond any window of spec §8 (a day) is no window to wait for (RL-HEADERS-* report it), but
      // with Remaining 0 it still says the window is spent: nothing is sent into it (requiredWait).
      if (Math.abs(at - receivedAtMs) <= MAX_WINDOW_MS) s.resetAtMs = at;
      s.farResetAtMs = at - receivedAtMs > MAX_WINDOW_MS ? at : undefined;
    }
    if (status !== 429) {
      s.limitedInARow = 0;
      s.retryAfterEndsMs = undefined;
      s.noMomentAhead = undefined;
      s.refusedResetAtMs = undefined;
      return;
    }
    s.refusedResetAtMs = s.resetAtMs !== undefined && s.resetAtMs > receivedAtMs ? s.resetAtMs : undefined;
    s.remaining = 0;
    s.limitedInARow = (s.limitedInARow ?? 0) + 1;
    const ra = retryAfter(headers, receivedAtMs);
    s.retryAfterEndsMs = ra && ra.form !== 'invalid' ? receivedAtMs + ra.delayMs : undefined;
    let delay: number;
    if (ra && ra.form !== 'invalid') delay = ra.delayMs;
    // A Retry-After no client can read ("soon", "-5", "1e309") is a finding (RL-HEADERS-RETRY-AFTER-VALID);
    // the wait falls back to the window seen, and never beyond the spec's minute window.
    else if (s.resetAtMs !== undefined && s.resetAtMs > receivedAtMs)
      delay = Math.min(s.resetAtMs - receivedAtMs, UNKNOWN_429_BACKOFF_MS);
    else delay = UNKNOWN_429_BACKOFF_MS;
    s.noMomentAhead =
      !(ra && ra.form !== 'invalid') && !(s.resetAtMs !== undefined && s.resetAtMs > receivedAtMs)
        ? true
        : undefined;
    const until = receivedAtMs + Math.max(delay, backoffMs(s.limitedInARow)) + RETRY_MARGIN_MS;
    s.blockedUntilMs = Math.max(s.blockedUntilMs ?? 0, until);
  }
}
