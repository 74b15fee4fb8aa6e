// The cancels with the key of ids the first list proves absent, as the run proves them before sending one: what
// the cancel area's 404 checks and the orderId property's judge both read. Pure: reads the exchanges, never sends.

import { flagRef } from '../../lib/config/settings.ts';
import type { Response } from '../../lib/http/client.ts';
import { replayed } from '../../lib/http/recorded.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import type { Ctx } from './context.ts';
import { type KeyCancelRow, keyCancels } from './key-cancels.ts';
import { admissibleAbsent, type KnownOrders, knownOrders, noKnownReason } from './known-orders.ts';
import { NOT_OBSERVED, replay } from './traffic.ts';

/** A recorded response for a judge of responses: replayed whole, or (its body cut) its status alone. */
export function answerOf(ctx: Ctx, x: Exchange): Response {
  return replay(ctx, x) ?? replayed(x, undefined, Buffer.alloc(0));
}

/**
 * The cancels with the key of ids `known` admits as absent, in the order sent: each id weighed once (a walk
 * sends an absent id many times), and the rows read once per transcript array and known orders (three judges
 * of an area ask). Shared: no caller may change them.
 */
function admissibleCancels(ctx: Ctx, known: KnownOrders): readonly KeyCancelRow[] {
  const all = ctx.transcript.all();
  const hit = readOnce.get(all);
  if (hit && hit.length === all.length && hit.known === known) return hit.rows;
  const admits = new Map<string, boolean>();
  const rows = keyCancels(ctx).filter(({ id }) => {
    const weighed = admits.get(id);
    if (weighed !== undefined) return weighed;
    const ok = admissibleAbsent(known, BigInt(id));
    admits.set(id, ok);
    return ok;
  });
  readOnce.set(all, { length: all.length, known, rows });
  return rows;
}

const readOnce = new WeakMap<
  readonly Exchange[],
  { length: number; known: KnownOrders; rows: readonly KeyCancelRow[] }
>();

/** The cancels with the key of ids the first list proves absent, in the order sent; a skip when none. */
export async function absentCancels(ctx: Ctx): Promise<{ known: KnownOrders; xs: readonly KeyCancelRow[] }> {
  const known = await knownOrders(ctx, true);
  if (!known) ctx.skip(await noKnownReason(ctx, true));
  const xs = admissibleCancels(ctx, known);
  if (xs.length === 0)
    ctx.skip(
      `no cancel with the key named an id the first list proves absent (far from every listed id, unless the list is trusted: ${flagRef('trustOrderList')})`,
      NOT_OBSERVED,
    );
  return { known, xs };
}
