// Why the walk's absent-id cancels took nothing from X-RateLimit-Remaining: a limiter counting per method
// (DELETEs never counted, nor refused) or one counting only what it answers 2xx, told by how a DELETE the walk
// saw answered 2xx was counted; both named where the walk cannot tell. Pure; never sends, never judges.
import { left, type Sample, type Walk } from './record.ts';
import { routeOf } from './sample-route.ts';
import { sameWindowPairs } from './windows.ts';

export const isDelete = (s: Sample): boolean => routeOf(s).startsWith('DELETE ');
const ok = (s: Sample): boolean => s.status >= 200 && s.status <= 299;

/** What the walk's DELETEs show of their count: nothing taken (per method), or counted after all. */
export interface DeleteCounting {
  /** A DELETE answered 2xx that took nothing: past Remaining 0, or with Remaining unmoved. */
  uncounted?: string;
  /** A DELETE answered 2xx that took one from Remaining, or one refused 429: DELETEs counted after all. */
  counted?: string;
}

/**
 * How the walk's DELETEs were counted, read over consecutive answers of one window (`samples`, the walk's,
 * its 429 among them or given as `limited`).
 */
export function deleteCounting(samples: readonly Sample[], limited?: Sample): DeleteCounting {
  const seq = limited && !samples.includes(limited) ? [...samples, limited] : samples;
  const out: DeleteCounting = {};
  for (const [p, c] of sameWindowPairs(samples)) {
    if (!isDelete(c) || !ok(c) || left(p) === undefined || left(c) === undefined) continue;
    const before = left(p)!;
    const next = seq[seq.indexOf(c) + 1];
    const unmoved = next !== undefined && (next.status === 429 || left(next) === before);
    const shown = next?.status === 429 ? '429' : `Remaining ${next ? left(next) : ''}`;
    const then = unmoved
      ? `, the next answer's Remaining unchanged by it (#${next.n}, ${routeOf(next)}: ${shown})`
      : '';
    // Past Remaining 0 a count of successes refuses (429) before it serves: a 2xx there was never counted.
    if (before === 0) out.uncounted ??= `a DELETE was answered ${c.status} past Remaining 0 (#${c.n})${then}`;
    else if (left(c) === before && unmoved)
      out.uncounted ??= `a DELETE answered ${c.status} took nothing (#${c.n}: Remaining ${before} → ${left(c)})${then}`;
    else if (before - left(c)! === 1)
      out.counted ??= `a DELETE answered ${c.status} took one (#${c.n}: Remaining ${before} → ${left(c)})`;
  }
  const refused = seq.find((s) => isDelete(s) && s.status === 429);
  if (refused) out.counted ??= `a DELETE was refused 429 (#${refused.n})`;
  return out;
}

/** The model's words for a walk that switched off the absent-id cancel: which limiter, as far as it shows. */
export function switchedWords(walk: Walk & { switched: NonNullable<Walk['switched']> }): string {
  const { uncounted, counted } = deleteCounting(walk.samples, walk.limited);
  const seen = `the absent-id cancel took nothing from Remaining on ${walk.switched.uncounted.length} answers`;
  const went = `the walk went on with ${walk.switched.to.label}`;
  if (uncounted && !counted)
    return `${seen}, and ${uncounted}: DELETEs are neither counted nor refused, a limiter counting per method (not one counting only what it answers 2xx, which refuses past Remaining 0 and counts each 2xx); ${went}`;
  if (counted && !uncounted)
    return `${seen}, while ${counted}: a limiter counting only what it answers 2xx (not one that spares DELETEs); ${went}`;
  const why = counted
    ? `the walk's DELETEs went both ways (${uncounted}; ${counted})`
    : 'no DELETE of the walk answered 2xx or 429 to tell which';
  return `${seen}: a limiter counting only what it answers 2xx, or one counting per method that never counts a DELETE (${why}); ${went}`;
}
