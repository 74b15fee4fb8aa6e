// RL-PROBE-LIMIT-ENFORCED's reading of the walk's requests sent together (together.ts): after an answer that
// said Remaining R, more than R served before the 429 in that window is a limit not enforced, unless the limiter
// refills gradually and its own headers allow that many tokens back meanwhile. Pure; never sends.
import type { ProbeFinding } from './judgement.ts';
import { pacedGroup, sentAtMs } from './pace.ts';
import { limitOf, type Recovery, type Sample, seconds, type Walk } from './record.ts';
import { gradualRefill } from './refill.ts';
import { served } from './served.ts';
import { sameWindowPairs, saneResetAtMs, windowStarts } from './windows.ts';

/** Reset is whole seconds and read against a whole-second Date: only answers this far before it count. */
const ROUNDINGS_MS = 2000;

/**
 * Both roundings of the rate's reading at once: Reset rounded up to its second and the Date it is read against
 * rounded down to its own make the time until full read up to two seconds long (a rate read too slow).
 */
const RATE_ROUNDINGS_MS = 2000;

/**
 * The most tokens a limiter can have given back from `sinceMs` until `untilMs` (both by our clock): its rate
 * is at most the requests missing from `from` over the time until it is full again, as its Reset names it
 * (less both roundings). Undefined when the headers bound no rate, or our reading of it cannot.
 */
function refillSince(from: Sample, sinceMs: number, untilMs: number): number | undefined {
  const fullAt = saneResetAtMs(from);
  if (from.limit === undefined || from.remaining === undefined || fullAt === undefined) return undefined;
  const toFullMs = fullAt - from.response.receivedAtMs - RATE_ROUNDINGS_MS;
  if (toFullMs <= 0) return undefined;
  const missing = Math.max(1, from.limit - from.remaining);
  return Math.ceil((missing * Math.max(0, untilMs - sinceMs)) / toFullMs);
}

/**
 * Whether the limiter shows a gradual refill by anything but the requests sent together (whose repeated
 * Remaining is what a count that lets them past shows too): only then may tokens have come back meanwhile.
 */
function refillsGradually(walk: Walk, group: readonly Sample[], recovery?: Recovery): boolean {
  const inner = new Set(group.slice(0, -1));
  return (
    gradualRefill({ ...walk, samples: walk.samples.filter((s) => !inner.has(s)) }, recovery) !== undefined
  );
}

/**
 * The most tokens a limiter can give back while the requests of a group arrive: its rate is at most the
 * requests the lowest Remaining among their answers misses over the time until it is full again (a second
 * less, for rounding). Undefined when no answer bounds it.
 */
function refillDuring(group: readonly Sample[], served: readonly Sample[]): number | undefined {
  const low = [...served].reverse().find((s) => saneResetAtMs(s) !== undefined && s.remaining !== undefined);
  if (!low) return undefined;
  return refillSince(low, Math.min(...group.map(sentAtMs)), low.response.receivedAtMs);
}

/**
 * A whole limit and one more sent at once (paced.ts), once the moment the answer before them named for Reset
 * had passed: more served than X-RateLimit-Limit and what could come back while they arrived is a limit not
 * enforced; exactly that many is a whole limit spent.
 */
function judgePaced(group: readonly Sample[], from: Sample): ProbeFinding | undefined {
  const limit = limitOf(from);
  const after = group.filter(served);
  const refill = refillDuring(group, after);
  if (limit === undefined || refill === undefined || after.length <= limit + refill) return undefined;
  return {
    message: `request #${from.n} said X-RateLimit-Limit ${limit} and named a moment for X-RateLimit-Reset; once it had passed (the limit whole again), the walk sent ${group.length} requests together and ${after.length} were served: more than the ${limit} a whole limit holds${refill > 0 ? ` and the ${refill} a limiter refilling at the rate its headers allow could give back while they arrived` : ''}`,
    sample: after[limit + refill]!,
    expected: `at most ${limit + refill} of the ${group.length} served, then 429`,
    actual: `${after.length} served (answered Remaining ${group.map((s) => s.remaining ?? '?').join(', ')})`,
  };
}

