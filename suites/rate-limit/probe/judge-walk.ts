// Pure readings of the walk to the 429 into findings, one function per RL-PROBE check of the sequence.
// They never send and never choose a level: the check that calls one does.
import {
  RESET_DELTA_BELOW,
  RESET_MILLIS_ABOVE,
  retryAfter,
} from '../../../lib/formats/rate-limit-headers.ts';
import { grouped, type Judgement, judged } from './judgement.ts';
import {
  earlyTolerance,
  RESET_HORIZON_MS,
  type Recovery,
  type Sample,
  seconds,
  WALK_MARGIN,
  type Walk,
} from './record.ts';
import { saneResetAtMs, windowStarts } from './windows.ts';

/** The response before `s` in the walk. */
const before = (walk: Walk, s: Sample): Sample | undefined => walk.samples[walk.samples.indexOf(s) - 1];

/** Consecutive pairs of counted responses (neither a 429) within one window. */
function sameWindowPairs(samples: Sample[]): Array<[Sample, Sample]> {
  const pairs: Array<[Sample, Sample]> = [];
  const starts = windowStarts(samples);
  for (let i = 1; i < samples.length; i++) {
    const prev = samples[i - 1]!;
    const cur = samples[i]!;
    if (cur.status !== 429 && prev.status !== 429 && !starts[i]) pairs.push([prev, cur]);
  }
  return pairs;
}

/**
 * What in the walk shows a limiter that gives capacity back gradually (a token bucket, GCRA), or undefined:
 * Remaining rising within a window, or staying on some steps while falling on more, or a 429 whose
 * Retry-After ends well before its Reset (the next token comes before the bucket is full) unless the
 * request sent when it ended was refused again. A fixed window shows none of these.
 */
