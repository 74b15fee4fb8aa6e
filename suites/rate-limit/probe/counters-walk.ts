// When the walk ends with nothing refused by several counters behind one key (worker processes each counting
// on its own) that served more than the Limit: it goes on, one request at a time, until one of them refuses,
// within the budget, so its 429 is judged; or it says what reaching one would cost.
import { limit, OUTCOME, type SkipCause } from '../../../lib/check/skip.ts';
import { flagAndEnv } from '../../../lib/config/settings.ts';
import type { Tools } from '../../kit/context.ts';
import { left, type ProbeRequest, WALK_MARGIN, type Walk } from './record.ts';
import { atTheLimit, holdAfterRefusal, isRefusal, refusalName } from './refusal.ts';
import type { ProbeSender } from './sender.ts';
import { interleaved, servedBeyondLimit } from './served.ts';
import { windowStarts } from './windows.ts';

/** Answers a Remaining sequence must hold to count as one of the counters (as the limiter model reads them). */
const COUNTER_MIN = 3;

/**
 * The counters the walk's served answers show in their last window, when more than one ran side by side and
 * more answers were served in one announced window than its Limit (RL-PROBE-LIMIT-ENFORCED's finding): how
 * many, and the highest Remaining any of them last said. A window that turned too late in the walk to show
 * them again (a slow walk meets the next window near its ceiling) is read by the counts of the whole walk,
 * each taken as whole again (Limit − 1 left): the new window's counters are as many and fresh.
 */
export function countersSeen(walk: Walk): { counts: number; most: number } | undefined {
  const beyond = servedBeyondLimit(walk.samples);
  if (beyond === undefined) return undefined;
  const from = walk.rolledAt === undefined ? 0 : walk.samples.findIndex((s) => s.n === walk.rolledAt);
  const chains = interleaved(walk.samples.slice(Math.max(0, from))).filter((c) => c.length >= COUNTER_MIN);
  if (chains.length >= 2)
    return { counts: chains.length, most: Math.max(...chains.map((c) => c[c.length - 1]!)) };
  if (from <= 0) return undefined;
  const all = interleaved(walk.samples).filter((c) => c.length >= COUNTER_MIN);
  return all.length >= 2 ? { counts: all.length, most: beyond.limit - 1 } : undefined;
}

/** Why the walk met no 429, when it can say more than that it met none (Walk.unreached), for the checks left out. */
export const noLimitWhy = (walk: Walk): string =>
  walk.unreached?.reason ??
  (walk.cutShort
    ? `the walk was stopped by a ${walk.cutShort.status} where the limit would not be reached (see RL-PROBE-LIMIT-ENFORCED)`
    : 'the walk met no 429 (see RL-PROBE-LIMIT-ENFORCED)');

/** What left those checks out: the budget when it could not pay for a refusal, else what the server did. */
export const noLimitCause = (walk: Walk): SkipCause => walk.unreached?.cause ?? OUTCOME;

/**
 * When the walk ended (its bound, or a whole limit served at once) with nothing refused while several counters
 * served past the Limit, goes on with its request until one refuses: at most each counter's highest Remaining
 * once more, plus the margin, and never into what the run keeps back (`reserve`). A window that turns on the
 * way (a slow network stretches the requests one at a time past its end) makes every counter whole again: the
 * walk goes on from there once, with each counter's whole Limit, when the budget pays for it. Sets
 * walk.limited (or cutShort) as the walk does, or walk.unreached to what reaching a refusal would cost.
 */
export async function walkOnToARefusal(
  env: Tools,
  sender: ProbeSender,
  walk: Walk,
  request: ProbeRequest,
  reserve: number,
): Promise<void> {
  if (walk.limited || walk.cutShort) return;
  const seen = countersSeen(walk);
  if (!seen) return;
  const { counts, most } = seen;
  let cost = counts * (most + 1) + WALK_MARGIN;
  let turned = false;
  const room = env.http.pacer.budgetLeft - reserve;
  const said = `X-RateLimit-Remaining ran as ${counts} interleaved counts (several counters behind one key, each allowing its own Limit), the highest last at ${most}`;
  if (cost > room) {
    walk.unreached = {
      reason: `no 429 was reached: ${said}; reaching a refusal from one costs up to about ${cost} requests more (${counts} x ${most + 1} + ${WALK_MARGIN}), over the budget (${Math.max(0, room)} left after the ${reserve} kept back): raise ${flagAndEnv('maxRequests')}`,
      cause: limit('maxRequests'),
    };
    env.log(`  ${walk.unreached.reason}`);
    return;
  }
  env.log(
    `  ${said}, and none refused: going on until one does, at most ${cost} requests more (within the budget)`,
  );
  for (let i = 0; i < cost; i++) {
    const prev = walk.samples[walk.samples.length - 1]!;
    const s = await sender.send(request, 'primary', true);
    walk.sent += 1;
    walk.bound = Math.max(walk.bound, walk.sent);
    walk.samples.push(s);
    if (s.status === 429) {
      walk.limited = s;
      return;
    }
    if (isRefusal(s, walk.samples[0]!)) {
      holdAfterRefusal(env, s, walk);
      if (atTheLimit(s, prev)) walk.limited = s;
      else walk.cutShort = s;
      env.log(`  request ${s.n} was refused (${refusalName(s)}): the walk stops there`);
      return;
    }
    if (!turned && windowStarts(walk.samples)[walk.samples.length - 1]) {
      turned = true;
      const whole = counts * ((left(s) ?? most) + 1) + WALK_MARGIN;
      if (whole <= env.http.pacer.budgetLeft - reserve) {
        env.log(
          `  the window reset on the way (request ${s.n}): going on from there, at most ${whole} requests more`,
        );
        cost = i + 1 + whole;
      }
    }
  }
  walk.unreached = {
    reason: `no 429 was reached: ${said}; ${cost} requests more, one at a time, met no refusal either (see RL-PROBE-LIMIT-ENFORCED)`,
    cause: OUTCOME,
  };
}
