// The rate-limit probe's record (what was sent, what came back) and the small readings of it that both the
// probe and its checks need. Nothing here sends, waits or judges.

import type { Skip } from '../../../lib/check/skip.ts';
import {
  rateLimitDateMs,
  rateLimitHeaders,
  resetAtLocalMs,
  resetKind,
  retryAfter,
} from '../../../lib/formats/rate-limit-headers.ts';
import { type Announced, announcedLimits } from '../../../lib/formats/ratelimit-draft.ts';
import type { Response } from '../../../lib/http/client.ts';

/** Requests past the Remaining last read that the walk may send while looking for its 429. */
export const WALK_MARGIN = 3;
/** Tries after the Retry-After wait: the first, then two exponential backoffs. */
export const RECOVERY_ATTEMPTS = 3;
/** The burst opens this many sockets at once at most; a larger Limit is not burst-tested. */
export const BURST_MAX = 300;
/**
 * Statuses a limiter answers with where spec §8 rule 3 requires 429: nginx's limit_req and HAProxy default to
 * 503, AWS WAF's rate rules to 403, Twitter's old API to 420, and 509/529 are seen from hosting fronts.
 */
export const REFUSAL_STATUSES: ReadonlySet<number> = new Set([403, 420, 503, 509, 529]);
/** A day (the longest window of spec §8) plus clock skew: a Reset further ahead is implausible. */
export const RESET_HORIZON_MS = 86_400_000 + 300_000;

/** spec §8 table: requests per minute and per day; enterprise values are custom (rule 6). */
export const PLAN_LIMITS = {
  free: { perMinute: 60, perDay: 1000 },
  pro: { perMinute: 300, perDay: 10_000 },
  business: { perMinute: 1000, perDay: 100_000 },
} as const;

/** One response of the probe, with its rate-limit headers read. */
export interface Sample {
  /** Position in the probe's sequence: #0 is the reading. */
  n: number;
  response: Response;
  status: number;
  limit?: number;
  remaining?: number;
  /** X-RateLimit-Reset as sent, when a number (a fraction allowed). */
  reset?: number;
  /** The same, read leniently (seconds, milliseconds or delta) as a local time in ms. */
  resetAtMs?: number;
  /** The server's clock at the response (its Date header), else the local one. */
  serverNowMs: number;
  /**
   * The IETF draft's RateLimit fields, read when X-RateLimit-Remaining is absent: they bound the walk and tell
   * its windows apart as the spec's fields would, while every judge of the spec's fields still reads only those.
   */
  announced?: Announced & { resetAtMs?: number };
  /** The documentation address (RFC 5737) the request named as the client's in the forwarding headers. */
  spoofed?: string;
  /** The scheme the key was sent under, when not "Bearer" (a spelling the run saw accepted: key-spelling.ts). */
  scheme?: string;
}

/**
 * The grace a refusal's fields leave a limiter (Recovery.graceMs): a second when X-RateLimit-Reset is whole
 * seconds or absent, as delay-seconds and HTTP-dates are; none when Reset names the moment to a fraction.
 */
export const wholeSecondGraceMs = (limited: Sample): number =>
  limited.reset === undefined || Number.isInteger(limited.reset) ? 1000 : 0;

export function sampleOf(response: Response, n: number): Sample {
  const rl = rateLimitHeaders(response.headers);
  const serverNow = rateLimitDateMs(response.headers, response.receivedAtMs);
  const reset = rl.reset?.value;
  const draft = rl.remaining?.value === undefined ? announcedLimits(response.headers) : undefined;
  return {
    n,
    response,
    status: response.status,
    ...(rl.limit?.value !== undefined ? { limit: rl.limit.value } : {}),
    ...(rl.remaining?.value !== undefined ? { remaining: rl.remaining.value } : {}),
    ...(reset !== undefined
      ? { reset, resetAtMs: resetAtLocalMs(reset, response.receivedAtMs, serverNow) }
      : {}),
    serverNowMs: serverNow ?? response.receivedAtMs,
    ...(draft
      ? {
          announced: {
            ...draft,
            ...(draft.resetSeconds !== undefined
              ? { resetAtMs: response.receivedAtMs + draft.resetSeconds * 1000 }
              : {}),
          },
        }
      : {}),
  };
}

