// Rises of X-RateLimit-Remaining that no limiter explains (RL-PROBE-REMAINING-COUNTS): between two answers to
// the key's requests sent one after another, both naming one Reset moment still seconds ahead, Remaining rose
// by more than the fastest refill that Reset allows. Pure; never sends, never chooses a level.
import { serverDateMs } from '../../../lib/formats/rate-limit-headers.ts';
import { startedMsOf } from '../../../lib/http/transcript.ts';
import { authorizationLine } from '../../kit/accepted-credential.ts';
import { FORWARDING_HEADERS } from './client-address.ts';
import type { ProbeFinding } from './judgement.ts';
import { REFUSAL_STATUSES, type Sample, seconds, type Walk } from './record.ts';
import { sameWindowPairs } from './windows.ts';

/**
 * How far ahead the Reset moment must still be: a sliding log rises as its oldest requests leave, at the
 * moment its Reset names, which whole seconds on Reset and Date place up to 2 s from where we read it.
 */
const AHEAD_MS = 2500;
/** Whole seconds on Reset (rounded up) and Date (rounded down): how much sooner than read a bucket fills. */
const ROUNDING_MS = 2000;

export interface Rise {
  from: Sample;
  to: Sample;
  /** How much Remaining rose. */
  by: number;
  /** The most a limiter that is whole again by that Reset could have given back meanwhile. */
  refill: number;
  /** An earlier answer whose Remaining and Reset `to` repeats, when one does. */
  repeats?: Sample;
  /** Read against a window the walk showed giving nothing back before its Reset. */
  steady: boolean;
}

const served = (s: Sample) => s.status !== 429 && !REFUSAL_STATUSES.has(s.status);

/** Whether the request was sent as the key plainly is: "Bearer <key>", naming no client address. */
function plain(s: Sample): boolean {
  if (s.spoofed !== undefined || s.scheme !== undefined) return false;
  // A sample made by hand (a unit test's) records no request.
  const headers = s.response.exchange?.request?.headers;
  if (!headers) return true;
  const names = Object.keys(headers).map((n) => n.toLowerCase());
  if (FORWARDING_HEADERS.some((h) => names.includes(h.toLowerCase()))) return false;
  const line = authorizationLine(s.response.exchange);
  return line === undefined || line.startsWith('Bearer ');
}

/**
 * The rises in `samples` (the key's requests in the order sent) no limiter explains. A fixed window never
 * rises within one Reset; a sliding log only at the moment its Reset names; a bucket whole again by its Reset
 * (the Limit − Remaining tokens it lacks, by then) refills at most that fast, and a rise of Remaining by k
 * takes more than k − 1 tokens back (the request that saw it may cost one, or none). `steady`: the walk read
 * as a window whose Reset stays put and gives nothing back before it (no gradual refill, no Reset moving
 * later), so a rise of one is already past it. Other traffic only lowers Remaining. Answers counted apart on
 * purpose (another client address named, another spelling of the scheme) are RL-PROBE-FORWARDED-HEADERS' and
 * RL-PROBE-KEY-SPELLING's, and a rise within a Reset without a Date to read it by proves nothing.
 */
export function unexplainedRises(samples: readonly Sample[], steady = false): Rise[] {
  const kept = samples.filter(plain);
  const rises: Rise[] = [];
  for (let i = 1; i < kept.length; i++) {
    const p = kept[i - 1]!;
    const c = kept[i]!;
    if (!served(p) || !served(c) || p.remaining === undefined || c.remaining === undefined) continue;
    if (p.limit === undefined || p.reset === undefined || c.reset !== p.reset || p.resetAtMs === undefined)
      continue;
    if (serverDateMs(p.response.headers) === undefined) continue;
    const by = c.remaining - p.remaining;
    if (by < (steady ? 1 : 2)) continue;
    const pSent = startedMsOf(p.response.exchange);
    const cSent = startedMsOf(c.response.exchange);
    // One after another: the later sent once the earlier was answered, so the server counted them in order.
    if (!(cSent >= p.response.receivedAtMs) || !Number.isFinite(pSent)) continue;
    if (c.response.receivedAtMs > p.resetAtMs - AHEAD_MS) continue;
    const untilFullMs = p.resetAtMs - p.response.receivedAtMs - ROUNDING_MS;
    const refill = steady ? 0 : ((p.limit - p.remaining) * (c.response.receivedAtMs - pSent)) / untilFullMs;
    if (!steady && refill > by - 1) continue;
    const repeats = kept
      .slice(0, i - 1)
      .reverse()
      .find((e) => e.remaining === c.remaining && e.reset === c.reset && served(e));
    rises.push({ from: p, to: c, by, refill, steady, ...(repeats ? { repeats } : {}) });
  }
  return rises;
}

/** The finding of the first such rise, the others counted; `of` names whose requests they were. */
export function riseFinding(rises: readonly Rise[], of: string): ProbeFinding | undefined {
  const r = rises[0];
  if (!r) return undefined;
  const { from: p, to: c } = r;
  const gap = c.response.receivedAtMs - startedMsOf(p.response.exchange);
  const ahead = p.resetAtMs! - c.response.receivedAtMs;
  const repeated = r.repeats
    ? `; #${c.n} repeats the Remaining and Reset of #${r.repeats.n}, an earlier answer`
    : '';
  const how = r.steady
    ? `, and the walk read this limiter as one that gives nothing back before its Reset (Reset stayed put, Remaining never rose while it fell)`
    : `, and a limiter whole again by it (${p.limit! - p.remaining!} of ${p.limit} to give back) gives back under ${Math.max(1, Math.ceil(r.refill))} in the ${seconds(gap)} between them`;
  const more = rises.length > 1 ? ` (${rises.length} such rises; the first shown)` : '';
  return {
    message: `X-RateLimit-Remaining rose from ${p.remaining} to ${c.remaining} between ${of}#${p.n} and #${c.n}, sent once #${p.n} was answered, both naming X-RateLimit-Reset ${p.reset}, still ${seconds(ahead)} ahead: no fixed window rises within one Reset, a sliding log only once that moment comes${how}, so the answer does not count the window's requests${repeated}${more}`,
    sample: c,
    expected: `Remaining at most ${p.remaining! + Math.floor(r.refill)}${r.steady ? '' : ' (what a refill could give back)'}`,
    actual: String(c.remaining),
  };
}

/**
 * Whether the walk's Reset moved later with its requests on most steps (a window that slides, a bucket whose
 * Reset is when it is full), or crept later over a stretch of steps in one window while Remaining fell, by
 * more than its whole-second rounding: a bucket whose tokens come back every tenth of a second names a
 * moment a tenth later with each request it spends, never a second later on one step, yet seconds later over
 * the walk. A fixed window's Reset stays put. Then Reset is no fixed moment and a rise within one says less.
 */
export function resetMovesLater(walk: Walk): boolean {
  const pairs = sameWindowPairs(walk.samples).filter(
    ([p, c]) => p.reset !== undefined && c.reset !== undefined,
  );
  const later = pairs.filter(([p, c]) => c.reset! > p.reset! + 1);
  if (pairs.length >= 2 && later.length * 2 > pairs.length) return true;
  // Stretches of consecutive same-window pairs: from the first answer of each, the Reset crept on.
  let first: Sample | undefined;
  let last: Sample | undefined;
  for (const [p, c] of pairs) {
    if (p !== last) first = p;
    last = c;
    if (c.reset! >= first!.reset! + 2 && (c.remaining ?? 0) < (first!.remaining ?? 0)) return true;
  }
  return false;
}
