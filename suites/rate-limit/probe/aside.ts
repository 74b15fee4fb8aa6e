// The walk's request of another operation once its count stands at 0: the list, sent once before the
// request past the limit when the run's answers give cause to think it stands apart from the walk's count
// (a cache that replays it, a count of its own, Resets too broken to place answers in one window). Where the
// cause is a replay, the list is read again just before Remaining 0, so a cache's entry that expired meanwhile
// is stored anew. Decides, sends the list and records it; never judges.
import type { Tools } from '../../kit/context.ts';
import { countApart } from '../../kit/limiter-buckets.ts';
import { routeRepeats } from '../../kit/limiter-spent.ts';
import { ORDERS } from '../../kit/paths.ts';
import { pastResets } from '../../kit/reset-past.ts';
import { cheapList } from './reading.ts';
import { left, type ProbeRequest, type Sample, type Walk } from './record.ts';
import { holdAfterRefusal, isRefusal } from './refusal.ts';
import type { ProbeSender } from './sender.ts';

const LIST = { method: 'GET', path: ORDERS };
const LIST_ROUTE = 'GET /store/orders';

/**
 * Why the list may not draw on the count the walk's cancels spend, or undefined. Nothing of the kind on a
 * limiter that keeps one count per key with sane Resets: the walk then sends only what it always did.
 */
function listMayStandApart(env: Tools, walked: ProbeRequest): string | undefined {
  const all = env.transcript.all();
  const base = env.config.baseUrl;
  const apart = countApart(all, base, walked, LIST);
  if (apart !== undefined) return apart;
  if (routeRepeats(all, base, LIST_ROUTE))
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

/**
 * The list to send again just before the walk meets Remaining 0, or undefined: only where the list goes at 0
 * because earlier lists were replayed (a cache before the limiter), not counted apart. A replay shows that the
 * cache held an answer then, for a time the run cannot read, not that it holds one still: a wait for a fresh
 * window or a slow walk may outlast its entry, and the list at 0 is then counted and refused like any request.
 * Sent now, a cache that let its entry go stores a new one, which the list at 0 meets; one that holds it
 * replays it again.
 */
export async function rereadRequest(env: Tools, walked: ProbeRequest): Promise<ProbeRequest | undefined> {
  if (walked.method !== 'DELETE') return undefined;
  const all = env.transcript.all();
  const base = env.config.baseUrl;
  if (countApart(all, base, walked, LIST) !== undefined || !routeRepeats(all, base, LIST_ROUTE))
    return undefined;
  const list = await cheapList(env.target, 'sent again just before the walk’s count stands at 0');
  if (list)
    env.log(
      '  the list was replayed earlier in the run, by a cache whose entries last a time the run cannot read: one GET /store/orders now, just before Remaining 0, so that the list sent there meets what the cache holds now',
    );
  return list;
}

/** Where the walk sends the list: `reread` just before Remaining 0, `aside` once it stands at 0. */
export interface ListStep {
  at: 'reread' | 'aside';
  /** The walk's last answer before it. */
  prev: Sample;
  /** The probe's reading (what a refusal is told from). */
  reading: Sample;
  /** The most the walk may send (WalkPlan's bound and a window more). */
  ceiling: number;
}

/**
 * Sends the list and records it in the walk. Refused (a 429, or another refusal), it ends the walk as its
 * limit: returns true. Served as a step of the walk's count (a re-read taking one from Remaining in the
 * window the walk is in: a cache that let its entry go), it is one of the walk's samples; otherwise it is
 * kept out of them, and the walk's bound goes one further.
 */
export async function sendList(
  env: Tools,
  sender: ProbeSender,
  walk: Walk,
  list: ProbeRequest,
  step: ListStep,
): Promise<boolean> {
  const s = await sender.send(list, 'primary', true);
  walk.sent += 1;
  if (step.at === 'reread') walk.reread = s;
  if (s.status === 429 || isRefusal(s, step.reading)) {
    walk.samples.push(s);
    if (s.status !== 429) holdAfterRefusal(env, s, walk);
    walk.limited = s;
    return true;
  }
  const prevLeft = left(step.prev);
  const counted =
    step.at === 'reread' &&
    s.status >= 200 &&
    s.status < 300 &&
    prevLeft !== undefined &&
    left(s) === prevLeft - 1 &&
    s.reset === step.prev.reset;
  if (counted) {
    walk.samples.push(s);
    return false;
  }
  if (step.at === 'aside') walk.aside = [...(walk.aside ?? []), s];
  walk.bound = Math.min(step.ceiling, walk.bound + 1);
  return false;
}