/** Remaining as the response says it: X-RateLimit-Remaining, else the draft's RateLimit remaining. */
export const left = (s: Sample): number | undefined => s.remaining ?? s.announced?.remaining;

/** Limit as the response says it: X-RateLimit-Limit, else the draft's quota. */
export const limitOf = (s: Sample): number | undefined => s.limit ?? s.announced?.limit;

/**
 * Whether `cur` is in a later window than `prev`: Reset moved on by a second or more, and prev's window had
 * ended (within the whole-second rounding of Reset) by the time `cur` arrived.
 */
export function rolledOver(prev: Sample, cur: Sample): boolean {
  if (prev.resetAtMs === undefined || cur.resetAtMs === undefined) return false;
  // A Reset that is no Unix time in seconds (a delta, milliseconds) is broken: it decides nothing.
  if (!unixSeconds(prev.reset) || !unixSeconds(cur.reset)) return false;
  return cur.resetAtMs >= prev.resetAtMs + 1000 && cur.response.receivedAtMs >= prev.resetAtMs - 1000;
}

function unixSeconds(reset: number | undefined): boolean {
  return reset !== undefined && resetKind(reset) === 'unix-seconds';
}

/** How far below 0 a 429 may come early before it is "well before" the limit (other traffic, races). */
export function earlyTolerance(limit: number | undefined): number {
  return Math.max(1, Math.floor((limit ?? 0) / 20));
}

export const seconds = (ms: number): string =>
  Number.isFinite(ms) ? `${Math.round(ms / 100) / 10} s` : 'unbounded';

/** A phase of the probe that did not run: why (a Skip: its reason and cause). */
export type Skipped = { kind: 'skip' } & Skip;

/** What a phase of the probe came to: a value, a reason it could not run, or a harness failure. */
export type Outcome<T> = { kind: 'done'; value: T } | Skipped | { kind: 'error'; error: unknown };

/** The request the probe repeats, and why that one. */
export interface ProbeRequest {
  method: 'DELETE' | 'GET';
  path: string;
  label: string;
}

export interface Reading {
  request: ProbeRequest;
  sample: Sample;
  /** Limit and Remaining, from the reading or, when it lacks them, the latest response that had them. */
  limit?: number;
  limitFrom: 'reading' | 'an earlier response' | 'the draft RateLimit fields' | 'plan' | 'nowhere';
}

export interface Walk {
  /** The reading, then every response of the walk that counted with the key, in order. */
  samples: Sample[];
  /**
   * What ended the walk as the limit: its 429, or a refusal with another status where the limit would be
   * reached (a front's 503 or 403: RL-PROBE-LIMIT-ENFORCED says 429 is required; the rest judge it as a 429).
   */
  limited?: Sample;
  /** A refusal that stopped the walk where the limit would not be reached (a 503 with plenty left). */
  cutShort?: Sample;
  /** Most requests the walk allowed itself. */
  bound: number;
  sent: number;
  /** Position of the first response of a later window, when the walk crossed a reset. */
  rolledAt?: number;
  /**
   * The request sent past Remaining 0 when the state checks hold a pending fixture back (a cancel of it, not
   * the walk's own request), so STATE-429-CHANGES-NOTHING can show the refused request changed nothing.
   */
  overLimit?: Sample;
  /** After an early 429: a later window walked, held cancel last, or why not (held-again.ts); no 429's cause. */
  again?: Sample[];
  heldNotSent?: string;
  unreached?: Skip;
  /**
   * Requests of another operation served at the walk's Remaining 0 while saying requests were left (the list
   * sent there, or the held fixture's cancel): kept out of `samples`, as they continue no count of the walk's.
   */
  aside?: Sample[];
  /**
   * The list sent again just before Remaining 0 (aside.ts), when earlier lists were replayed; in `samples`
   * only when it took one from the walk's count.
   */
  reread?: Sample;
  /** Milliseconds waited before the walk for the window that was about to end, so it walked a fresh one. */
  waitedForWindowMs?: number;
  /**
   * When the repeated request took nothing from Remaining (a limiter that counts only what it answers 2xx),
   * the request the walk went on with instead, and the walk's answers before the switch (in `samples` too).
   */
  switched?: { to: ProbeRequest; uncounted: Sample[] };
  /**
   * The walk's last requests before Remaining 0 that went together (together.ts), or a whole limit and one
   * more once it was whole again (paced.ts), as they were counted.
   */
  together?: Sample[];
  /** The answer after which the walk waited for a limiter that gives capacity back to be whole (paced.ts). */
  pacedWaitAt?: number;
  /** Why the walk went no further than its bound, however Remaining moved (WalkPlan.capped). */
  capped?: string;
  /** Every request that named another client address (RFC 5737) in the forwarding headers, in order. */
  spoofed: Sample[];
  /** Of those, the ones whose answer did not continue the key's count: kept out of `samples`. */
  apart: Sample[];
  /** Of those, the ones refused for the headers themselves (not 429): naming addresses stopped there. */
  headersRefused: Sample[];
  /** The walk's requests with the key under another spelling of its scheme, when the run saw one accepted. */
  respelled?: Respelled;
}

