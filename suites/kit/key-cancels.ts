// The cancels a recording holds that say what they did to an order: with a key, on the operation's own path,
// a canonical id, and an answer that is neither 401 nor one that says nothing (429, a front's refusal).
// Read by the cancel, order-id and state areas' traffic judges. Pure; never sends.
import { isCanonicalInt64 } from '../../lib/formats/int64.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import type { Ctx } from './context.ts';
import { carriesKey } from './offered.ts';
import { recorded, SAYS_NOTHING } from './traffic.ts';

/** Every cancel with a key on the operation's own path with a canonical id, answered (not 401 or 429). */
export function keyCancels(ctx: Ctx): Array<{ x: Exchange; id: string; primary: boolean }> {
  return recorded(ctx).flatMap(({ x, route, offered }) =>
    route?.op === 'cancel' &&
    !route.spelled &&
    route.id !== undefined &&
    isCanonicalInt64(route.id) &&
    carriesKey(offered) !== undefined &&
    x.response!.status !== 401 &&
    !SAYS_NOTHING(x.response!.status)
      ? [{ x, id: route.id, primary: carriesKey(offered) === 'primary' }]
      : [],
  );
}
