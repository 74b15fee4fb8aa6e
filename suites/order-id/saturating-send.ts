// The saturating spellings the spelling run sends last: 2^63 and -2^63-1, each against its int64 edge when that
// edge is a pending fixture, or named as withheld when it is an order the run was not given.
import type { Response } from '../../lib/http/client.ts';
import type { Ctx } from '../kit/context.ts';
import type { KnownOrders } from '../kit/known-orders.ts';
import { kindOf } from './catalogue.ts';
import type { FixturePool } from './fixtures.ts';
import { SATURATING, saturationPlan } from './saturation.ts';
import type { SpellingAnswer, SpellingRun } from './spelling-types.ts';

/** The length the too-big kind's long variants take here (only the edge variant is read). */
const SIZE = 1000;

/** The too-big variant that spells 2^63 (and -2^63-1), as saturation.ts sends it. */
const PAST_EDGE = kindOf('too-big').variants.findIndex((v) => v(0n, 0n, SIZE) === SATURATING[0]!.segment);

/**
 * The saturating spellings, each against its int64 edge when that is a pending fixture (a 2xx cancels it:
 * ID-CANCEL-MISREAD's finding), or named as withheld when the edge is an order the run was not given.
 */
export async function sendSaturating(
  ctx: Ctx,
  known: KnownOrders,
  pool: FixturePool,
  run: SpellingRun,
  send: (a: Omit<SpellingAnswer, 'response' | 'invalid'>) => Promise<Response | undefined>,
): Promise<void> {
  const plan = saturationPlan(known, ctx.config.cancellableOrderIds);
  run.withheld.push(...plan.withheld);
  for (const { segment, id } of plan.send) {
    if (run.limited) return;
    if (run.answers.some((a) => a.segment === segment && a.fixture?.id === id)) continue;
    if (!pool.take(id)) {
      run.withheld.push({
        segment,
        order: id,
        why: pool.wasSpent(id)
          ? `fixture ${id} was cancelled before it by another spelling the server accepted`
          : `fixture ${id} was taken by another check before it`,
      });
      continue;
    }
    const res = await send({ kind: 'too-big', variant: PAST_EDGE, fixture: { id, level: 'MUST' }, segment });
    if (res && res.status >= 200 && res.status < 300) {
      pool.spend(id);
      run.spent.push(run.answers.at(-1)!);
    }
  }
}