/**
 * The key under a spelling of the scheme other than "Bearer" (RFC 9110 §11.1: the same credentials), which a
 * request of the run showed the server accepts with a 2xx: the walk sends some of its requests so.
 */
export interface Respelled {
  /** The scheme as spelled, e.g. "bearer". */
  scheme: string;
  /** The run's request that showed it accepted (its number in the transcript). */
  acceptedSeq: number;
  /** Every walk request sent under it, in order. */
  sent: Sample[];
  /** Of those, the ones whose answer did not continue the key's count (or refused the credential): kept out of `samples`. */
  apart: Sample[];
}

export interface WalkPlan {
  bound: number;
  /** Requests kept back for what follows the walk (recovery, the second key's second read). */
  reserve: number;
  text: string;
  /** Why the walk may go no further than its bound (far-reset.ts: a day quota announced), if so. */
  capped?: string;
}

export interface SecondKey {
  before: Sample;
  after: Sample;
}

export interface Recovery {
  /** The status the walk was refused with (429, or a limiter's 503...): the recovery is refused alike. */
  refusedWith: number;
  /** The Retry-After wait, then each backoff. */
  waitsMs: number[];
  /**
   * When the first wait ended (local ms): the moment Retry-After (or Reset) said the limit lifts. Unset in
   * a record that does not know it, which then allows no grace.
   */
  dueAtMs?: number;
  /**
   * How long past `dueAtMs` a refusal is no failure: a second when the refusal's fields could not say a
   * fraction of one (whole-second Retry-After, X-RateLimit-Reset an integer or absent), else none.
   */
  graceMs?: number;
  attempts: Sample[];
  /** The first attempt that was not 429. */
  recovered?: Sample;
  /** Why backoff stopped short of its tries, if it did. */
  gaveUp?: string;
}

export interface Burst {
  size: number;
  /** Remaining just before, from the recovery response. */
  allowed: number;
  samples: Sample[];
  straddled: boolean;
  /**
   * A limiter that refills gradually (why the walk says so) gives tokens back while the burst is in flight:
   * at most `refill` of them (null: the headers bound no rate), which may be served on top of `allowed`.
   */
  gradual?: { why: string; refill: number | null; spanMs: number };
}

export interface ProbeRecord {
  reading: Outcome<Reading>;
  walk: Outcome<Walk>;
  secondKey: Outcome<SecondKey>;
  recovery: Outcome<Recovery>;
  burst: Outcome<Burst>;
  planned: string;
  actual: string;
}

/**
 * The moment a refusal says the limit lifts: its Retry-After, else its X-RateLimit-Reset (local ms), or the
 * moment `resetAtMs` reads that Reset as (a recording reads only a sane one: windows.ts saneResetAtMs).
 */
export function announcedLiftMs(s: Sample, resetAtMs = s.resetAtMs): number | undefined {
  const r = s.response;
  const ra = retryAfter(r.headers, r.receivedAtMs);
  if (ra && ra.form !== 'invalid') return r.receivedAtMs + ra.delayMs;
  return resetAtMs;
}
