// Whether the walk's steps show a limiter giving capacity back as fast as one request at a time spends it, and
// which of its requests went together once the limit was whole again (paced.ts sends them). Pure; never sends.
import { left, type Sample, type Walk } from './record.ts';
import { served } from './served.ts';
import { saneResetAtMs } from './windows.ts';

/** Steps in a row on which Remaining did not fall although the moment the answer before named had come. */
export const PACED_STEPS = 2;
/**
 * Reset is whole seconds (rounded either way by servers) read against a whole-second Date: the moment it names
 * may be up to this far from the one the server meant, either way.
 */
export const ROUNDING_MS = 2000;

/**
 * Whether the step from `p` to `c` kept pace: both served, Remaining not lower after it, and `c` answered at
 * or after the moment `p` named for X-RateLimit-Reset (its roundings aside): what the limiter said it
 * would give back by then came back as fast as the walk spent it.
 */
function keptPace(p: Sample, c: Sample): boolean {
  const end = saneResetAtMs(p);
  const [before, after] = [left(p), left(c)];
  if (!served(p) || !served(c) || end === undefined || before === undefined || after === undefined)
    return false;
  return after >= before && c.response.receivedAtMs >= end - ROUNDING_MS;
}

/** The walk's last PACED_STEPS steps, when every one kept pace (keptPace); undefined otherwise. */
export function pacedSteps(samples: readonly Sample[]): Sample[] | undefined {
  const tail = samples.slice(-(PACED_STEPS + 1));
  if (tail.length <= PACED_STEPS) return undefined;
  return tail.slice(1).every((c, i) => keptPace(tail[i]!, c)) ? tail : undefined;
}

/** When the requests a walk sent together left: the first of them to leave. */
export const sentAtMs = (s: Sample): number =>
  s.response.receivedAtMs - (s.response.exchange.durationMs || 0);

/**
 * The walk's requests sent together once the limit was whole again (the moment the answer before them named
 * for X-RateLimit-Reset had passed when they left), with that answer; undefined for the last few before
 * Remaining 0 (together.ts), which leave inside their window. Read from the samples alone, as a recording has them.
 */
export function pacedGroup(walk: Walk): { group: Sample[]; from: Sample } | undefined {
  const group = walk.together;
  const i = group?.[0] ? walk.samples.indexOf(group[0]) : -1;
  if (!group || i < 1) return undefined;
  const from = walk.samples[i - 1]!;
  const end = saneResetAtMs(from);
  if (end === undefined || Math.min(...group.map(sentAtMs)) < end) return undefined;
  return pacedSteps(walk.samples.slice(0, i)) ? { group, from } : undefined;
}
