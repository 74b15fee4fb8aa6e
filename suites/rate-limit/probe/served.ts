// How many of the walk's requests were served within one announced window: from an answer, until the Reset
// moment it named, whatever the limiter's algorithm. A fixed window, a sliding log and a token bucket alike
// serve at most X-RateLimit-Limit there; more is a limit not enforced. Pure; never sends, never chooses a level.
import { resetKind } from '../../../lib/formats/rate-limit-headers.ts';
import { left, limitOf, REFUSAL_STATUSES, type Sample } from './record.ts';
import { arrivedAtMs, exchangeOfSample, rateLimitDateOf } from './sample-reads.ts';
import { skewsOf } from './skews.ts';
import { errorsUncounted } from './uncounted.ts';
import { saneResetAtMs } from './windows.ts';

/**
 * Reset is rounded up to the second and the Date it is read against down: the moment named may read up to
 * two seconds later than the one the server meant. Only answers received before it, less this, are counted.
 */
const ROUNDINGS_MS = 2000;

/** Whether an answer was served (and so counted), not refused: neither a 429 nor another refusal. */
export const served = (s: Sample): boolean => s.status !== 429 && !REFUSAL_STATUSES.has(s.status);

export interface ServedBeyond {
  /** The answer whose Limit and Reset define the window. */
  from: Sample;
  limit: number;
  /** The answers served from it (itself included) before the moment its Reset named. */
  served: Sample[];
  /** The local moment counted up to: the Reset moment less the roundings. */
  untilMs: number;
  /**
   * Read without the server's clock (no Date): every answer named the very same X-RateLimit-Reset, while
   * Remaining ran as counts side by side (sameResetBeyond).
   */
  sameReset?: true;
}

/**
 * Whether `cur` begins the whole limit again: Remaining back at Limit − 1 from below, and the answer after
 * it (if any) going on from there rather than from a lower count interleaved with it. Not when that answer
 * is a 429: a count just begun again refuses nothing, so `cur` came from a count of its own (a route's whose
 * window opened fresh, beside the spent one that refused next).
 */
function renewed(samples: readonly Sample[], j: number, limit: number): boolean {
  const cur = left(samples[j]!);
  const prev = left(samples[j - 1]!);
  if (cur === undefined || prev === undefined || cur < limit - 1 || cur <= prev) return false;
  const next = samples[j + 1];
  if (next?.status === 429) return false;
  const after = next && served(next) ? left(next) : undefined;
  return after === undefined || after >= cur - 2;
}

/**
 * The window of the walk with the most answers served in it, when that is more than its Limit: from each
 * served answer carrying X-RateLimit-Limit, a plausible Unix-seconds Reset and a Date (without one the two
 * clocks cannot be told apart), every served answer received before that Reset moment, until the whole limit
 * visibly began again (a Reset that named too late a moment is another check's). A fixed window serves at
 * most Remaining + 1 there; a sliding log no more than the requests leaving it; a token bucket, whose Reset is
 * when it is full again, at most the tokens it held and those that come back by then: never above Limit.
 */
export function servedBeyondLimit(all: readonly Sample[]): ServedBeyond | undefined {
  return servedBeyondByDate(all) ?? sameResetBeyond(all);
}

function servedBeyondByDate(all: readonly Sample[]): ServedBeyond | undefined {
  // Requests naming another client address may be counted apart (RL-PROBE-FORWARDED-HEADERS judges them),
  // unless every request names one (a proxy's hop, read as it writes it), or the answer continued the count
  // of the one before it: counted with the key, as a walk in a window of its own shows (its reading and the
  // run's requests before it left in the window before, only the walk and its list remain to count).
  const plainAt = (s: Sample, i: number) => !namesAnotherClient(s) || continuesCount(all[i - 1], s);
  // Listed apart only when one is left out (a recording's walk of a million answers names none).
  const plain = all.every(plainAt) ? all : all.filter(plainAt);
  const samples = plain.length > 0 ? plain : all;
  let best: ServedBeyond | undefined;
  const skews = skewsOf(samples);
  const reach = reachOf(samples);
  samples.forEach((from, i) => {
    const limit = limitOf(from);
    const end = from.reset === undefined ? undefined : saneResetAtMs(from);
    if (!served(from) || limit === undefined || end === undefined) return;
    const fromDate = rateLimitDateOf(from);
    if (fromDate === undefined) return;
    const fromAt = arrivedAtMs(from);
    const most = Math.max(limit, best?.served.length ?? 0);
    const latest = end - ROUNDINGS_MS - (exchangeOfSample(from).durationMs || 0);
    // Not even by the latest moment counted up to (no lag) did more answers arrive than that: none counted,
    // read before the skews are (a recording's every answer is asked).
    if (reach.within(i, latest, most)) return;
    // Read through the least skewed Date up to the window's end: no answer shows less than the true skew, and
    // a Date that lags (uvicorn's, refreshed once a second by a starved loop) would move the end later.
    const least = skews.leastBefore(end);
    const lagMs = least === undefined ? 0 : Math.max(0, fromAt - fromDate - least);
    const untilMs = latest - lagMs;
    // No more answers arrived before the moment than a window may serve (or the best holds): none counted.
    if (reach.to(i, untilMs) - i <= most) return;
    // Counted first, gathered only for a new best: a list per answer was some 400 slots of garbage each.
    const count = servedWithin(samples, i, limit, untilMs);
    if (count > limit && count > (best?.served.length ?? 0)) {
      const within: Sample[] = [];
      servedWithin(samples, i, limit, untilMs, within);
      best = { from, limit, served: within, untilMs };
    }
  });
  return best;
}

