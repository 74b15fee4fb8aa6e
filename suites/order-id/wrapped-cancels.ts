// The keyed cancels of an id proven absent whose 32-bit reading names a pending known order (wraps-int32: 2^33 + 7,
// which (int)strtoll reads as 7), for the ID-CANCEL-MISREAD judge beside the malformed ones. The 32-bit reading is
// read here and where the case is built (fixtures.ts) only. Pure: reads the exchanges, never sends.
import { isCanonicalInt64 } from '../../lib/formats/int64.ts';
import type { Ctx } from '../kit/context.ts';
import { int32Reading } from '../kit/id-readings.ts';
import { type KnownOrders, provenAbsent } from '../kit/known-orders.ts';
import { carriesKey } from '../kit/offered.ts';
import { recorded, SAYS_NOTHING } from '../kit/traffic.ts';
import type { MalformedCancel } from './malformed-cancels.ts';

/**
 * Every cancel with the key of a canonical id the known orders prove absent, beyond int32, whose low 32 bits name
 * a pending known order: a 2xx there cancelled an order for an id no order has. A shipped order's 409 is not
 * read here (it tells a reading only beside other answers: malformed-cancels.ts), so the spelling run sends this
 * kind against pending fixtures only.
 */
export function wrappedCancels(ctx: Ctx, known: KnownOrders | undefined): MalformedCancel[] {
  if (!known) return [];
  return recorded(ctx).flatMap(({ x, route, offered }): MalformedCancel[] => {
    if (route?.op !== 'cancel' || route.spelled || route.id === undefined || !isCanonicalInt64(route.id))
      return [];
    const wrapped = int32Reading(route.id);
    if (wrapped === undefined) return [];
    const status = x.response!.status;
    if (carriesKey(offered) === undefined || status === 401 || SAYS_NOTHING(status)) return [];
    const hit = known.named(wrapped).find((c) => !c.shipped);
    // An id the list does not prove absent may be a real order: its own 2xx says nothing of a 32-bit reader. One
    // the run would not send (its low bits name an order not given) is still judged from a recording.
    if (!hit || !provenAbsent(known, BigInt(route.id))) return [];
    return [
      {
        x,
        segment: route.id,
        read: status >= 200 && status <= 299,
        named: { order: hit.order, level: 'MUST', shipped: false },
      },
    ];
  });
}
