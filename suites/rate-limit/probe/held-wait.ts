// The walk's wait for a fresh window when it meets Remaining 0 too near its window's end to send the held
// fixture's cancel there (a loaded machine spent the window walking it): once, within the walk's ceiling, the
// budget and --max-wait-seconds, so that a cancel past the limit still goes. Sends nothing itself.
import type { Tools } from '../../kit/context.ts';
import { limitOf, type Sample, seconds, WALK_MARGIN, type Walk } from './record.ts';
import type { ProbeSender } from './sender.ts';
import { saneResetAtMs } from './windows.ts';

/** The walks that already waited so: once a walk, never twice. */
const waited = new WeakSet<Walk>();

/**
 * When `prev` said Remaining 0 with no more than `marginMs` of its window left, and a whole window more fits
 * the walk's ceiling and the budget: waits until a second past the moment its Reset named, so the walk goes
 * on into the next window from its start (the walk reads the turn) and meets Remaining 0 there with room for
 * the held fixture's cancel. Returns whether it waited; never twice in a walk.
 */
export async function waitToHoldPast(
  env: Tools,
  sender: ProbeSender,
  walk: Walk,
  prev: Sample,
  room: { ceiling: number; reserve: number; marginMs: number },
): Promise<boolean> {
  const end = saneResetAtMs(prev);
  const limit = limitOf(prev) ?? limitOf(walk.samples[0]!);
  if (waited.has(walk) || prev.remaining !== 0 || end === undefined || limit === undefined) return false;
  const left = end - Date.now();
  const another = limit + WALK_MARGIN;
  if (left > room.marginMs || walk.sent + another > room.ceiling) return false;
  if (env.http.pacer.budgetLeft <= another + room.reserve) return false;
  const after = end + 1000;
  if (after - Date.now() > env.config.maxWaitMs) return false;
  env.log(
    `  Remaining 0 with ${seconds(Math.max(0, left))} of the window left, too little for the held fixture's cancel past the limit to land in it: waiting for the next window to walk it whole`,
  );
  const started = Date.now();
  await env.http.pacer.waitUntil('primary', after, 'X-RateLimit-Reset');
  waited.add(walk);
  sender.waitedMs += Date.now() - started;
  return true;
}