/**
 * How many answers from `i` on were served before `untilMs` and before the whole limit began again; with
 * `into`, those answers are gathered there too.
 */
function servedWithin(
  samples: readonly Sample[],
  i: number,
  limit: number,
  untilMs: number,
  into?: Sample[],
): number {
  let count = 0;
  for (let j = i; j < samples.length; j++) {
    const s = samples[j]!;
    if (arrivedAtMs(s) >= untilMs) break;
    if (j > i && renewed(samples, j, limit)) break;
    if (served(s) && !frontRefusal(s) && !earlierWindow(s, samples[i]!)) {
      count += 1;
      into?.push(s);
    }
  }
  return count;
}

/**
 * Whether `s` was counted in a window that ended before `from`'s, though placed after it (requests sent together
 * straddling a window's end, read by Remaining falling): it names an earlier X-RateLimit-Reset (both Unix
 * seconds, the values as sent: the local moments move with each answer's whole-second Date), and it came back
 * no later than `from` or was sent together with it. One counter's Reset never moves back (a fixed window's
 * stays put, a token bucket's full-again moment and a sliding log's oldest request only move on). An answer
 * that came back later, on its own, with an earlier Reset is another counter's (a count per route whose window
 * opened first): it is counted, as several counters serving past the Limit must be.
 */
function earlierWindow(s: Sample, from: Sample): boolean {
  if (s.reset === undefined || from.reset === undefined || saneResetAtMs(s) === undefined) return false;
  if (resetKind(s.reset) !== 'unix-seconds' || resetKind(from.reset) !== 'unix-seconds') return false;
  if (s.reset >= from.reset) return false;
  const batch = exchangeOfSample(from).together;
  return (
    arrivedAtMs(s) <= arrivedAtMs(from) || (batch !== undefined && exchangeOfSample(s).together === batch)
  );
}

/**
 * A bound on where servedWithin's scan from `i` stops for `untilMs`: the first position from `i` on from which
 * every answer arrived at or after it (the scan stops at the first such answer, or earlier). A binary search
 * over the latest-first minimum of the arrivals: a recording's walk of a million answers was scanned a window
 * (some 400 answers) from each, to count what could never exceed the Limit.
 */
