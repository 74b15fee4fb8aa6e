// The order a limiter counted requests sent together in, read from their answers: served ones first, window by
// window, by X-RateLimit-Remaining falling, then the refusals. One count answers them as it would one at a
// time, so the walk (and a recording's) reads them as a sequence. Pure; never sends.
import { resetKind } from '../../../lib/formats/rate-limit-headers.ts';
import { REFUSAL_STATUSES } from './record.ts';

export interface Counted {
  status: number;
  remaining?: number;
  atMs: number;
  /** X-RateLimit-Reset as sent: a Unix time in seconds tells a group's windows apart. */
  reset?: number;
  /** X-RateLimit-Limit as sent. */
  limit?: number;
}

const refused = (c: Counted) => c.status === 429 || REFUSAL_STATUSES.has(c.status);

/**
 * Resets of one window may differ by the second their rounding leaves; two windows' by more. A group whose
 * served answers name Resets further apart than this straddled a window's end (a loaded server answered the
 * last of them after it): the earlier window's answers were counted first, whatever Remaining says.
 */
const SAME_WINDOW_S = 1;

/**
 * For each item, the rank of the window its Reset names among the group's: Resets within SAME_WINDOW_S of
 * the one before are one window. All 0 unless every served answer names a Unix time in seconds.
 */
function windowRanks(counted: readonly Counted[]): number[] {
  const resets = counted.filter((c) => !refused(c)).map((c) => c.reset);
  if (resets.some((r) => r === undefined || resetKind(r) !== 'unix-seconds')) return counted.map(() => 0);
  const sorted = [...new Set(resets as number[])].sort((a, b) => a - b);
  const rankOf = new Map<number, number>();
  let rank = 0;
  sorted.forEach((r, i) => {
    if (i > 0 && r - sorted[i - 1]! > SAME_WINDOW_S) rank += 1;
    rankOf.set(r, rank);
  });
  return counted.map((c) => (c.reset !== undefined ? (rankOf.get(c.reset) ?? 0) : 0));
}

/**
 * Whether an answer says its window had counted nothing, not even its own request (Remaining at Limit): read
 * once the window it was counted in had ended (Flask-Limiter reads its count after the request), so it comes
 * after the answers of that window.
 */
const readAfter = (c: Counted) =>
  !refused(c) && c.remaining !== undefined && c.limit !== undefined && c.remaining >= c.limit;

/** `items` in the order their answers say they were counted in (a stable sort: ties keep their arrival). */
export function countOrder<T>(items: readonly T[], read: (t: T) => Counted): T[] {
  const counted = items.map(read);
  const ranks = windowRanks(counted);
  return items
    .map((t, i) => ({ t, i, c: counted[i]!, w: ranks[i]! }))
    .sort(
      (a, b) =>
        Number(refused(a.c)) - Number(refused(b.c)) ||
        a.w - b.w ||
        Number(readAfter(a.c)) - Number(readAfter(b.c)) ||
        (b.c.remaining ?? Number.NEGATIVE_INFINITY) - (a.c.remaining ?? Number.NEGATIVE_INFINITY) ||
        a.c.atMs - b.c.atMs ||
        a.i - b.i,
    )
    .map((x) => x.t);
}
