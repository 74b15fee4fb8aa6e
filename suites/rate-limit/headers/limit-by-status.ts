// RL-HEADERS-LIMIT-BY-STATUS's reading: per credential bucket, the X-RateLimit-Limit each status carries, and
// an offence for each status whose Limit differs from another's. Pure: offences, no verdict.
import { rateLimitHeaders } from '../../../lib/formats/rate-limit-headers.ts';
import type { Bucket, Exchange } from '../../../lib/http/transcript.ts';
import type { Offence } from '../../kit/whole-run.ts';
import { bucketOf } from './windows.ts';

/**
 * Per bucket, the Limit each status carries; an offence for each status whose Limit differs from another's.
 * Reads each response's Limit alone, not a whole reading of it: a reading of every response of a long
 * recording at once was the peak of its judgement.
 */
export function limitByStatus(xs: readonly Exchange[]): Offence[] {
  // Each bucket in the order of its first response, and the first response of each status carrying a Limit.
  const buckets = new Map<Bucket, Map<number, { x: Exchange; limit: number }>>();
  for (const x of xs) {
    if (!x.response) continue;
    const b = bucketOf(x);
    let seen = buckets.get(b);
    if (!seen) {
      seen = new Map();
      buckets.set(b, seen);
    }
    const status = x.response.status;
    if (seen.has(status)) continue;
    const limit = rateLimitHeaders(x.response.headers).limit?.value;
    if (limit !== undefined) seen.set(status, { x, limit });
  }
  const offences: Offence[] = [];
  for (const [bucket, seen] of buckets) {
    const [firstStatus, first] = [...seen][0] ?? [];
    if (!first) continue;
    for (const [status, r] of seen) {
      if (r.limit !== first.limit)
        offences.push({
          problem: `X-RateLimit-Limit differs by status in the ${bucket} bucket: ${first.limit} on ${firstStatus}, ${r.limit} on ${status}`,
          exchange: r.x,
        });
    }
  }
  return offences;
}
