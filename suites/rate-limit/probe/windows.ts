// Where the probe's sequence crosses into a new rate-limit window, decided only from what is still reliable:
// the time elapsed against the first Reset of the window that read as a plausible Unix time, else Remaining
// rising. A Reset found broken (a delta, milliseconds, or rolling forward) never makes a window on its own.
import { RESET_DELTA_BELOW, RESET_MILLIS_ABOVE } from '../../../lib/formats/rate-limit-headers.ts';
import { left, limitOf, REFUSAL_STATUSES, RESET_HORIZON_MS, type Sample, type Walk } from './record.ts';
import { arrivedAtMs, readyOf } from './sample-reads.ts';

/** Whole-second Reset values, and the server's whole-second Date: a second of slack either way. */
const ROUNDING_MS = 1000;
/**
 * Both roundings at once: Reset rounded up (a window opened at a client's first request ends up to a second
 * before it) and the moment read against a Date rounded down (up to a second later still). Only a Remaining
 * back at full within it reads as a new window: a bucket refilling a token or two near its moment does not.
 */
const BOTH_ROUNDINGS_MS = 2000;

/**
 * The local moment a sample's Reset names, when Reset reads as a Unix time in seconds not in the past; without
 * X-RateLimit-Reset, the moment the IETF draft's reset (a delta) names.
 */
export function saneResetAtMs(s: Sample): number | undefined {
  const ready = readyOf(s);
  if (ready) return ready.saneResetAtMs;
  if (s.reset === undefined && s.remaining === undefined) return s.announced?.resetAtMs;
  return saneMoment(s.reset, s.remaining, undefined, s.resetAtMs, s.response.receivedAtMs);
}

/**
 * saneResetAtMs of a sample's fields: its X-RateLimit-Reset and -Remaining as sent, the draft's reset moment
 * (read only without both), the moment Reset reads as, and when the answer arrived.
 */
export function saneMoment(
  reset: number | undefined,
  remaining: number | undefined,
  announcedAtMs: number | undefined,
  resetAtMs: number | undefined,
  receivedAtMs: number,
): number | undefined {
  if (reset === undefined && remaining === undefined) return announcedAtMs;
  if (reset === undefined || resetAtMs === undefined) return undefined;
  if (reset > RESET_MILLIS_ABOVE || reset < RESET_DELTA_BELOW) return undefined;
  if (resetAtMs < receivedAtMs - 1500 || resetAtMs > receivedAtMs + RESET_HORIZON_MS) return undefined;
  return resetAtMs;
}

/**
 * For each sample, whether it begins a later window than the sample before it. With a usable Reset: the
 * window's first Reset moment has come (within rounding) and Remaining did not visibly keep falling, or
 * Remaining is back at full within both roundings, or back at full with a Reset a second or more later than
 * the one before (a new window by what the server says, whatever the two clocks say: a server without a Date
 * header whose clock runs ahead turns its window before ours reads the moment as come). Without one:
 * Remaining rose. Remaining and Limit are the spec's fields, else the IETF draft's.
 */
export function windowStarts(samples: readonly Sample[]): boolean[] {
  // A frozen sequence (sample-views.ts: a recording's every answer with the key) is read once for its readers.
  const frozen = Object.isFrozen(samples);
  const kept = frozen ? startsOnce.get(samples) : undefined;
  if (kept) return kept;
  const starts: boolean[] = new Array<boolean>(samples.length).fill(false);
  let end: number | undefined;
  for (let i = 0; i < samples.length; i++) {
    const cur = samples[i]!;
    const prev = samples[i - 1];
    if (prev) {
      const before = left(prev);
      const now = left(cur);
      const both = before !== undefined && now !== undefined;
      const rose = both && now! > before!;
      const fell = both && now! < before!;
      const at = arrivedAtMs(cur);
      const limit = limitOf(cur);
      const full = rose && limit !== undefined && now! >= limit - 1;
      const prevEnd = saneResetAtMs(prev);
      const curEnd = saneResetAtMs(cur);
      const later = prevEnd !== undefined && curEnd !== undefined && curEnd >= prevEnd + ROUNDING_MS;
      const rolled =
        (full && later) ||
        (end !== undefined
          ? (at >= end - ROUNDING_MS && !fell) || (at >= end - BOTH_ROUNDINGS_MS && full)
          : rose);
      if (rolled) {
        starts[i] = true;
        end = undefined;
      }
    }
    end ??= saneResetAtMs(cur);
  }
  if (frozen) {
    Object.freeze(starts);
    startsOnce.set(samples, starts);
  }
  return starts;
}

const startsOnce = new WeakMap<readonly Sample[], boolean[]>();

/** Consecutive pairs of counted responses (neither a 429 nor another refusal) within one window. */
export function sameWindowPairs(samples: readonly Sample[]): Array<[Sample, Sample]> {
  const pairs: Array<[Sample, Sample]> = [];
  eachSameWindowPair(samples, windowStarts(samples), (prev, cur) => pairs.push([prev, cur]));
  return pairs;
}

/**
 * Each pair sameWindowPairs lists, handed to `visit` in its order (`starts` the samples' windowStarts): a
 * reader of a recording's every answer holds no list of a pair per answer.
 */
export function eachSameWindowPair(
  samples: readonly Sample[],
  starts: readonly boolean[],
  visit: (prev: Sample, cur: Sample) => void,
): void {
  for (let i = 1; i < samples.length; i++) {
    const prev = samples[i - 1]!;
    const cur = samples[i]!;
    if (counted(cur) && counted(prev) && !starts[i]) visit(prev, cur);
  }
}

/** Whether an answer was served (and so counted), not refused: a 429 or a limiter's other refusal. */
const counted = (s: Sample): boolean => s.status !== 429 && !REFUSAL_STATUSES.has(s.status);

/**
 * The Reset the 429 is compared with: its own, else (a 429 sent without the headers) the last plausible one
 * of the walk's window it ended, which named the same moment for a fixed window. Undefined when neither.
 */
export function windowResetOf(
  limited: Sample,
  walk: Walk,
): { reset: number; atMs: number; from: string } | undefined {
  if (limited.resetAtMs !== undefined && limited.reset !== undefined)
    return { reset: limited.reset, atMs: limited.resetAtMs, from: '' };
  const i = walk.samples.indexOf(limited);
  const starts = windowStarts(walk.samples);
  for (let j = i - 1; j >= 0; j--) {
    const s = walk.samples[j]!;
    const atMs = saneResetAtMs(s);
    if (atMs !== undefined && s.reset !== undefined)
      return { reset: s.reset, atMs, from: ` on request #${s.n}, the ${limited.status} carrying none` };
    if (starts[j]) break;
  }
  return undefined;
}
