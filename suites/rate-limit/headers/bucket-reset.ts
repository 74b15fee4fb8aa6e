// How a token bucket's X-RateLimit-Reset moves (RL-HEADERS-RESET-STABLE): whether a count gives capacity back
// within a window, and how much later a bucket's full-again moment may read as Remaining falls. Pure.
import { BOTH_ROUNDINGS_MS, predecessor, type Reading, ReadingList } from './reading.ts';

/**
 * Whether a count's answers show capacity coming back within a window (a token bucket): on some step, one
 * answered once the one before was read, Remaining stayed or rose, short of a whole limit again, before the
 * moment the one before named. A count that only resets at its window's end falls with every request.
 */
export function refillsWithin(rs: ReadingList): boolean {
  const done = new ReadingList(rs.cols);
  for (let k = 0; k < rs.length; k++) {
    const r = rs.get(k)!;
    const p = predecessor(done, r);
    done.push(r.i);
    if (!p || p.status === 429 || r.status === 429 || p.remaining === undefined || p.remaining === 0)
      continue;
    if (r.remaining === undefined || r.limit === undefined || r.remaining < p.remaining) continue;
    if (r.remaining >= r.limit - 1 || p.resetAtMs === undefined) continue;
    if (r.receivedAtMs < p.resetAtMs - BOTH_ROUNDINGS_MS) return true;
  }
  return false;
}

/** Reset's and Date's whole seconds on both answers compared: how far a bucket's time left may read off. */
export const BUCKET_SLACK_MS = 4000;

/**
 * How much longer a token bucket's time until full is on `r` than on `from` (r's Remaining lower): the tokens
 * it lacks more, at the rate r's own time left shows (its lack over its time left, a token's part rounded
 * away at both ends). A Reset that is always "now + window" keeps its time left whatever Remaining says.
 */
export function bucketGrowth(from: Reading, r: Reading): number {
  if (r.limit === undefined || r.remaining === undefined || from.remaining === undefined) return 0;
  const lack = r.limit - r.remaining;
  const timeLeft = r.resetAtMs! - r.receivedAtMs;
  return ((from.remaining - r.remaining - 1) * timeLeft) / (lack + 1);
}
