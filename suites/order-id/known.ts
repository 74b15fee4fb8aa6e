// The orders the orderId checks must not touch: the list read generously (any id that looks like an integer
// counts, even one the list checks reject) plus every fixture handed to the run. Reads only; never sends.

import type { Skip } from '../../lib/check/skip.ts';
import { memoKey } from '../../lib/run/memo.ts';
import type { Ctx } from '../kit/context.ts';
import { KnownOrders } from './readings.ts';

/** Known orders, built once per run however many checks ask (a list may be huge). */
const KNOWN = memoKey<KnownOrders>('order-id/known');

/** The run's known orders, or undefined when no id may be sent as absent (noKnownReason says why). */
export async function knownOrders(ctx: Ctx): Promise<KnownOrders | undefined> {
  const list = await ctx.target.list();
  if ((await ctx.target.absenceRefusal()) !== undefined) return undefined;
  // The list's own index, and (unless the list is trusted) the run's one guard over it.
  return ctx.memo.once(
    KNOWN,
    () =>
      new KnownOrders(
        list.ids,
        ctx.config.cancellableOrderIds,
        ctx.config.shippedOrderIds,
        ctx.target.guard(list),
      ),
  );
}

/** Why knownOrders gave nothing: the list unreadable, or showing signs of paging. */
export function noKnownReason(ctx: Ctx): Promise<Skip> {
  return ctx.target.absenceSkip();
}