export function reachOf(samples: readonly Sample[]): {
  to(i: number, untilMs: number): number;
  within(i: number, untilMs: number, most: number): boolean;
} {
  const least = new Float64Array(samples.length);
  let min = Number.POSITIVE_INFINITY;
  for (let j = samples.length - 1; j >= 0; j--) {
    min = Math.min(min, arrivedAtMs(samples[j]!));
    least[j] = min;
  }
  const to = (i: number, untilMs: number) => {
    let lo = i;
    let hi = samples.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (least[mid]! >= untilMs) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  return {
    to,
    /**
     * Whether to(i, untilMs) - i <= most, told without a search where it surely is: `most` answers on, every
     * answer arrived at or after the moment (the minimum never falls going on), or there are no more.
     */
    within(i, untilMs, most) {
      if (!Number.isInteger(most) || most < 0) return to(i, untilMs) - i <= most;
      const j = i + most;
      return j >= samples.length || least[j]! >= untilMs || to(i, untilMs) - i <= most;
    },
  };
}

/**
 * A 4xx without X-RateLimit-Remaining amid answers that carry it: a front's own refusal (nginx's 400 to a
 * request line it will not pass on), which the limiter behind it never counted. Not a served request.
 */
function frontRefusal(s: Sample): boolean {
  return s.status >= 400 && s.status < 500 && left(s) === undefined;
}

/**
 * Whether `s` took the next one from the count `prev` left: both served, naming one X-RateLimit-Reset, its
 * Remaining exactly one below. A count of its own (another client address's) starts from the whole Limit.
 */
function continuesCount(prev: Sample | undefined, s: Sample): boolean {
  if (!prev || !served(prev) || !served(s) || prev.reset === undefined || prev.reset !== s.reset)
    return false;
  const before = left(prev);
  return before !== undefined && left(s) === before - 1;
}

/** Whether the request carried X-Forwarded-For or Forwarded (the walk's requests naming another client). */
function namesAnotherClient(s: Sample): boolean {
  const headers = exchangeOfSample(s).request?.headers ?? {};
  // The header records of a long recording's requests are shared (intern.ts): the last one's answer is kept.
  if (headers === lastHeaders) return lastNames;
  lastNames = Object.keys(headers).some((h) => ['x-forwarded-for', 'forwarded'].includes(h.toLowerCase()));
  lastHeaders = headers;
  return lastNames;
}

/** The request headers namesAnotherClient read last, and what it found. */
let lastHeaders: object | undefined;
let lastNames = false;

/**
 * The Remaining sequences the served answers fall into, each answer continuing the latest one it is one
 * below (or starting a new one): one per window for a single count; a count refilled between requests
 * starts a few short ones; several counts behind one key (worker processes) interleave long ones.
 */
export function interleaved(samples: readonly Sample[]): number[][] {
  const chains: number[][] = [];
  for (const s of samples) {
    const r = left(s);
    if (!served(s) || r === undefined) continue;
    const chain = [...chains].reverse().find((c) => c[c.length - 1] === r + 1);
    if (chain) chain.push(r);
    else chains.push([r]);
  }
  return chains;
}

/** Answers each of two counts side by side must hold before they read as two counts, not as one refilling. */
const SIDE_BY_SIDE = 3;

/**
 * Without a Date to read the Reset moment against (Netty writes none), the window the server itself announced:
 * consecutive served answers that all name the very same X-RateLimit-Reset and Limit, more of them than that
 * Limit, while their Remaining runs as at least two counts of one each that overlap in the walk (a count per
 * connection, per worker). A token bucket that serves more than Limit names a Reset that moves by more than a
 * window meanwhile (its full-again moment grows with every token spent), a sliding log's moves once its
 * oldest request leaves, and one count renewed under a frozen Reset shows its counts one after the other,
 * never side by side. Not when errors are seen uncounted: their repeated Remaining interleaves as well.
 */
function sameResetBeyond(samples: readonly Sample[]): ServedBeyond | undefined {
  // Requests naming another client address stay in: one a limiter counted apart opens a count of its own
  // (a new address each time), never one that runs side by side with the key's.
  if (errorsUncounted(samples)) return undefined;
  let best: ServedBeyond | undefined;
  let run: Sample[] = [];
  const close = () => {
    const limit = run.length > 0 ? limitOf(run[0]!) : undefined;
    if (limit !== undefined && run.length > limit && run.length > (best?.served.length ?? 0))
      if (sideBySide(run))
        best = { from: run[0]!, limit, served: run, untilMs: run[0]!.resetAtMs ?? 0, sameReset: true };
    run = [];
  };
  for (const s of samples) {
    if (!served(s) || frontRefusal(s)) continue;
    if (s.reset === undefined || limitOf(s) === undefined || left(s) === undefined) {
      close();
      continue;
    }
    const first = run[0];
    if (first && (first.reset !== s.reset || limitOf(first) !== limitOf(s))) close();
    run.push(s);
  }
  close();
  return best;
}

/**
 * Whether the answers' Remaining runs as at least two counts that overlap: each answer continues the latest
 * count it is one below, and two counts of SIDE_BY_SIDE or more each hold an answer between two of the other.
 */
export function sideBySide(run: readonly Sample[]): boolean {
  const chains: number[][] = [];
  run.forEach((s, i) => {
    const chain = [...chains].reverse().find((c) => left(run[c[c.length - 1]!]!) === left(s)! + 1);
    if (chain) chain.push(i);
    else chains.push([i]);
  });
  const long = chains.filter((c) => c.length >= SIDE_BY_SIDE);
  return long.some((a) =>
    long.some(
      (b) =>
        a !== b &&
        b.some((i) => i > a[0]! && i < a[a.length - 1]!) &&
        a.some((i) => i > b[0]! && i < b[b.length - 1]!),
    ),
  );
}
