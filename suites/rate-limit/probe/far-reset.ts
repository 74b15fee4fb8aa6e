// A window whose X-RateLimit-Reset lies beyond --max-wait-seconds but whose Limit is a plan's day quota (spec
// §8 table): the probe must not exhaust it, yet every plan also has a per-minute limit far below it, so the walk
// goes no further than that minute's requests (plus the margin), never near the announced Remaining 0.
// Planning only: it never sends, and never says which window the headers must describe.
import type { Plan } from '../../../lib/config/config.ts';
import { flagRef } from '../../../lib/config/settings.ts';
import { left, PLAN_LIMITS, type Reading, seconds, WALK_MARGIN } from './record.ts';

/** Requests the capped walk leaves in the announced window at least, so it is never the walk that spends it. */
const LEFT_IN_WINDOW = 2;

export interface CappedWalk {
  bound: number;
  /** Why the walk stops there, for the plan's text and a walk that met no 429. */
  why: string;
}

/**
 * The capped walk, when the announced Limit is a plan's requests per day (the one given with --plan, or the
 * one plan whose day figure it is) and the announced Remaining outlasts that plan's minute: undefined when
 * the Limit reads as no day quota (the walk would have to spend the announced window itself).
 */
export function cappedWalk(
  reading: Reading,
  plan: Plan | undefined,
  untilResetMs: number,
): CappedWalk | undefined {
  const limit = reading.limitFrom === 'plan' ? undefined : reading.limit;
  const remaining = left(reading.sample);
  if (limit === undefined || remaining === undefined) return undefined;
  const plans = Object.entries(PLAN_LIMITS).filter(
    ([name, p]) => p.perDay === limit && (plan === undefined || plan === name),
  );
  if (plans.length !== 1) return undefined;
  const [name, { perMinute }] = plans[0]!;
  const bound = perMinute + WALK_MARGIN;
  if (remaining < bound + LEFT_IN_WINDOW) return undefined;
  return {
    bound,
    why: `X-RateLimit-Limit ${limit} with X-RateLimit-Reset ${seconds(untilResetMs)} ahead is the ${name} plan's day quota, which the walk may not spend (the key would stay limited past ${flagRef('maxWaitSeconds')}); it goes no further than the ${name} plan's ${perMinute} requests per minute + ${WALK_MARGIN}, leaving ${remaining - bound} of the announced Remaining`,
  };
}
