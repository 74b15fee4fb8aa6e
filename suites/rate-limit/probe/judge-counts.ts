// Pure readings of how X-RateLimit-Remaining and -Limit move through the walk: RL-PROBE-REMAINING-COUNTS and
// -STEP's findings, and whether Remaining may size a burst. They never send and never choose a level.

import type { Exchange } from '../../../lib/http/transcript.ts';
import { before, judgeNotEarly } from './judge-limit.ts';
import { grouped, type Judgement, judged } from './judgement.ts';
import { keyAnswers, ownBetween, seqsOf } from './own-between.ts';
import type { Recovery, Sample, Walk } from './record.ts';
import { gradualRefill } from './refill.ts';
import { resetMovesLater, riseFinding, unexplainedRises } from './replayed.ts';
import { sameWindowPairs } from './windows.ts';

/**
 * `run` is the key's requests of the whole run, one at a time, as the transcript shows them (from-traffic.ts):
 * an answer of another operation between two of the walk's (a cached list) is judged there.
 */
export function judgeCounts(walk: Walk, run: readonly Sample[] = [], recovery?: Recovery): Judgement {
  // A success after Remaining 0 is RL-PROBE-LIMIT-ENFORCED's finding, not a counting one.
  const pairs = sameWindowPairs(walk.samples).filter(([p]) => p.remaining !== 0);
  const stuck = pairs.filter(
    ([p, c]) => p.remaining !== undefined && c.remaining !== undefined && c.remaining >= p.remaining,
  );
  const limitMoved = pairs.filter(
    ([p, c]) => p.limit !== undefined && c.limit !== undefined && c.limit !== p.limit,
  );
  // A limiter that refills between requests (a token bucket, GCRA) may show the same or a higher Remaining
  // after a request; only a Remaining that never falls through the whole walk does not count requests.
  const neverFell = pairs.length > 0 && stuck.length === pairs.length;
  // A rise no refill explains, in the walk or else among the run's requests with the key.
  const steady = !gradualRefill(walk, recovery) && !resetMovesLater(walk);
  const risen =
    riseFinding(unexplainedRises(walk.samples, steady), "the walk's ") ??
    riseFinding(unexplainedRises(run, steady), "the run's requests with the key ");
  const findings = [
    ...(risen ? [risen] : []),
    ...grouped(
      neverFell ? stuck.map(([, c]) => c) : [],
      pairs.length,
      (f) =>
        `X-RateLimit-Remaining did not fall with a counted request: ${before(walk, f)?.remaining} then ${f.remaining} on request #${f.n}, same window, and it never fell through the walk`,
    ),
    ...grouped(
      limitMoved.map(([, c]) => c),
      pairs.length,
      (f) =>
        `X-RateLimit-Limit changed within the window: ${before(walk, f)?.limit} then ${f.limit} on request #${f.n}`,
    ),
  ];
  const notes =
    walk.rolledAt !== undefined ? [`the window reset during the walk (request #${walk.rolledAt})`] : [];
  if (!neverFell && stuck.length > 0 && !risen)
    notes.push(
      `Remaining stayed or rose on ${stuck.length} of ${pairs.length} steps and fell on the others: a limiter that refills between requests (token bucket) shows this`,
    );
  return judged(
    stuck.length === 0
      ? `Remaining fell with every counted request, Limit constant (${pairs.length} steps)`
      : `Remaining fell through the walk (on ${pairs.length - stuck.length} of ${pairs.length} steps), Limit constant`,
    pairs.length,
    findings,
    notes,
  );
}

/**
 * The walk's same-window steps where Remaining fell by more than one that the run's own requests with the key
 * (`exchanges`, the transcript) do not account for (own-between.ts): a held cancel or a request under another
 * spelling counted between two of the walk's answers took the missing count.
 */
function unexplainedJumps(walk: Walk, exchanges: readonly Exchange[]): [Sample, Sample][] {
  const answers = keyAnswers(exchanges);
  const seqs = seqsOf(walk.samples);
  return sameWindowPairs(walk.samples).filter(
    ([p, c]) =>
      p.remaining !== undefined &&
      c.remaining !== undefined &&
      c.remaining < p.remaining - 1 &&
      !ownBetween(p, c, answers, seqs),
  );
}

