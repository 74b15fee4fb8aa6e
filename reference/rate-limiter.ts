// Request counting per subject (an API key or a client address) and the temporary key ban. How a window
// counts is its limiter family (limiter-meters.ts). Must not know about HTTP or headers: it answers
// allowed / limited / banned and the numbers to report.

import type { FaultSet } from './faults/fault-set.ts';
import { type LimiterFamily, type Meter, newMeter } from './limiter-meters.ts';
import type { WindowSpec } from './plans.ts';

export interface Subject {
  kind: 'key' | 'address';
  /** Unique within its kind. */
  id: string;
  /** Shortest first. */
  windows: readonly WindowSpec[];
  /** How its windows count, when not the limiter's own family (fault ratelimit-bucket-per-path). */
  family?: LimiterFamily;
}

export interface WindowReport {
  limit: number;
  /** Never below 0. */
  remaining: number;
  /** Requests seen in the window, rejected ones included (fault ratelimit-remaining-negative shows limit − this). */
  attempts: number;
  /** When the reported window resets, or the ban ends: Unix milliseconds. */
  resetMs: number;
  /** The window's length (fault ratelimit-reset-rolling reports now + this). */
  windowMs: number;
  /** When the subject's first window of this kind reset (fault ratelimit-reset-frozen reports only this). */
  firstResetMs: number;
}

export type Verdict =
  | { outcome: 'allowed'; report: WindowReport }
  | { outcome: 'limited'; report: WindowReport; retryAtMs: number; early: boolean }
  | { outcome: 'banned'; report: WindowReport; retryAtMs: number };

export interface LimiterOptions {
  clock: () => number;
  /** Early requests (sent before the last 429's deadline) that trigger a ban; 1 = the first early request. */
  banAfter: number;
  banMs: number;
  faults: FaultSet;
  /** Default 'fixed': windows opened by the first request. */
  family?: LimiterFamily;
}

interface SubjectState {
  windows: Meter[];
  /** Each window's first reset, as reported by its first request. */
  firstResetMs: number[];
  /** When the window behind the last 429 resets; a request before it did not wait as told. */
  deadlineMs: number | undefined;
  early: number;
  bannedUntilMs: number | undefined;
  /** Set by the first 429; fault ratelimit-window-never-resets stops clearing counters from then on. */
  exhausted: boolean;
  /** Fault ratelimit-reset-renews-late: a window rolled over spent once; the next one starts afresh. */
  renewedLate?: boolean;
}

/** How long past its announced Reset an exhausted counter lives on under fault ratelimit-outlives-reset. */
export const OUTLIVES_RESET_MS = 10_000;
/** How long after its Reset an exhausted window still rolls over spent under fault ratelimit-reset-renews-late. */
export const RENEWS_LATE_MS = 3000;

export class RateLimiter {
  readonly stats = { limited: 0, early: 0, bans: 0 };
  readonly #subjects = new Map<string, SubjectState>();
  readonly #options: LimiterOptions;

  constructor(options: LimiterOptions) {
    this.#options = options;
  }

  /**
   * Synchronous from read to write, so concurrent requests on the one event loop cannot interleave. `cost` is
   * the units the request takes: 1, or 2 for a DELETE under fault ratelimit-delete-two-units.
   */
  take(subject: Subject, cost = 1): Verdict {
    const now = this.#options.clock();
    const state = this.#state(subject, now);
    return this.#banned(state, now) ?? this.#settle(subject, state, now, counts(state), cost);
  }

  /**
   * Fault ratelimit-counts-only-success: what the limiter would say of one more request, counting nothing;
   * over the limit it refuses as take() does (a refused request consumes nothing either way).
   */
  peek(subject: Subject, cost = 1): Verdict {
    const now = this.#options.clock();
    const state = this.#state(subject, now);
    const banned = this.#banned(state, now);
    if (banned) return banned;
    const seen = counts(state);
    const over = state.windows.some((w, i) => (seen[i] ?? 0) + cost > w.spec.limit);
    return over
      ? this.#settle(subject, state, now, seen, cost)
      : { outcome: 'allowed', report: binding(state, now) };
  }

