// Why a refusal class judged nothing when the rate limiter refused the reads of its fixtures: the fixtures it
// may have starved, and the skip that names the limiter (split from refusals.ts).
import { limit } from '../../lib/check/skip.ts';
import { flagAndEnv } from '../../lib/config/settings.ts';
import type { Ctx } from '../kit/context.ts';
import { named } from './history.ts';
import type { RefusalClass } from './judge-refusals.ts';
import { historyNow } from './store.ts';

/**
 * Why nothing of `ids` could be judged when the limiter refused it (called when no refusal of the class was
 * proven harmless): cancels of them with the key were answered 429 (each waited out and sent again, still
 * refused), so no answer read their state where one was needed. The skip names that cause, not a check that
 * did not fail; undefined when the limiter refused none of them.
 */
export function starved(ctx: Ctx, ids: readonly string[]): never | undefined {
  const mine = historyNow(ctx).cancels.filter(
    (c) => c.exchange.bucket === 'primary' && c.names.some((n) => ids.includes(n)),
  );
  const refused = mine.filter((c) => c.status === 429);
  if (refused.length === 0) return undefined;
  return ctx.skip(
    `not judged: cancels of order ${ids.join(', ')} with the key were refused by the rate limiter (${refused
      .slice(0, 3)
      .map(named)
      .join(
        ', ',
      )}${refused.length > 3 ? ', …' : ''}), each waited out and sent again, so no answer read its state where the judgement needed one; the limit did not lift within the waits the run allows (${flagAndEnv('maxWaitSeconds')} bounds them)`,
    limit('maxWaitSeconds'),
  );
}

/**
 * The fixtures whose refusals of `cls` the limiter may have starved of a read: the pending ones a cancel
 * without a valid key named (401), the shipped ones (409); none for the others.
 */
export function starvable(ctx: Ctx, cls: RefusalClass): string[] {
  const h = historyNow(ctx);
  if (cls === 409) return [...h.fixtures.shipped];
  if (cls !== 401) return [];
  const tried = h.cancels.filter((c) => c.exchange.bucket !== 'primary').flatMap((c) => c.names);
  return h.fixtures.pending.filter((id) => tried.includes(id));
}