export function judgeSteps(walk: Walk, exchanges: readonly Exchange[] = []): Judgement {
  const pairs = sameWindowPairs(walk.samples);
  const jumps = unexplainedJumps(walk, exchanges);
  const weight = repeatedWeight(walk);
  const findings = grouped(
    jumps.map(([, c]) => c),
    pairs.length,
    (f) => {
      const p = before(walk, f)!;
      const why =
        weight !== undefined
          ? `the repeated request is charged ${weight} on every step alike, a weight of its own (RL-BUCKET-ONE-UNIT), not other traffic`
          : 'other traffic may share the key';
      return `X-RateLimit-Remaining fell by ${p.remaining! - f.remaining!} on request #${f.n} (${p.remaining} → ${f.remaining}): ${why}`;
    },
  );
  return judged(`Remaining fell by exactly one per request (${pairs.length} steps)`, pairs.length, findings);
}

/**
 * The weight the walk's request is charged, when Remaining fell by the same step of two or more on at least
 * three steps and on most of them: what one kind of request costs, told from other traffic on the key (which
 * falls at random) by repeating. Undefined otherwise.
 */
export function repeatedWeight(walk: Walk): number | undefined {
  const steps = sameWindowPairs(walk.samples)
    .filter(([p, c]) => p.remaining !== undefined && c.remaining !== undefined)
    .map(([p, c]) => p.remaining! - c.remaining!);
  const counts = new Map<number, number>();
  for (const d of steps) if (d >= 2) counts.set(d, (counts.get(d) ?? 0) + 1);
  for (const [d, n] of counts) if (n >= 3 && n * 2 > steps.length) return d;
  return undefined;
}

export function remainingUnreliable(
  walk: Walk,
  recovery?: Recovery,
  exchanges: readonly Exchange[] = [],
): string | undefined {
  const counted = walk.samples.filter((s) => s.status !== 429 && s.remaining !== undefined);
  if (counted.some((s) => s.remaining! < 0)) return 'it went negative';
  const pairs = sameWindowPairs(walk.samples).filter(
    ([p, c]) => p.remaining !== undefined && c.remaining !== undefined && p.remaining !== 0,
  );
  const stuck = pairs.filter(([p, c]) => c.remaining! >= p.remaining!).length;
  if (pairs.length > 0 && stuck === pairs.length)
    return `it did not fall on any of ${pairs.length} counted requests`;
  const jump = unexplainedJumps(walk, exchanges).find(([p]) => p.remaining !== 0);
  if (jump)
    return `it fell by ${jump[0].remaining! - jump[1].remaining!} on request #${jump[1].n}, not one per request`;
  if (stuck > 0 && !gradualRefill(walk, recovery))
    return `it did not fall on ${stuck} of ${pairs.length} counted requests, and the limiter shows no gradual refill that would explain it`;
  return undefined;
}

/**
 * Why the walk does not show X-RateLimit-Remaining counting down to a limit that held where it said, or
 * undefined when it does: Remaining fell by one on at least two requests, and the 429 came no earlier than
 * Remaining announced (RL-PROBE-LIMIT-NOT-EARLY). What a burst may be sized by.
 */
export function notSeenCounting(walk: Walk): string | undefined {
  const falls = sameWindowPairs(walk.samples).filter(
    ([p, c]) => p.remaining !== undefined && c.remaining === p.remaining - 1,
  ).length;
  if (falls < 2)
    return `X-RateLimit-Remaining was not seen counting down in the walk (it fell by one on ${falls} requests)`;
  const early = judgeNotEarly(walk);
  if (typeof early !== 'string' && early.findings.length > 0)
    return `the walk's 429 came earlier than X-RateLimit-Remaining announced (see RL-PROBE-LIMIT-NOT-EARLY)`;
  return undefined;
}
