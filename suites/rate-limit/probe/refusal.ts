// A refusal that is not a 429, read for what it is: the statuses limiters and the fronts before them refuse
// with instead (a reverse proxy's 503, a WAF's 403, the old 420), whether one in the walk is the limit's, and
// how long the key then rests. Reads samples and sets the pacer's hold; never sends.

import {
  rateLimitHeaders,
  resetAtLocalMs,
  resetKind,
  retryAfter,
  serverDateMs,
} from '../../../lib/formats/rate-limit-headers.ts';
import { UNKNOWN_429_BACKOFF_MS } from '../../../lib/http/pacer.ts';
import { startedMsOf } from '../../../lib/http/transcript.ts';
import type { Tools } from '../../kit/context.ts';
import {
  earlyTolerance,
  left,
  limitOf,
  REFUSAL_STATUSES,
  type Recovery,
  type Sample,
  type Walk,
} from './record.ts';
import { saneResetAtMs, windowResetOf } from './windows.ts';

/** A refusal status other than what the repeated request answers when served. */
export function isRefusal(s: Sample, reading: Sample): boolean {
  return REFUSAL_STATUSES.has(s.status) && s.status !== reading.status;
}

/**
 * Whether a refusal `s` after `prev` is where the limit would be reached: Remaining (or the draft's remaining)
 * was within the early tolerance before it, or the refusal itself says so (Remaining 0, a Retry-After), or it
 * lacks the rate-limit fields the answers before it carried (a front refusing before the application).
 */
export function atTheLimit(s: Sample, prev: Sample): boolean {
  const before = left(prev);
  if (before !== undefined && before <= earlyTolerance(limitOf(prev))) return true;
  if (left(s) === 0 || s.response.headers['retry-after'] !== undefined) return true;
  return before !== undefined && left(s) === undefined;
}

/**
 * A refusal with another status that shows only after the walk's 429, in the recovery (a front before the
 * application with a limit of its own, a 403 page that outlives the application's Reset): judged as that
 * limiter's 429. Undefined when none, or when the walk already ended on a refusal with that status.
 */
export function laterRefusal(walk: Walk, recovery: Recovery | undefined): Sample | undefined {
  const reading = walk.samples[0];
  if (!reading) return undefined;
  return recovery?.attempts.find(
    (s) => s.status !== 429 && s.status !== walk.limited?.status && isRefusal(s, reading),
  );
}

/** How a refusal reads in a message: "429" or "503 refusal". */
export const refusalName = (s: Sample): string => (s.status === 429 ? '429' : `${s.status} refusal`);

/**
 * The pacer knows a 429's wait; a limiter's 503 or 403 asks the same of a client. Holds the key until its
 * Retry-After, else the Reset it names or, without one (a front's page), the last one of its window (within
 * the minute window of spec §8), else that minute, so nothing is sent with it sooner: the recovery then
 * waits exactly as after a 429.
 */
export function holdAfterRefusal(env: Tools, s: Sample, walk?: Walk): void {
  const at = s.response.receivedAtMs;
  const ra = retryAfter(s.response.headers, at);
  const reset = walk ? windowResetOf(s, walk)?.atMs : (saneResetAtMs(s) ?? announcedResetAtMs(env, at));
  const wait =
    ra && ra.form !== 'invalid'
      ? ra.delayMs
      : reset !== undefined && reset > at
        ? Math.min(reset - at, UNKNOWN_429_BACKOFF_MS)
        : UNKNOWN_429_BACKOFF_MS;
  env.http.pacer.hold('primary', at + wait);
}

/**
 * Before the walk, a refusal carrying no Reset (a front's page): the moment the key's last answer that
 * carried X-RateLimit-Reset named, while it is still ahead and within the minute, as the walk reads the
 * last Reset of its window. Undefined when that moment has passed or reads as no Unix time.
 */
function announcedResetAtMs(env: Tools, at: number): number | undefined {
  const xs = env.transcript.all();
  for (let i = xs.length - 1; i >= 0; i--) {
    const x = xs[i]!;
    if (x.bucket !== 'primary' || !x.response || x.response.status === 401) continue;
    const reset = rateLimitHeaders(x.response.headers).reset?.value;
    if (reset === undefined) continue;
    if (resetKind(reset) !== 'unix-seconds') return undefined;
    const received = startedMsOf(x) + x.durationMs;
    const atMs = resetAtLocalMs(reset, received, serverDateMs(x.response.headers));
    // Spec §8's minute (UNKNOWN_429_BACKOFF_MS): a Reset further ahead is no moment this wait trusts.
    return atMs > at && atMs <= at + UNKNOWN_429_BACKOFF_MS ? atMs : undefined;
  }
  return undefined;
}
