// Pure readings of the walk into RL-PROBE-LIMIT-ENFORCED's and RL-PROBE-LIMIT-NOT-EARLY's findings: whether
// a request past the limit was refused, with which status, and not too early. They never send and never
// choose a level: the check that calls one does.
import { count } from '../../../lib/words.ts';
import { authorizationLine } from '../../kit/accepted-credential.ts';
import { noLimitWhy } from './counters-walk.ts';
import { servedPastLimit } from './frozen.ts';
import { spellingFound } from './judge-key-spelling.ts';
import { judgeTogether } from './judge-together.ts';
import { grouped, type Judgement, judged, type ProbeFinding } from './judgement.ts';
import { pacedGroup, pacedRefusal } from './pace.ts';
import {
  earlyTolerance,
  left,
  limitOf,
  type Recovery,
  type Sample,
  seconds,
  WALK_MARGIN,
  type Walk,
} from './record.ts';
import { gradualRefill } from './refill.ts';
import { laterRefusal, refusalName } from './refusal.ts';
import { lastOnRoute, routeOf } from './sample-route.ts';
import { interleaved, type ServedBeyond, servedBeyondLimit } from './served.ts';
import { errorsUncounted, uncountedWords } from './uncounted.ts';
import { sameWindowPairs } from './windows.ts';

/** The response before `s` in the walk. */
export const before = (walk: Walk, s: Sample): Sample | undefined =>
  walk.samples[walk.samples.indexOf(s) - 1];

/** The fields that bound the walk, as a message names them. */
const remainingName = (s: Sample | undefined): string =>
  s?.remaining === undefined && s?.announced?.remaining !== undefined
    ? `the remaining of the IETF draft's ${s.announced.form}`
    : 'X-RateLimit-Remaining';

/**
 * A limiter that refused with another status than 429 where the limit was reached: the limit is enforced,
 * with the wrong status (spec §8 rule 3). Its Retry-After, headers and body are judged as a 429's elsewhere.
 */
function wrongStatus(walk: Walk): ProbeFinding | undefined {
  const r = walk.limited;
  if (!r || r.status === 429) return undefined;
  const prev = before(walk, r);
  const where =
    prev && left(prev) !== undefined
      ? `after ${remainingName(prev)} ${left(prev)} on request #${prev.n}`
      : 'where the limit would be reached';
  const front =
    left(r) === undefined && prev && left(prev) !== undefined
      ? ', without the rate-limit fields the answers before it carried (a front refusing before the application)'
      : '';
  return {
    message: `request #${r.n} was refused with ${r.status} ${where}${front}: refused with ${r.status} where 429 is required`,
    sample: r,
    expected: '429 Too Many Requests once a request exceeds the limit',
    actual: `${r.status}${r.response.headers['content-type'] ? ` (${String(r.response.headers['content-type'])})` : ''}`,
  };
}

/** The scheme a sample's request carried the key under, when spelled otherwise than "Bearer". */
function otherSpelling(s: Sample): string | undefined {
  if (s.scheme !== undefined) return s.scheme;
  // A sample made by hand (a unit test's) records no request.
  const x = s.response.exchange;
  const scheme = x?.request ? authorizationLine(x)?.trim().split(/\s+/)[0] : undefined;
  return scheme !== undefined && scheme !== 'Bearer' && scheme.toLowerCase() === 'bearer'
    ? scheme
    : undefined;
}

/**
 * More answers served within one announced window than its Limit: whatever the limiter refills or keeps
 * apart, requests past the limit were served (a count per worker process, a Remaining that rose back).
 */
