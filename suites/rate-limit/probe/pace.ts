// Whether the walk's steps show a limiter giving capacity back as fast as one request at a time spends it, and
// which of its requests went together once the limit was whole again (paced.ts sends them). Pure; never sends.
import { left, limitOf, type Sample, type Walk } from './record.ts';
import { served, servedBeyondLimit } from './served.ts';
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
 * or after the moment `p` named for X-RateLimit-Reset (its roundings aside): what the limiter said it would
 * give back by then came back as fast as the walk spent it.
 */
export function keptPace(p: Sample, c: Sample): boolean {
  const end = saneResetAtMs(p);
  const [before, after] = [left(p), left(c)];
  if (!served(p) || !served(c) || end === undefined || before === undefined || after === undefined)
    return false;
  return after >= before && c.response.receivedAtMs >= end - ROUNDING_MS;
}

/** Whether Remaining rose on the step from `p` to `c`, both served: capacity came back within the window. */
export const rose = (p: Sample, c: Sample): boolean =>
  served(p) && served(c) && (left(c) ?? -1) > (left(p) ?? Number.POSITIVE_INFINITY);

/**
 * Whether the walk's answers already served more than the Limit within one announced window (servedBeyondLimit):
 * no limiter that refills does that, so Remaining rising there is another counter's count (a worker process's,
 * a connection's), not capacity given back, and the walk is not to wait for a refill that is not one.
 */
export const overrun = (samples: readonly Sample[]): boolean => servedBeyondLimit(samples) !== undefined;

/**
 * Whether an answer leaves the limiter one short of whole (Remaining Limit − 1): then only the request it
 * answered counts, so by the moment it names for X-RateLimit-Reset the whole Limit is there again, whatever
 * the algorithm (a fixed window turns, a sliding log lets that one request go, a token bucket is full).
 */
export function oneShort(s: Sample): boolean {
  const limit = limitOf(s);
  return served(s) && limit !== undefined && left(s) === limit - 1;
}

/**
 * Whether the walk's last answer is one short of whole after steps that kept pace: its last PACED_STEPS, or
 * its last one when the walk waited for the limit to be whole before sending it (`waited`).
 */
export function pacedSteps(samples: readonly Sample[], waited = false): boolean {
  const n = waited ? 1 : PACED_STEPS;
  const tail = samples.slice(-(n + 1));
  if (tail.length <= n || !oneShort(tail[n]!)) return false;
  return tail.slice(1).every((c, i) => keptPace(tail[i]!, c));
}

/** The walk's last steps, one request each, over which it reads whether it outruns the limiter. */
export const LAG_STEPS = 6;

/**
 * Why the walk's last LAG_STEPS steps, all served under one Limit, show a limiter giving capacity back about as
 * fast as one request at a time spends it, or undefined: Remaining above 0 and no lower after them, or falling
 * so slowly that at that pace it would not reach 0 within the `room` requests the walk has left, while the
 * moment named for X-RateLimit-Reset moved on (a fixed window's stays put: its count is stuck, not refilled).
 * Not across a step back to Limit − 1 or more: a window that turned is walked from its start.
 */
export function lagging(samples: readonly Sample[], room: number): string | undefined {
  const tail = samples.slice(-(LAG_STEPS + 1));
  const limit = tail[0] ? limitOf(tail[0]) : undefined;
  const counts = tail.map(left);
  if (tail.length <= LAG_STEPS || limit === undefined || !tail.every(served)) return undefined;
  if (tail.some((s) => limitOf(s) !== limit) || counts.some((c) => c === undefined)) return undefined;
  if (counts.some((c, i) => i > 0 && c! > counts[i - 1]! && c! >= limit - 1)) return undefined;
  const ends = tail.map(saneResetAtMs).filter((e): e is number => e !== undefined);
  if (ends.length < tail.length || Math.max(...ends) - Math.min(...ends) < 1000) return undefined;
  const [first, now] = [counts[0]!, counts[LAG_STEPS]!];
  const fell = first - now;
  if (now === 0 || (fell > 0 && Math.ceil((now * LAG_STEPS) / fell) <= room)) return undefined;
  return `X-RateLimit-Remaining went from ${first} to ${now} over the walk's last ${LAG_STEPS} requests while X-RateLimit-Reset moved on: at that pace the walk would not reach 0 within the ${room} requests it has left`;
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
  return pacedSteps(walk.samples.slice(0, i), true) ? { group, from } : undefined;
}

/**
 * When the walk's refusal came in its group of Limit + 1 sent once the limit was whole (pacedGroup): how many
 * of the group were served before it, when a whole Limit. Then it came after the limit was spent, whatever the
 * route of the refused request (the held fixture's cancel goes last among the walk's own), read so rather than
 * against the last answer of its route, which names an older count. Undefined otherwise.
 */
export function pacedRefusal(walk: Walk, limited: Sample): number | undefined {
  const paced = pacedGroup(walk);
  const limit = paced ? limitOf(paced.from) : undefined;
  if (!paced?.group.includes(limited) || limit === undefined) return undefined;
  const before = paced.group.filter((s) => s !== limited && served(s)).length;
  return before >= limit ? before : undefined;
}
