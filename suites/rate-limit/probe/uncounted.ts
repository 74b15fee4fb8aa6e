// Whether the limiter leaves errors uncounted (express-rate-limit's skipFailedRequests, a limiter that reads
// the response): X-RateLimit-Remaining does not fall with the answers 4xx but falls by one with each 2xx, read
// over consecutive answers of one window. What explains more served than Limit, and where a 429 really came;
// and whether the walk's repeated request takes nothing from Remaining at all. Pure; never sends, never judges.

import { deleteCounting, isDelete } from './method-counting.ts';
import { left, type Sample } from './record.ts';
import { routeOf } from './sample-route.ts';
import { eachSameWindowPair, windowStarts } from './windows.ts';

/** Errors whose step shows them uncounted, and successes that fell by one, needed to say so. */
const ERRORS_NEEDED = 3;
const SUCCESSES_NEEDED = 2;
/** Share of the steps that must follow the reading: the run's other traffic may cross a few. */
const AGREEING = 0.9;

const failed = (s: Sample): boolean => s.status >= 400 && s.status < 500;
const succeeded = (s: Sample): boolean => s.status >= 200 && s.status < 300;

export interface Uncounted {
  /** Answers 4xx whose step left Remaining where it was. */
  errors: Sample[];
  /** Answers 2xx whose step took one from it. */
  successes: number;
}

/**
 * Each step read by one answer of its pair: a limiter that takes a hit on arrival and gives it back when the
 * answer is an error shows the hit on the error's own Remaining and returns it by the next (the earlier answer
 * decides the step); one that counts only after a success never shows it (the later answer decides). The
 * pairs are read as they come (eachSameWindowPair): a recording's walk is a pair per answer.
 */
function readBy(
  samples: readonly Sample[],
  starts: readonly boolean[],
  decides: 0 | 1,
): Uncounted | undefined {
  const errors: Sample[] = [];
  let successes = 0;
  let agree = 0;
  let disagree = 0;
  eachSameWindowPair(samples, starts, (p, c) => {
    const before = left(p);
    const after = left(c);
    if (before === undefined || after === undefined) return;
    const step = before - after;
    const by = decides === 0 ? p : c;
    if (failed(by)) {
      if (step === 0) {
        agree++;
        errors.push(by);
      } else disagree++;
    } else if (succeeded(by)) {
      if (step === 1) {
        agree++;
        successes++;
      } else disagree++;
    }
  });
  const ok =
    errors.length >= ERRORS_NEEDED && successes >= SUCCESSES_NEEDED && agree >= AGREEING * (agree + disagree);
  return ok ? { errors, successes } : undefined;
}

/** Whether the answers show errors left uncounted by the limiter (undefined when they do not). */
export function errorsUncounted(samples: readonly Sample[]): Uncounted | undefined {
  const starts = windowStarts(samples);
  return readBy(samples, starts, 0) ?? readBy(samples, starts, 1);
}

/**
 * The finding's words for it: what was seen, and the cause named. Where every 4xx was a DELETE, a limiter
 * that never counts a DELETE shows the same: the walk's DELETEs (`samples`) tell which, or both are named.
 */
export function uncountedWords(u: Uncounted, samples: readonly Sample[]): string {
  const first = u.errors[0]!;
  const seen = `X-RateLimit-Remaining did not fall with ${u.errors.length} answers 4xx (the first #${first.n}, ${routeOf(first)} → ${first.status}) but fell by one with each of ${u.successes} answers 2xx`;
  const errors = 'errors are not counted (a 4xx gives its hit back)';
  if (!u.errors.every(isDelete)) return `${seen}: ${errors}`;
  const { uncounted, counted } = deleteCounting(samples);
  if (uncounted && !counted)
    return `${seen}, and ${uncounted}: DELETEs are not counted (a limiter counting per method), not errors as such`;
  if (counted && !uncounted) return `${seen}: ${errors}`;
  return `${seen}: ${errors}, or DELETEs are not (every 4xx was a DELETE; see RL-PROBE-LIMITER-MODEL)`;
}

/** Steps of an unmoved Remaining after which the repeated request reads as one the limiter does not count. */
export const UNCOUNTED_STEPS = 3;

/**
 * Whether the walk's repeated request takes nothing from Remaining: its last UNCOUNTED_STEPS answers, not
 * 2xx, all left Remaining where the one before them said, within one window (a limiter that counts only the
 * requests it answers 2xx). A limit that such requests never reach hides what lies past it.
 */
export function repeatedUncounted(samples: readonly Sample[]): boolean {
  const tail = samples.slice(-(UNCOUNTED_STEPS + 1));
  if (tail.length <= UNCOUNTED_STEPS) return false;
  const starts = windowStarts(tail);
  return tail.every(
    (s, i) =>
      left(s) !== undefined &&
      left(s) === left(tail[0]!) &&
      (i === 0 || (!starts[i] && (s.status < 200 || s.status >= 300))),
  );
}