function beyondFinding(
  samples: readonly Sample[],
  b: ServedBeyond,
  spelling: boolean,
  of = '',
): ProbeFinding {
  const first = b.served[0]!;
  const last = b.served[b.served.length - 1]!;
  // Errors given back interleave Remaining too (an error's value repeated by the next answer): named first,
  // as what the answers show, before any guess of several counters.
  const uncounted = errorsUncounted(samples);
  const counts = interleaved(samples).filter((c) => c.length >= 2).length;
  // The key under another spelling of the scheme, counted apart: what the answers show, before any guess.
  // Named only when RL-PROBE-KEY-SPELLING found it (`spelling`) and the rest keep within the Limit: several
  // counters would serve more whatever the spelling, and a spelling that check saw counted with the key's is
  // no cause (one request so sent among many served says nothing of it).
  const respelled = spelling ? b.served.filter((s) => otherSpelling(s) !== undefined) : [];
  const why = uncounted
    ? `; ${uncountedWords(uncounted, samples)}, so the requests answered 4xx were served beyond the limit`
    : respelled.length > 0 && b.served.length - respelled.length <= b.limit
      ? `; ${respelled.length} of them (the first #${respelled[0]!.n}) carried the key as "${otherSpelling(respelled[0]!)} <key>", counted apart from "Bearer <key>" (a limiter keyed by the Authorization line as sent, see RL-PROBE-KEY-SPELLING)`
      : counts >= 2
        ? `; X-RateLimit-Remaining ran as ${counts} interleaved counts, as several counters behind one key do (a count per connection, worker processes each counting on their own, or a count per route)`
        : '';
  return {
    message: `${b.served.length} requests ${of}(#${first.n} to #${last.n}) were served within one announced window, more than its X-RateLimit-Limit ${b.limit}: ${
      b.sameReset
        ? `every one of them was answered with the same X-RateLimit-Reset ${b.from.reset} (the window never moved; no Date to read it by)`
        : `request #${b.from.n} was answered with X-RateLimit-Reset ${b.from.reset}, ${seconds(b.untilMs - b.from.response.receivedAtMs)} or more ahead, and every one of them came back before that moment`
    }${why}`,
    sample: b.served[b.limit]!,
    expected: `at most ${b.limit} requests served before X-RateLimit-Reset ${b.from.reset}, then 429`,
    actual: `${b.served.length} served (request #${b.served[b.limit]!.n}, the ${b.limit + 1}th, answered ${b.served[b.limit]!.status})`,
  };
}

/** A refusal with another status met only after the walk (a front's 403 in the recovery): 429 is required. */
function frontFinding(walk: Walk, recovery: Recovery | undefined): ProbeFinding | undefined {
  const r = laterRefusal(walk, recovery);
  if (!r) return undefined;
  const front =
    left(r) === undefined ? ', without the rate-limit fields (a front refusing before the application)' : '';
  return {
    message: `request #${r.n}, sent once the ${walk.limited ? refusalName(walk.limited) : 'refusal'}'s wait had passed, was refused with ${r.status}${front}: a limiter refusing with ${r.status} where 429 is required`,
    sample: r,
    expected: '429 Too Many Requests for a request refused for the rate',
    actual: `${r.status}${r.response.headers['content-type'] ? ` (${String(r.response.headers['content-type'])})` : ''}`,
  };
}

/**
 * A reason to skip (a string) when the walk could not reach the limit and nothing contradicts it. `run` is
 * the key's requests of the whole run as a recording shows them (from-traffic.ts), numbered from the first
 * answer of their window: a limiter counting apart what the walk does not send (per route) serves more
 * than Limit in a window there, which a recording of the run is judged on too.
 */
