// RL-PROBE-LIMIT-ENFORCED's reading of a walk whose X-RateLimit-Remaining never moved and met no 429: how many
// of its requests were served within one window, by the Reset each answer named. Pure; never sends.
import type { Sample, Walk } from './record.ts';
import { saneResetAtMs } from './windows.ts';

/** Reset in whole seconds: an answer counts as within a window only a second before the moment it names. */
const ROUNDING_MS = 1000;

/**
 * When X-RateLimit-Remaining never moved through a walk that met no 429 (it counts nothing, so it cannot say
 * where the limit is), the walk's own count against X-RateLimit-Limit: the most answers, from any one of them
 * on, received before the moment it named for Reset (one window for certain, a second of rounding aside),
 * when that is more than Limit. From any answer, not the reading alone: a walk that waited for a fresh window,
 * or saw one turn, walks the next from its start. Undefined otherwise.
 */
export function servedPastLimit(walk: Walk): { served: number; limit: number; from: Sample } | undefined {
  const { samples } = walk;
  const first = samples[0]!;
  const limit = first.limit;
  if (walk.limited || limit === undefined || samples.length < 3) return undefined;
  if (!samples.every((s) => s.remaining !== undefined && s.remaining === first.remaining)) return undefined;
  let best: { served: number; limit: number; from: Sample } | undefined;
  samples.forEach((from, i) => {
    const endMs = saneResetAtMs(from);
    if (endMs === undefined) return;
    let j = i;
    while (j < samples.length && samples[j]!.response.receivedAtMs < endMs - ROUNDING_MS) j += 1;
    if (j - i > limit && j - i > (best?.served ?? 0)) best = { served: j - i, limit, from };
  });
  return best;
}
