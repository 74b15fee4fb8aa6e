// The walk's request of another operation once its count stands at 0: the list, sent once before the
// request past the limit when the run's answers give cause to think it stands apart from the walk's count
// (a cache that replays it, a count of its own, Resets too broken to place answers in one window).
import type { Tools } from '../../kit/context.ts';
import { countApart } from '../../kit/limiter-buckets.ts';
import { routeRepeats } from '../../kit/limiter-spent.ts';
import { ORDERS } from '../../kit/paths.ts';
import { pastResets } from '../../kit/reset-past.ts';
import { cheapList } from './reading.ts';
import type { ProbeRequest } from './record.ts';

const LIST = { method: 'GET', path: ORDERS };

/**
 * Why the list may not draw on the count the walk's cancels spend, or undefined. Nothing of the kind on a
 * limiter that keeps one count per key with sane Resets: the walk then sends only what it always did.
 */
function listMayStandApart(env: Tools, walked: ProbeRequest): string | undefined {
  const all = env.transcript.all();
  const base = env.config.baseUrl;
  const apart = countApart(all, base, walked, LIST);
  if (apart !== undefined) return apart;
  if (routeRepeats(all, base, 'GET /store/orders'))
    return 'its answers repeated an earlier one’s X-RateLimit-Remaining and Reset while the key’s count fell';
  const past = pastResets(all, base);
  if (past) return `X-RateLimit-Reset named a moment already past on ${past.past} of ${past.of} answers`;
  return undefined;
}

/** The list request to send at the walk's Remaining 0, before the request past the limit, or undefined. */
export async function asideRequest(env: Tools, walked: ProbeRequest): Promise<ProbeRequest | undefined> {
  if (walked.method !== 'DELETE') return undefined;
  const why = listMayStandApart(env, walked);
  if (why === undefined) return undefined;
  const list = await cheapList(env.target, 'sent once the walk’s count stood at 0');
  if (list)
    env.log(
      `  the list may not draw on the walk's count (${why}): one GET /store/orders now, before the request past the limit`,
    );
  return list;
}