export function judgeEnforced(
  walk: Walk,
  recovery?: Recovery,
  run: readonly Sample[] = [],
): Judgement | string {
  // However the limiter counts (it refills, it keeps several counts), more than Limit served before the
  // moment Reset named is past the limit: judged first, so no reading of the algorithm excuses it.
  const beyond = servedBeyondLimit(walk.samples);
  const inRun = beyond ? undefined : servedBeyondLimit(run);
  // Requests sent together and served past the Remaining before them: judged before any refill reading, which
  // their repeated Remaining would otherwise suggest.
  const raced = judgeTogether(walk, recovery);
  if (beyond || inRun || raced) {
    const spelling = spellingFound(walk);
    const findings = [
      ...(beyond
        ? [beyondFinding(walk.samples, beyond, spelling)]
        : inRun
          ? [beyondFinding(run, inRun, spelling, "of the run's with the key ")]
          : []),
      ...(raced ? [raced] : []),
    ];
    const wrong = wrongStatus(walk);
    if (wrong) findings.push(wrong);
    const later = frontFinding(walk, recovery);
    if (later) findings.push(later);
    return judged('', walk.sent, findings);
  }
  if (walk.cutShort) {
    const prev = before(walk, walk.cutShort);
    return `the walk was stopped at request #${walk.cutShort.n} by a ${walk.cutShort.status} while ${remainingName(prev)} still said ${prev ? left(prev) : '?'}: not where the limit would be reached, so it shows neither a limit enforced nor one missing`;
  }
  // Remaining 0 by the spec's field, else by the IETF draft's (what bounded the walk).
  const over = sameWindowPairs(walk.samples)
    .filter(([p]) => left(p) === 0)
    .map(([, c]) => c);
  const last = walk.samples[walk.samples.length - 1]!;
  const past = servedPastLimit(walk);
  if (past)
    return judged('', walk.sent, [
      {
        message: `no 429 although ${past.served} requests (${past.from.n === 0 ? 'the reading and the walk' : `the walk's from request #${past.from.n}`}) were served within one window, more than X-RateLimit-Limit ${past.limit}; X-RateLimit-Remaining stayed ${last.remaining} throughout, so it could not say where the limit was (see RL-PROBE-REMAINING-COUNTS)`,
        sample: last,
        expected: `429 once more than ${past.limit} requests are sent in the window`,
        actual: `${last.status} on request #${last.n}, Remaining ${last.remaining}`,
      },
    ]);
  if (!walk.limited && over.length === 0 && walk.capped)
    return `no 429 within the walk's ${walk.sent} requests, which went no further: ${walk.capped}`;
  // A whole limit and one more sent at once, all served (and the requests after them: paced.ts onAfterPaced).
  const paced = walk.limited ? undefined : pacedGroup(walk);
  const after = paced ? walk.samples.length - 1 - walk.samples.indexOf(paced.group.at(-1)!) : 0;
  const more = after > 0 ? `, and the ${after} sent one at a time after them were served too` : '';
  if (paced)
    return `once the limit was whole again (X-RateLimit-Remaining ${paced.from.remaining} of ${paced.from.limit} on request #${paced.from.n}, its Reset moment passed) the walk sent ${paced.group.length} requests together, and every one was served (${remainingName(last)} ${left(last) ?? '?'} after them)${more}: the limiter gave tokens back faster than even concurrent requests arrived (a fast-refilling token bucket), so the limit was not reached and there is nothing to judge`;
  // The server still reports capacity: a limiter that refills as fast as the probe spends (a token bucket
  // with a high rate) was never reached, which says nothing about whether it would refuse past the limit.
  if (!walk.limited && over.length === 0 && (left(last) ?? 0) > 0)
    return `the walk ended after ${walk.sent} requests with ${remainingName(last)} still ${left(last)}: the limiter gave capacity back about as fast as the probe spent it (a fast-refilling token bucket), so the limit was not reached and there is nothing to judge`;
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
          `request #${f.n} answered ${f.status} although the response before it said ${remainingName(f)} 0 in the same window: a request past the limit was not refused with 429`,
      );
  const notes =
    gradual && over.length > 0
      ? [
          `${count(over.length, 'request')} after a Remaining 0 ${over.length === 1 ? 'was' : 'were'} served (the first #${over[0]!.n}); the limiter refills gradually (${gradual}), so a token had come back`,
        ]
      : [];
  if (walk.waitedForWindowMs !== undefined)
    notes.push(
      `the window was about to end when the walk would have begun: it waited ${seconds(walk.waitedForWindowMs)} and walked the next one from its start`,
    );
  if (walk.rolledAt !== undefined)
    notes.push(
      `the window turned during the walk (request #${walk.rolledAt}): the new one was walked from there`,
    );
  const wrong = wrongStatus(walk);
  if (wrong) findings.push(wrong);
  const later = frontFinding(walk, recovery);
  if (later) findings.push(later);
  if (!walk.limited) {
    findings.push({
      message: `no 429 after ${walk.sent} requests, ${WALK_MARGIN} more than ${remainingName(walk.samples[0])} allowed: the limit is never enforced`,
      sample: last,
      expected: '429 once a request exceeds the limit',
      actual: `${last.status} with ${remainingName(last)} ${left(last) ?? 'absent'}`,
    });
  }
  return judged(
    `${walk.limited ? refusalName(walk.limited) : '429'} on request #${walk.limited?.n} (#0 was the reading)`,
    walk.sent,
    findings,
    notes,
  );
}

