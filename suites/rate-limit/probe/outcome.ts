// How a phase of the probe ends, as data: done with a value, or skipped with a reason naming the setting that
// would let it run. Constructors only; the session turns them into verdicts through the checks.
import { limit, type Skip, type SkipCause } from '../../../lib/check/skip.ts';
import { flagAndEnv } from '../../../lib/config/settings.ts';
import type { Outcome, Skipped } from './record.ts';

export const skip = (reason: string, cause: SkipCause): Skipped => ({ kind: 'skip', reason, cause });
export const skipFor = (why: Skip): Skipped => skip(why.reason, why.cause);
export const done = <T>(value: T): Outcome<T> => ({ kind: 'done', value });

export function budgetSkip(needed: number, left: number): Skipped {
  return skip(
    `the probe needs up to ${needed} requests and ${left} remain of the budget: raise ${flagAndEnv('maxRequests')}`,
    limit('maxRequests'),
  );
}
