// The least gap between arrival and Date of a walk's answers before a moment, in typed arrays: what
// servedBeyondLimit (served.ts) reads to tell an answer served past the limit from a clock's skew.
import type { Sample } from './record.ts';
import { arrivedAtMs, rateLimitDateOf } from './sample-reads.ts';

/**
 * The least gap between arrival and Date of the answers received before a moment (in the order given, up to
 * the first that arrived at or after it); undefined without a Date. Read once per call of servedBeyondLimit:
 * each lookup is a binary search, not a scan (a recording's walk can hold a hundred thousand answers).
 */
export function skewsOf(samples: readonly Sample[]): { leastBefore(untilMs: number): number | undefined } {
  // Numbers in typed arrays (`dated` says whether any answer so far had a Date): a list of moments held a
  // boxed number for each of a recording's million answers.
  const arrived = new Float64Array(samples.length);
  const least = new Float64Array(samples.length);
  const dated = new Uint8Array(samples.length);
  let latest = Number.NEGATIVE_INFINITY;
  let min: number | undefined;
  samples.forEach((s, i) => {
    const receivedAtMs = arrivedAtMs(s);
    const date = rateLimitDateOf(s);
    if (date !== undefined) min = Math.min(min ?? Number.POSITIVE_INFINITY, receivedAtMs - date);
    latest = Math.max(latest, receivedAtMs);
    arrived[i] = latest;
    if (min !== undefined) {
      least[i] = min;
      dated[i] = 1;
    }
  });
  return {
    leastBefore(untilMs) {
      // The first answer arrived at or after untilMs ends the reading, as the count's own scan does.
      let lo = 0;
      let hi = arrived.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (arrived[mid]! >= untilMs) hi = mid;
        else lo = mid + 1;
      }
      return lo === 0 || dated[lo - 1] === 0 ? undefined : least[lo - 1];
    },
  };
}