/** True when Remaining fell by exactly one on every step of the walk (at least two): no other traffic. */
export function countedExactly(walk: Walk): boolean {
  const pairs = sameWindowPairs(walk.samples).filter(
    ([p, c]) => p.remaining !== undefined && c.remaining !== undefined,
  );
  return pairs.length >= 2 && pairs.every(([p, c]) => c.remaining === p.remaining! - 1);
}

/** What the answer just before a 429 said on another route, which describes that route's count alone. */
function otherRoute(next: Sample, limited: Sample, own: Sample): string {
  const said = left(next);
  return `the response just before it, #${next.n} ${routeOf(next)}, said ${remainingName(next)} ${said ?? 'nothing'}${limitOf(next) !== undefined ? ` of ${limitOf(next)}` : ''}, but came from another route than the refused ${routeOf(limited)}: the counts of one route do not describe the other's, so the 429 is read against #${own.n}`;
}

/** A reason to skip (a string) when there is nothing to judge. */
export function judgeNotEarly(walk: Walk): Judgement | string {
  const limited = walk.limited;
  if (!limited) return noLimitWhy(walk);
  const whole = pacedRefusal(walk, limited);
  if (whole !== undefined)
    return judged(
      `${refusalName(limited)} on request #${limited.n}, after ${whole} sent with it, the limit whole, were served`,
      1,
    );
  const next = before(walk, limited)!;
  // A limiter that leaves errors uncounted counts what the run's successes took: the answer just before the
  // 429 says where that count stood, whatever route it came from (an error's Remaining was given back).
  const uncounted = errorsUncounted(walk.samples);
  // The counts of one route do not describe another's (a limiter that spares one, or counts each apart):
  // the 429 is read against the last answer of its own route.
  // With no answer of its own route before it, the one before it is all there is.
  const own = routeOf(next) === routeOf(limited) ? next : lastOnRoute(walk.samples, limited);
  const prev = uncounted || !own || left(own) === left(next) ? next : own;
  const other =
    prev !== next
      ? otherRoute(next, limited, prev)
      : uncounted && own && own !== next && left(own) !== left(next)
        ? `read against #${next.n}, what the limiter counted: ${uncountedWords(uncounted, walk.samples)}, so #${own.n}'s ${remainingName(own)} ${left(own)} on its own route was no count of the limit`
        : '';
  if (left(prev) === undefined)
    return `the response before the ${refusalName(limited)} carried no X-RateLimit-Remaining, so nothing says how early it came (see RL-HEADERS-PRESENT)`;
  const limit = limitOf(prev) ?? limitOf(limited);
  // Other traffic on the key, or a race, may take a little of the window: unless the walk shows it had the
  // key to itself (Remaining fell by exactly one on every step), when the 429 must come at Remaining 0.
  const alone = countedExactly(walk);
  const tolerance = alone ? 0 : earlyTolerance(limit);
  const said = left(prev)!;
  const name = refusalName(limited);
  if (said <= tolerance)
    return judged(
      `${name} on request #${limited.n}, after Remaining ${said}${other ? ` (${other})` : ''}`,
      1,
    );
  return judged('', 1, [
    {
      message: `${name} on request #${limited.n} although the ${other ? `last response of its route (#${prev.n})` : 'response before it'} said ${remainingName(prev)} ${said}${limit !== undefined ? ` of ${limit}` : ''}: refused ${alone ? 'before the limit, though Remaining had fallen by exactly one on every request of the walk (no other traffic)' : 'well before the limit'}${other ? ` (${other})` : ''}`,
      sample: limited,
      expected: `${name} only once Remaining is at most ${tolerance}`,
      actual: `${name} after Remaining ${said}`,
    },
  ]);
}
