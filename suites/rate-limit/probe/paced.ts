// The walk's answer to a limiter that gives capacity back as fast as one request at a time spends it (a token
// bucket against a slow round trip): once whole again by its own X-RateLimit-Reset, Limit + 1 requests at once,
// so nothing refills between them. Never more than one over the Limit, never past the walk's ceiling or budget.
import type { Tools } from '../../kit/context.ts';
import { remainingMisbehaves } from '../../kit/limiter-buckets.ts';
import { MID_WALK } from './client-address.ts';
import { PACED_STEPS, pacedSteps, ROUNDING_MS } from './pace.ts';
import { BURST_MAX, left, limitOf, type ProbeRequest, type Sample, seconds, type Walk } from './record.ts';
import type { ProbeSender } from './sender.ts';
import { sendTogether } from './together.ts';
import { sameWindowPairs, saneResetAtMs } from './windows.ts';

/** The longest the walk waits for the limit to be whole again: a refill that keeps pace is seconds from full. */
const PACED_WAIT_MAX_MS = 10_000;

/** Whether Remaining cannot size Limit + 1 at once: it fell by more than one, or below 0. */
function countsOddly(env: Tools, walk: Walk): boolean {
  if (walk.samples.some((s) => (left(s) ?? 0) < 0)) return true;
  if (sameWindowPairs(walk.samples).some(([p, c]) => (left(c) ?? 0) < (left(p) ?? 0) - 1)) return true;
  return remainingMisbehaves(env.transcript.all(), env.config.baseUrl) !== undefined;
}

/**
 * When the walk's last steps kept pace (pacedSteps) and a whole limit fits the walk's ceiling and the budget:
 * waits for the moment the last answer named for X-RateLimit-Reset (a second past it), then sends Limit + 1
 * copies of the walk's request at once, and returns their samples in the order they were counted. A limiter
 * whole again holds Limit, so at most one of them is refused; none may be, when tokens come back while they
 * arrive. Undefined, sending nothing, when it does not apply.
 */
export async function sendPaced(
  env: Tools,
  sender: ProbeSender,
  walk: Walk,
  request: ProbeRequest,
  room: { reserve: number; ceiling: number },
): Promise<Sample[] | undefined> {
  if (walk.together || walk.capped || Math.max(...MID_WALK) > walk.sent) return undefined;
  const steps = pacedSteps(walk.samples);
  const last = steps?.[steps.length - 1];
  const limit = last ? (limitOf(last) ?? limitOf(walk.samples[0]!)) : undefined;
  if (!last || limit === undefined || limit + 1 > BURST_MAX) return undefined;
  const size = limit + 1;
  if (walk.sent + size > room.ceiling || env.http.pacer.budgetLeft <= size + room.reserve) return undefined;
  if (countsOddly(env, walk)) return undefined;
  const whole = saneResetAtMs(last)! + ROUNDING_MS;
  const wait = whole - Date.now();
  if (wait > Math.min(PACED_WAIT_MAX_MS, env.config.maxWaitMs)) return undefined;
  env.log(
    `  X-RateLimit-Remaining did not fall on ${PACED_STEPS} steps, each past the moment the answer before it named for X-RateLimit-Reset: the limiter refills as fast as the walk spends. Waiting ${seconds(Math.max(0, wait))} for it to be whole again, then ${size} requests (Limit + 1) go together`,
  );
  if (wait > 0) {
    const started = Date.now();
    await env.http.pacer.waitUntil('primary', whole, 'X-RateLimit-Reset');
    sender.waitedMs += Date.now() - started;
  }
  walk.bound = Math.max(walk.bound, walk.sent + size);
  return sendTogether(env, sender, request, size, `${size} requests (Limit + 1)`);
}
