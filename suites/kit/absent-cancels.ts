// The cancels with the key of ids the first list proves absent, as the run proves them before sending one: what
// the cancel area's 404 checks and the orderId property's judge both read. Pure: reads the exchanges, never sends.

import { flagRef } from '../../lib/config/settings.ts';
import type { Response } from '../../lib/http/client.ts';
import { replayed } from '../../lib/http/recorded.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import type { Ctx } from './context.ts';
import { keyCancels } from './key-cancels.ts';
import { admissibleAbsent, type KnownOrders, knownOrders, noKnownReason } from './known-orders.ts';
import { NOT_OBSERVED, replay } from './traffic.ts';

/** A recorded response for a judge of responses: replayed whole, or (its body cut) its status alone. */
export function answerOf(ctx: Ctx, x: Exchange): Response {
  return replay(ctx, x) ?? replayed(x, undefined, Buffer.alloc(0));
}

/** The cancels with the key of ids the first list proves absent, in the order sent; a skip when none. */
export async function absentCancels(
  ctx: Ctx,
): Promise<{ known: KnownOrders; xs: Array<{ x: Exchange; id: string }> }> {
  const known = await knownOrders(ctx, true);
  if (!known) ctx.skip(await noKnownReason(ctx, true));
  const xs = keyCancels(ctx).filter(({ id }) => admissibleAbsent(known, BigInt(id)));
  if (xs.length === 0)
    ctx.skip(
      `no cancel with the key named an id the first list proves absent (far from every listed id, unless the list is trusted: ${flagRef('trustOrderList')})`,
      NOT_OBSERVED,
    );
  return { known, xs };
}