/** The finding, when the requests sent together and those after them were served past the Remaining before them. */
export function judgeTogether(walk: Walk, recovery?: Recovery): ProbeFinding | undefined {
  const paced = pacedGroup(walk);
  if (paced) return judgePaced(paced.group, paced.from);
  const group = walk.together;
  const i = group?.[0] ? walk.samples.indexOf(group[0]) : -1;
  if (!group || i < 1) return undefined;
  const from = walk.samples[i - 1]!;
  const end = saneResetAtMs(from);
  if (from.remaining === undefined || end === undefined) return undefined;
  const starts = windowStarts(walk.samples);
  const after: Sample[] = [];
  for (let j = i; j < walk.samples.length; j++) {
    const s = walk.samples[j]!;
    if (starts[j] || !served(s) || s.response.receivedAtMs >= end - ROUNDINGS_MS) break;
    after.push(s);
  }
  const last = after[after.length - 1];
  // A gradual limiter's Remaining is its whole tokens: `from` may have had all but one more. Tokens come back
  // from when the server can first have answered `from` (its request left) until `last` was read at the latest.
  const gradual = last !== undefined && refillsGradually(walk, group, recovery);
  const back = gradual ? refillSince(from, sentAtMs(from), last.response.receivedAtMs) : 0;
  const refill = !last || back === undefined ? undefined : back + (gradual ? 1 : 0);
  if (!last || refill === undefined || after.length <= from.remaining + refill) return undefined;
  const spanMs = last.response.receivedAtMs - from.response.receivedAtMs;
  const said = `after request #${from.n} said X-RateLimit-Remaining ${from.remaining}, the walk sent ${group.length} requests together and ${after.length} requests (#${after[0]!.n} to #${last.n}) were served in ${seconds(spanMs)}, before the moment its X-RateLimit-Reset named: more than the ${from.remaining} left${refill > 0 ? ` and the ${refill} a limiter refilling at the rate its headers allow could have besides (the part of a token its Remaining rounds away, and what comes back from when #${from.n} left to when #${last.n} was read)` : ''}`;
  const answered = group.map((s) => s.remaining ?? '?').join(', ');
  const alone = after.filter((s) => !group.includes(s));
  return {
    message: countedEach(group, after.length - alone.length, from.remaining)
      ? `${said}; the ${group.length} sent together were counted one by one (Remaining ${answered}), and ${alone.length === 1 ? `#${alone[0]!.n}, sent alone after them, was` : `the ${alone.length} sent one at a time after them were`} served too: the limiter lets ${pastBy(after.length - from.remaining - refill)} through than it counts whether requests come together or not (an off-by-one, as a test of the count made before the request is added lets Limit + 1 through a window), not a race`
      : `${said}, as a limiter that reads its count and writes it back after a pause lets concurrent requests past it`,
    sample: after[from.remaining + refill]!,
    expected: `at most ${from.remaining + refill} served after Remaining ${from.remaining}, then 429`,
    actual: `${after.length} served (${group.length} of them sent together, answered Remaining ${answered}${alone.length > 0 ? `; ${alone.length} sent alone after them` : ''})`,
  };
}

const pastBy = (n: number) => (n === 1 ? 'one request more' : `${n} requests more`);

/**
 * Whether the requests sent together were each counted: as many served as Remaining left, each answered a
 * Remaining of its own. Then what was served past the limit came one at a time after them (a sequential
 * overshoot), not from concurrent requests reading one count.
 */
function countedEach(group: readonly Sample[], served: number, left: number): boolean {
  const said = group.map((s) => s.remaining);
  return served <= left && said.every((r) => r !== undefined) && new Set(said).size === said.length;
}

/**
 * The walk's answers served one at a time past the limit: after an answer that said Remaining 0 in the same
 * window, not sent together with others. None when the walk kept to the limit one request at a time.
 */
export function servedAlonePastZero(walk: Walk): Sample[] {
  const together = new Set(walk.together ?? []);
  return sameWindowPairs(walk.samples)
    .filter(([prev, cur]) => prev.remaining === 0 && !together.has(cur))
    .map(([, cur]) => cur);
}
