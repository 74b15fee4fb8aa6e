// A count that went on across the moment its own X-RateLimit-Reset named: one after another, every request
// took one from Remaining and none came back, though the server's own Date had passed that moment by more
// than rounding. No limiter whose Reset names when it resets does so. Pure: offences for RL-HEADERS.
import { startedMsOf } from '../../../lib/http/transcript.ts';
import type { Offence } from '../../kit/whole-run.ts';
import type { Reading, ReadingList } from './reading.ts';

/**
 * How far past the named moment, on the server's own Date, the count must be seen going on: Reset and Date are
 * whole seconds, and a Reset rounded down (flask-limiter's `int()`) names a moment up to a second before the
 * window truly ends; the second second keeps a Date read at its floor clear of that, and the third a Date
 * written by a front whose clock runs a little ahead of the application's limiter.
 */
const PASSED_BY_S = 3;
/** A chain that starts this close to a full count may be a new window's first answers: no finding from it. */
const SPENT_AT_LEAST = 3;

/**
 * Walks one count's readings (in the order answered) for a chain of answers, each sent once the one before it
 * was answered (nothing in flight beside it), each served with Remaining exactly one below the one before (all
 * counted, nothing given back), from an answer whose Reset named moment T to one whose Date is T + 3 s or later
 * and whose Reset names a later moment (the server announced a new window, its count did not start one).
 *
 * Every limiter whose Reset names when it resets gives something back there: a fixed window starts afresh, a
 * sliding log drops its oldest request, a token bucket whose Reset names its next token has it, one whose
 * Reset names when it is full is full. A Reset that rounds, a Date that lags or a request another limiter
 * refused each make the chain shorter, never longer. One finding per count.
 */
export function unrenewedAcrossReset(rs: ReadingList, bucket: string): Offence[] {
  // The earliest a later answer was sent, from each position on: nothing in flight beside a link's answer.
  const sentFrom = new Float64Array(rs.length + 1).fill(Number.POSITIVE_INFINITY);
  // Read from the exchanges themselves: a reading made of each only for its moment sent was garbage.
  const { xs } = rs.cols;
  for (let k = rs.length - 1; k >= 0; k--)
    sentFrom[k] = Math.min(sentFrom[k + 1]!, startedMsOf(xs[rs.position(k)]!));
  /** The chain's answer that named the earliest moment still ahead of it (with the count spent enough). */
  let first: { a: Reading; at: number } | undefined;
  let prev: Reading | undefined;
  for (let k = 0; k < rs.length; k++) {
    const r = rs.get(k)!;
    if (!prev || !linked(prev, r) || sentFrom[k + 1]! < r.receivedAtMs) first = undefined;
    const dateS = dateSeconds(r);
    if (first && dateS !== undefined && r.reset !== undefined) {
      const { a, at } = first;
      if (dateS >= a.reset! + PASSED_BY_S && r.reset > a.reset!)
        return [
          {
            problem: `the count went on across the moment X-RateLimit-Reset had named (${a.reset}, ${bucket}): from an answer with X-RateLimit-Remaining ${a.remaining} to one whose Date is ${dateS - a.reset!} s past that moment, each of ${k - at} requests sent one after another took one more and nothing came back, while X-RateLimit-Reset went on to name ${r.reset}: the limit did not reset at the moment it named`,
            exchange: r.x,
          },
        ];
    }
    // r may start (or better) the chain: its named moment still ahead on its own Date, its count spent enough.
    if (
      r.reset !== undefined &&
      r.limit !== undefined &&
      r.remaining !== undefined &&
      r.status !== 429 &&
      r.remaining <= r.limit - SPENT_AT_LEAST &&
      dateS !== undefined &&
      dateS < r.reset &&
      (!first || r.reset < first.a.reset!)
    )
      first = { a: r, at: k };
    prev = r;
  }
  return [];
}

/** r followed prev alone (sent once prev was answered), was served, and its Remaining is one below prev's. */
function linked(prev: Reading, r: Reading): boolean {
  if (prev.remaining === undefined || r.remaining === undefined || prev.limit !== r.limit) return false;
  if (r.status === 429 || prev.status === 429 || r.status >= 500) return false;
  return r.sentAtMs >= prev.receivedAtMs && r.remaining === prev.remaining - 1;
}

/** The answer's Date in whole Unix seconds (the server's clock), when it has one. */
function dateSeconds(r: Reading): number | undefined {
  return r.skewMs === undefined ? undefined : Math.floor(r.serverNowMs / 1000);
}
