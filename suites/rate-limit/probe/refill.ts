// Whether the walk shows a limiter that gives capacity back gradually (a token bucket, GCRA), read only from
// what repeats: one rise of Remaining is a window that turned, not a refill. Pure; never sends.
import { retryAfter } from '../../../lib/formats/rate-limit-headers.ts';
import { pacedGroup, sentAtMs } from './pace.ts';
import { left, limitOf, type Recovery, type Sample, seconds, type Walk } from './record.ts';
import { sameWindowPairs, saneResetAtMs } from './windows.ts';

/** Rises of Remaining within a window before they read as refills, not as a window the reading missed. */
const RISES_TO_REFILL = 2;

/**
 * What in the walk shows a limiter that gives capacity back gradually, or undefined: Remaining rising within
 * a window on at least two steps, or staying on some steps while falling on more, or steps that kept pace
 * with the walk until it sent a whole limit at once (pace.ts), or a 429 whose Retry-After
 * ends well before its Reset (the next token comes before the bucket is full) unless the request sent when
 * it ended was refused again. A fixed window shows none of these (a window that turns mid-walk rises once).
 */
export function gradualRefill(walk: Walk, recovery?: Recovery): string | undefined {
  // The answers of a request the limiter did not count (before the walk switched) say nothing of a refill.
  const uncounted = new Set(walk.switched?.uncounted ?? []);
  // Only steps sent one after another: requests sent together carry no order, and a limiter that reads its
  // count before it writes it (not atomic) answers two of them with one Remaining, which is no token back.
  const pairs = sameWindowPairs(walk.samples).filter(
    ([p, c]) =>
      p.remaining !== undefined &&
      c.remaining !== undefined &&
      !uncounted.has(c) &&
      sentAtMs(c) >= p.response.receivedAtMs,
  );
  const rose = pairs.filter(([p, c]) => c.remaining! > p.remaining!);
  if (rose.length >= RISES_TO_REFILL)
    return `Remaining rose on ${rose.length} steps (the first from ${rose[0]![0].remaining} to ${rose[0]![1].remaining} on request #${rose[0]![1].n})`;
  // A token coming back as one is spent leaves Remaining where it was: on some steps, never on all (a
  // Remaining that never falls counts nothing, RL-PROBE-REMAINING-COUNTS).
  const stayed = pairs.filter(([p, c]) => p.remaining! > 0 && c.remaining === p.remaining);
  const fell = pairs.filter(([p, c]) => c.remaining! < p.remaining!);
  if (stayed.length > 0 && fell.length > stayed.length)
    return `Remaining stayed on ${stayed.length} of ${pairs.length} steps (the first on request #${stayed[0]![1].n}) and fell on the others`;
  // The steps that made the walk send a whole limit at once (paced.ts): capacity came back on each as fast
  // as it was spent, which a count that only resets at a window's end shows on one step, not on several.
  // Not when Remaining rose into it: a fixed window turning mid-walk does that once per window.
  const paced = pacedGroup(walk);
  const i = paced ? walk.samples.indexOf(paced.from) : -1;
  if (paced && i > 0 && walk.samples[i - 1]!.remaining === paced.from.remaining)
    return `Remaining stayed at ${paced.from.remaining} of ${paced.from.limit} on request #${paced.from.n}, answered after the moment the one before it named for X-RateLimit-Reset: capacity came back as fast as the walk spent it`;
  const limited = walk.limited;
  if (limited?.resetAtMs === undefined) return undefined;
  // A Retry-After that ended while the key was still refused names no token coming back: it proves nothing.
  if (recovery?.attempts[0]?.status === 429) return undefined;
  const ra = retryAfter(limited.response.headers, limited.response.receivedAtMs);
  if (!ra || ra.form === 'invalid') return undefined;
  const untilReset = limited.resetAtMs - limited.response.receivedAtMs;
  return untilReset - ra.delayMs > 1000
    ? `the 429's Retry-After (${seconds(ra.delayMs)}) ends well before its Reset (${seconds(untilReset)} away)`
    : undefined;
}

/** Reset rounded up to its second, read against a Date rounded down: the time until full reads up to this long. */
const RATE_ROUNDINGS_MS = 2000;

/**
 * Whether `s`, served right after `prev` said Remaining 0, says no more than the same count could have got
 * back meanwhile: at the fastest rate prev's headers allow (the requests it misses over the time until the
 * moment it named for X-RateLimit-Reset, less both roundings), from when prev left until `s` was read; `s`'s
 * own token and the part of one its Remaining rounds away cancel out. A count of its own (one per path,
 * opened by `s`) says far more: Limit − 1.
 */
export function refilledSince(prev: Sample, s: Sample): boolean {
  const fullAt = saneResetAtMs(prev);
  const [limit, was, now] = [limitOf(prev), left(prev), left(s)];
  if (fullAt === undefined || limit === undefined || was === undefined || now === undefined) return false;
  const toFullMs = fullAt - prev.response.receivedAtMs - RATE_ROUNDINGS_MS;
  if (toFullMs <= 0) return false;
  const back = Math.ceil(((limit - was) * Math.max(0, s.response.receivedAtMs - sentAtMs(prev))) / toFullMs);
  return now <= was + back;
}
