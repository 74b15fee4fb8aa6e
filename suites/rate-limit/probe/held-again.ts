// The held fixture's cancel past the limit, sent in a later window when the walk's 429 came before Remaining 0
// (and so before the cancel went): that window is walked to the Remaining the 429 came at. Never inside a
// Retry-After (the pacer), never past the budget, and nothing once a refusal comes.
import type { Tools } from '../../kit/context.ts';
import { countApart } from '../../kit/limiter-buckets.ts';
import { orderPath } from '../../kit/paths.ts';
import {
  left,
  limitOf,
  type ProbeRequest,
  type Recovery,
  rolledOver,
  type Sample,
  type Walk,
} from './record.ts';
import { isRefusal } from './refusal.ts';
import type { ProbeSender } from './sender.ts';
import { saneResetAtMs } from './windows.ts';

/** How long before its window's end the held cancel may still go (the walk's, walk.ts, and after a group, paced.ts). */
export const PAST_LIMIT_MARGIN_MS = 1500;
/** Requests kept back for the checks after the probe that read the held fixture (the race on it). */
export const HELD_RESERVE = 4;

/** The Remaining the walk's 429 came at, when that was above 0 and the held fixture's cancel was never sent. */
export function earlyLimitAt(walk: Walk): number | undefined {
  if (walk.overLimit || walk.limited?.status !== 429) return undefined;
  const at = walk.samples.indexOf(walk.limited);
  const before = at > 0 ? walk.samples[at - 1] : undefined;
  const k = before ? left(before) : undefined;
  return k !== undefined && k > 0 ? k : undefined;
}

/**
 * When the walk's 429 came at Remaining k > 0 before the held fixture's cancel was sent (a Remaining one
 * high, say), walks the window the recovery opened down to Remaining k with the walk's request, then sends the
 * held cancel as the request there: the one a limiter like that refuses. Sets walk.overLimit to its answer; or
 * walk.heldNotSent to why it was not sent. Costs that window's Remaining less k, plus one.
 */
export async function sendHeldAgain(
  env: Tools,
  sender: ProbeSender,
  request: ProbeRequest,
  walk: Walk,
  recovery: Recovery | undefined,
  reserve: number,
): Promise<void> {
  const held = env.target.heldFixture;
  const k = earlyLimitAt(walk);
  if (held === undefined || k === undefined) return;
  const early = `the walk's 429 came at X-RateLimit-Remaining ${k}, before the held fixture's cancel was sent past Remaining 0`;
  const notSent = (why: string) => {
    walk.heldNotSent = `${early}, and ${why}`;
    env.log(`  the held fixture's cancel was not sent in a later window: ${why}`);
  };
  const cancel: ProbeRequest = {
    method: 'DELETE',
    path: orderPath(held),
    label: 'DELETE /store/orders/{the held fixture}',
  };
  if (countApart(env.transcript.all(), env.config.baseUrl, request, cancel) !== undefined)
    return notSent(
      'the cancel is counted apart from the walk’s request, so no Remaining says where it is refused',
    );
  let prev = recovery?.recovered;
  if (!prev) return notSent('the limit did not lift in the recovery, so no later window was walked');
  const first = left(prev);
  if (first === undefined || first <= k)
    return notSent(`the recovery's answer left ${first ?? 'no'} X-RateLimit-Remaining to walk down to ${k}`);
  const cost = first - k + 1;
  // The plan announced at most Limit + 1 for this (reading.ts).
  const limit = limitOf(walk.samples[0]!) ?? first;
  if (cost > limit + 1)
    return notSent(
      `the recovery's answer said ${first} left, more than the Limit of ${limit} the plan was made for`,
    );
  if (env.http.pacer.budgetLeft < cost + reserve)
    return notSent(
      `walking the next window to it costs ${cost} requests, more than the budget leaves (${env.http.pacer.budgetLeft}, ${reserve} kept back)`,
    );
  env.log(
    `Rate-limit probe: ${early}: walking this window to Remaining ${k} (${cost - 1} requests) and sending the held fixture's cancel there`,
  );
  walk.again = [];
  for (let i = 0; i < cost - 1 && (left(prev) ?? 0) > k; i++) {
    const s = await sender.send(request, 'primary', true);
    walk.again.push(s);
    if (s.status === 429 || isRefusal(s, walk.samples[0]!))
      return notSent(
        `request ${s.n} of that window was refused (${s.status}) before it reached Remaining ${k}`,
      );
    if (rolledOver(prev, s) || (left(s) ?? 0) >= (left(prev) ?? 0))
      return notSent(`X-RateLimit-Remaining did not fall to ${k} as that window was walked`);
    prev = s;
  }
  if (left(prev) !== k)
    return notSent(`that window's X-RateLimit-Remaining stood at ${left(prev) ?? 'none'}, not ${k}`);
  const end = saneResetAtMs(prev);
  if (end !== undefined && end - Date.now() <= PAST_LIMIT_MARGIN_MS)
    return notSent('that window was at its end, where the cancel could land in the next one');
  const s: Sample = await sender.send(cancel, 'primary', true);
  walk.again.push(s);
  walk.overLimit = s;
}