  /**
   * Fault ratelimit-get-only: the key's count as it stands, for a request the limiter is not applied to:
   * nothing counted, nothing refused, no ban (the limiter never sees it).
   */
  look(subject: Subject): Verdict {
    const now = this.#options.clock();
    return { outcome: 'allowed', report: binding(this.#state(subject, now), now) };
  }

  /**
   * Fault ratelimit-not-atomic: reads the counters, awaits a store round-trip, then writes read+1.
   * Requests that overlap the await all see the same count.
   */
  async takeRacy(subject: Subject, roundTrip: () => Promise<void>, cost = 1): Promise<Verdict> {
    const state = this.#state(subject, this.#options.clock());
    const banned = this.#banned(state, this.#options.clock());
    if (banned) return banned;
    const seen = counts(state);
    await roundTrip();
    return this.#settle(subject, state, this.#options.clock(), seen, cost);
  }

  #state(subject: Subject, now: number): SubjectState {
    const key = `${subject.kind}:${subject.id}`;
    let state = this.#subjects.get(key);
    if (!state) {
      state = {
        windows: subject.windows.map((spec) => newMeter(this.#familyOf(subject), spec, now)),
        firstResetMs: [],
        deadlineMs: undefined,
        early: 0,
        bannedUntilMs: undefined,
        exhausted: false,
      };
      this.#subjects.set(key, state);
    }
    if (state.bannedUntilMs !== undefined && now >= state.bannedUntilMs) {
      state.bannedUntilMs = undefined;
      state.deadlineMs = undefined;
      state.early = 0;
    }
    const keepCounts = state.exhausted && this.#options.faults.has('ratelimit-window-never-resets');
    // Fault ratelimit-outlives-reset: an exhausted counter lives on (its store entry's TTL, set anew by every
    // refused request) OUTLIVES_RESET_MS past the Reset it announced, so requests stay refused after it.
    const outlives = state.exhausted && this.#options.faults.has('ratelimit-outlives-reset');
    // Fault ratelimit-reset-renews-late: an exhausted window read in the three seconds after its Reset
    // (the moment a client that waited the Retry-After arrives) rolls over with its count kept: that request is
    // refused and names a new window's Reset; the next window starts afresh.
    const renews =
      state.exhausted && !state.renewedLate && this.#options.faults.has('ratelimit-reset-renews-late');
    for (const w of state.windows) {
      if (outlives && now < w.resetMs(now) + OUTLIVES_RESET_MS) continue;
      const late = renews && now >= w.resetMs(now) && now < w.resetMs(now) + RENEWS_LATE_MS;
      if (late) state.renewedLate = true;
      else if (now >= w.resetMs(now)) state.renewedLate = undefined;
      w.advance(now, keepCounts || late);
    }
    if (outlives && state.windows.every((w) => now < w.resetMs(now))) state.exhausted = false;
    // Fault ratelimit-ban-after-honoured-retry-after: the ban rule reads "keeps sending after a 429" as any
    // request after one, so the first request once the deadline has passed (as told) bans the key.
    if (
      state.deadlineMs !== undefined &&
      now >= state.deadlineMs &&
      subject.kind !== 'address' &&
      this.#options.faults.has('ratelimit-ban-after-honoured-retry-after')
    ) {
      state.deadlineMs = undefined;
      state.bannedUntilMs = now + this.#options.banMs;
      this.stats.bans += 1;
      return state;
    }
    // Early requests are counted per episode: waiting out the deadline forgives the earlier ones.
    if (state.deadlineMs !== undefined && now >= state.deadlineMs) {
      state.deadlineMs = undefined;
      state.early = 0;
    }
    return state;
  }

  #familyOf(subject: Subject): LimiterFamily {
    // Fault ratelimit-window-slides: each counter a store entry whose expiry every request renews.
    // Fault ratelimit-expiry-renewed: the same entry, its Reset and Retry-After both naming the first request's.
    const { faults } = this.#options;
    const renewed = faults.has('ratelimit-window-slides') || faults.has('ratelimit-expiry-renewed');
    const sliding = renewed ? 'expiring' : undefined;
    // Fault ratelimit-reset-rolling-epoch: windows aligned to the clock, as a cron-like counter keeps them.
    const aligned = faults.has('ratelimit-reset-rolling-epoch') ? 'epoch' : undefined;
    return subject.family ?? sliding ?? aligned ?? this.#options.family ?? 'fixed';
  }

  #banned(state: SubjectState, now: number): Verdict | undefined {
    if (state.bannedUntilMs === undefined || now >= state.bannedUntilMs) return undefined;
    this.stats.limited += 1;
    return {
      outcome: 'banned',
      report: { ...binding(state, now), remaining: 0, resetMs: state.bannedUntilMs },
      retryAtMs: state.bannedUntilMs,
    };
  }

  #settle(subject: Subject, state: SubjectState, now: number, seen: number[], cost: number): Verdict {
    const { faults, banAfter, banMs } = this.#options;
    const slack = faults.has('ratelimit-off-by-one') ? 1 : 0;
    const blocked = faults.has('ratelimit-never-limits')
      ? []
      : state.windows.filter((w, i) => (seen[i] ?? 0) + cost > w.spec.limit + slack);
    if (blocked.length === 0) {
      state.windows.forEach((w, i) => {
        w.add(now, seen[i] ?? 0, cost);
        w.attempts += 1;
      });
      return { outcome: 'allowed', report: binding(state, now) };
    }
    // A rejected request consumes nothing; attempts exist only for the remaining-negative fault.
    for (const w of state.windows) w.attempts += 1;
    state.exhausted = true;
    this.stats.limited += 1;
    // Of the exhausted windows, the one that frees capacity last is the one worth waiting for.
    const wait = blocked.reduce((a, b) => (b.freeAtMs(now) > a.freeAtMs(now) ? b : a));
    const report = { ...reportOf(state, state.windows.indexOf(wait), now), remaining: 0 };
    // When one more request would be served: the reset of a fixed window, the next token of a bucket. The
    // fault ratelimit-retry-after-short names a second from now instead (and counts early requests from it).
    // Fault ratelimit-expiry-renewed: Retry-After names the Reset (the first request + the window), not the expiry.
    const freeAtMs = faults.has('ratelimit-expiry-renewed') ? wait.resetMs(now) : wait.freeAtMs(now);
    const retryAtMs = faults.has('ratelimit-retry-after-short') ? Math.min(freeAtMs, now + 1000) : freeAtMs;
    if (subject.kind === 'address') return { outcome: 'limited', report, retryAtMs, early: false };
    const early = state.deadlineMs !== undefined;
    if (early) {
      state.early += 1;
      this.stats.early += 1;
      if (state.early >= banAfter) {
        state.bannedUntilMs = now + banMs;
        this.stats.bans += 1;
        const banReport = { ...report, resetMs: state.bannedUntilMs };
        return { outcome: 'banned', report: banReport, retryAtMs: state.bannedUntilMs };
      }
    }
    // The deadline is the instant Retry-After names (never after Reset): both headers round up from it,
    // so a client that honours either one is never early.
    state.deadlineMs = Math.max(state.deadlineMs ?? 0, retryAtMs);
    return { outcome: 'limited', report, retryAtMs, early };
  }
}

function counts(state: SubjectState): number[] {
  return state.windows.map((w) => w.used());
}

/** The window with the lowest Remaining; on a tie the shortest, unless both are spent: then the one that resets last. */
function reportOf(state: SubjectState, i: number, now: number): WindowReport {
  const w = state.windows[i]!;
  const resetMs = w.resetMs(now);
  state.firstResetMs[i] ??= resetMs;
  return {
    limit: w.spec.limit,
    remaining: Math.max(0, w.spec.limit - w.used()),
    attempts: w.attempts,
    resetMs,
    windowMs: w.spec.windowMs,
    firstResetMs: state.firstResetMs[i],
  };
}

function binding(state: SubjectState, now: number): WindowReport {
  const reports = state.windows.map((_, i) => reportOf(state, i, now));
  let best = reports[0]!;
  for (const r of reports.slice(1)) {
    if (
      r.remaining < best.remaining ||
      (r.remaining === 0 && best.remaining === 0 && r.resetMs > best.resetMs)
    ) {
      best = r;
    }
  }
  return best;
}