export function gradualRefill(walk: Walk, recovery?: Recovery): string | undefined {
  const pairs = sameWindowPairs(walk.samples).filter(
    ([p, c]) => p.remaining !== undefined && c.remaining !== undefined,
  );
  const rose = pairs.find(([p, c]) => c.remaining! > p.remaining!);
  if (rose)
    return `Remaining rose from ${rose[0].remaining} to ${rose[1].remaining} on request #${rose[1].n}`;
  // A token coming back as one is spent leaves Remaining where it was: on some steps, never on all (a
  // Remaining that never falls counts nothing, RL-PROBE-REMAINING-COUNTS).
  const stayed = pairs.filter(([p, c]) => p.remaining! > 0 && c.remaining === p.remaining);
  const fell = pairs.filter(([p, c]) => c.remaining! < p.remaining!);
  if (stayed.length > 0 && fell.length > stayed.length)
    return `Remaining stayed on ${stayed.length} of ${pairs.length} steps (the first on request #${stayed[0]![1].n}) and fell on the others`;
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

/**
 * When X-RateLimit-Remaining never moved through a walk that met no 429 (it counts nothing, so it cannot say
 * where the limit is), the walk's own count against X-RateLimit-Limit: how many requests were served, when
 * that is more than Limit and all of them came before the first plausible Reset moment (one window for
 * certain, a second of rounding aside). Undefined otherwise.
 */
function servedPastLimit(walk: Walk): { served: number; limit: number } | undefined {
  const { samples } = walk;
  const first = samples[0]!;
  const limit = first.limit;
  const endMs = saneResetAtMs(first);
  if (walk.limited || limit === undefined || endMs === undefined || samples.length < 3) return undefined;
  const frozen = samples.every((s) => s.remaining !== undefined && s.remaining === first.remaining);
  const oneWindow = samples.every((s) => s.response.receivedAtMs < endMs - 1000);
  return frozen && oneWindow && samples.length > limit ? { served: samples.length, limit } : undefined;
}

/** A reason to skip (a string) when the walk could not reach the limit and nothing contradicts it. */
export function judgeEnforced(walk: Walk, recovery?: Recovery): Judgement | string {
  const over = sameWindowPairs(walk.samples)
    .filter(([p]) => p.remaining === 0)
    .map(([, c]) => c);
  const last = walk.samples[walk.samples.length - 1]!;
  const past = servedPastLimit(walk);
  if (past)
    return judged('', walk.sent, [
      {
        message: `no 429 although ${past.served} requests (the reading and the walk) were served within one window, more than X-RateLimit-Limit ${past.limit}; X-RateLimit-Remaining stayed ${last.remaining} throughout, so it could not say where the limit was (see RL-PROBE-REMAINING-COUNTS)`,
        sample: last,
        expected: `429 once more than ${past.limit} requests are sent in the window`,
        actual: `${last.status} on request #${last.n}, Remaining ${last.remaining}`,
      },
    ]);
  // The server still reports capacity: a limiter that refills as fast as the probe spends (a token bucket
  // with a high rate) was never reached, which says nothing about whether it would refuse past the limit.
  if (!walk.limited && over.length === 0 && last.remaining !== undefined && last.remaining > 0)
    return `the walk ended after ${walk.sent} requests with X-RateLimit-Remaining still ${last.remaining}: the limiter gave capacity back about as fast as the probe spent it (a fast-refilling token bucket), so the limit was not reached and there is nothing to judge`;
  // A gradual limiter may have a token again by the next request: Remaining 0 was true when it was sent.
  const gradual = gradualRefill(walk, recovery);
  if (gradual && !walk.limited)
    return `no 429 within the walk's ${walk.sent} requests, and the limiter refills gradually (${gradual}): it gave capacity back about as fast as the probe spent it, so there is nothing to judge`;
  const findings = gradual
    ? []
    : grouped(
        over,
        walk.sent,
        (f) =>
          `request #${f.n} answered ${f.status} although the response before it said X-RateLimit-Remaining 0 in the same window: a request past the limit was not refused with 429`,
      );
  const notes =
    gradual && over.length > 0
      ? [
          `${over.length} request(s) after a Remaining 0 were served (the first #${over[0]!.n}); the limiter refills gradually (${gradual}), so a token had come back`,
        ]
      : [];
  if (!walk.limited) {
    findings.push({
      message: `no 429 after ${walk.sent} requests, ${WALK_MARGIN} more than X-RateLimit-Remaining allowed: the limit is never enforced`,
      sample: last,
      expected: '429 once a request exceeds the limit',
      actual: `${last.status} with X-RateLimit-Remaining ${last.remaining ?? 'absent'}`,
    });
  }
  return judged(`429 on request #${walk.limited?.n} (#0 was the reading)`, walk.sent, findings, notes);
}

/** A reason to skip (a string) when there is nothing to judge. */
export function judgeNotEarly(walk: Walk): Judgement | string {
  const limited = walk.limited;
  if (!limited) return 'the walk met no 429 (see RL-PROBE-LIMIT-ENFORCED)';
  const prev = before(walk, limited)!;
  if (prev.remaining === undefined)
    return `the response before the 429 carried no X-RateLimit-Remaining, so nothing says how early the 429 came (see RL-HEADERS-PRESENT)`;
  const limit = prev.limit ?? limited.limit;
  // Other traffic on the key, or a race, may take a little of the window: unless the walk shows it had the
  // key to itself (Remaining fell by exactly one on every step), when the 429 must come at Remaining 0.
  const alone = countedExactly(walk);
  const tolerance = alone ? 0 : earlyTolerance(limit);
  if (prev.remaining <= tolerance)
    return judged(`429 on request #${limited.n}, after Remaining ${prev.remaining}`, 1);
  return judged('', 1, [
    {
      message: `429 on request #${limited.n} although the response before it said X-RateLimit-Remaining ${prev.remaining}${limit !== undefined ? ` of ${limit}` : ''}: refused ${alone ? 'before the limit, though Remaining had fallen by exactly one on every request of the walk (no other traffic)' : 'well before the limit'}`,
      sample: limited,
      expected: `429 only once Remaining is at most ${tolerance}`,
      actual: `429 after Remaining ${prev.remaining}`,
    },
  ]);
}

/** True when Remaining fell by exactly one on every step of the walk (at least two): no other traffic. */
function countedExactly(walk: Walk): boolean {
  const pairs = sameWindowPairs(walk.samples).filter(
    ([p, c]) => p.remaining !== undefined && c.remaining !== undefined,
  );
  return pairs.length >= 2 && pairs.every(([p, c]) => c.remaining === p.remaining! - 1);
}

export function judgeCounts(walk: Walk): Judgement {
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
  const findings = [
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
  if (!neverFell && stuck.length > 0)
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

export function judgeSteps(walk: Walk): Judgement {
  const pairs = sameWindowPairs(walk.samples);
  const jumps = pairs.filter(
    ([p, c]) => p.remaining !== undefined && c.remaining !== undefined && c.remaining < p.remaining - 1,
  );
  const findings = grouped(
    jumps.map(([, c]) => c),
    pairs.length,
    (f) => {
      const p = before(walk, f)!;
      return `X-RateLimit-Remaining fell by ${p.remaining! - f.remaining!} on request #${f.n} (${p.remaining} → ${f.remaining}): other traffic may share the key`;
    },
  );
  return judged(`Remaining fell by exactly one per request (${pairs.length} steps)`, pairs.length, findings);
}

export function judgeReset(samples: Sample[]): Judgement | string {
  const withReset = samples.filter((s) => s.reset !== undefined);
  // Nothing to judge is no pass: the check is not evaluated, and says where the Reset went.
  if (withReset.length === 0)
    return 'no numeric X-RateLimit-Reset in the walk to judge (see RL-HEADERS-PRESENT and RL-HEADERS-VALID)';
  const at = (s: Sample) => `X-RateLimit-Reset ${s.reset} on request #${s.n}`;
  const total = withReset.length;
  const ms = withReset.filter((s) => s.reset! > RESET_MILLIS_ABOVE);
  const delta = withReset.filter((s) => s.reset! < RESET_DELTA_BELOW);
  const unix = withReset.filter((s) => s.reset! <= RESET_MILLIS_ABOVE && s.reset! >= RESET_DELTA_BELOW);
  // Reset is whole seconds and Date truncates to the second: 1.5 s of slack before "in the past".
  const past = unix.filter((s) => s.reset! * 1000 < s.serverNowMs - 1500);
  const far = unix.filter((s) => s.reset! * 1000 > s.serverNowMs + RESET_HORIZON_MS);
  const starts = windowStarts(samples);
  const step = (cur: Sample, i: number): number | undefined => {
    const prev = samples[i - 1];
    if (prev?.reset === undefined || cur.reset === undefined || starts[i]) return undefined;
    return cur.reset - prev.reset;
  };
  // Reset moving back means the moment it named was wrong. Moving later is what a limiter that frees
  // capacity gradually reports (a token bucket is full again later with every request): recorded only.
  const moved = samples.filter((cur, i) => (step(cur, i) ?? 0) < -1);
  const later = samples.filter((cur, i) => (step(cur, i) ?? 0) > 1);
  const findings = [
    ...grouped(ms, total, (f) => `${at(f)} is in Unix milliseconds, not seconds (above 10^12)`),
    ...grouped(
      delta,
      total,
      (f) => `${at(f)} is a delta (seconds until the reset), not a Unix timestamp (below 10^9)`,
    ),
    ...grouped(
      past,
      total,
      (f) => `${at(f)} names a moment ${seconds(f.serverNowMs - f.reset! * 1000)} before the response`,
    ),
    ...grouped(
      far,
      total,
      (f) =>
        `${at(f)} is ${seconds(f.reset! * 1000 - f.serverNowMs)} ahead: more than a day (the longest window) plus skew`,
    ),
    ...grouped(
      moved,
      total,
      (f) => `${at(f)} moved back from ${samples[samples.indexOf(f) - 1]!.reset} within the same window`,
    ),
  ];
  const notes =
    later.length > 0
      ? [
          `Reset moved later with requests ${later.length} times (e.g. ${at(later[0]!)}): a limiter that frees capacity gradually (token bucket) names when it is full again`,
        ]
      : [];
  return judged(
    `Unix seconds, ahead by less than a day, ${later.length > 0 ? 'never moving back' : 'constant through the window'} (${total} responses)`,
    total,
    findings,
    notes,
  );
}

/**
 * Why the walk shows X-RateLimit-Remaining cannot size anything, or undefined when it counted one per request
 * where it was sent. Unreliable: it went negative, it never fell, it fell by more than one on one request (a
 * burst sized by it would overshoot), or it stayed or rose on a step while the limiter shows no gradual
 * refill that would explain it (a token bucket's stays are tokens coming back). Absent is not unreliable:
 * the burst reads it elsewhere.
 */
export function remainingUnreliable(walk: Walk, recovery?: Recovery): string | undefined {
  const counted = walk.samples.filter((s) => s.status !== 429 && s.remaining !== undefined);
  if (counted.some((s) => s.remaining! < 0)) return 'it went negative';
  const pairs = sameWindowPairs(walk.samples).filter(
    ([p, c]) => p.remaining !== undefined && c.remaining !== undefined && p.remaining !== 0,
  );
  const stuck = pairs.filter(([p, c]) => c.remaining! >= p.remaining!).length;
  if (pairs.length > 0 && stuck === pairs.length)
    return `it did not fall on any of ${pairs.length} counted requests`;
  const jump = pairs.find(([p, c]) => c.remaining! < p.remaining! - 1);
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
