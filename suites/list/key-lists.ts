// What the list checks read besides the first list, live or recorded alike: the key's other GET /store/orders
// on its own path answered with something that speaks of the request (not a 429, not a 401). Reads only.

import { arrayMember } from '../../lib/formats/json.ts';
import type { ResponseHead } from '../../lib/http/client.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';
import type { Ctx } from '../kit/context.ts';
import { LIST_BODIES } from '../kit/list-bodies.ts';
import { carriesKey } from '../kit/offered.ts';
import { type ExchangeFacts, recorded, replay, SAYS_NOTHING } from '../kit/traffic.ts';

/** The traffic that shows the checks of the first list, in a recording as in a run. */
export const FIRST_LIST = 'a GET /store/orders sent with the key and answered';

/** The key's plain-path list requests whose query passes `query`, answered, in the order sent. */
export function keyLists(ctx: Ctx, query: (q: string) => boolean): Array<{ x: Exchange } & ExchangeFacts> {
  return recorded(ctx).filter(
    ({ x, route, offered }) =>
      route?.op === 'list' &&
      !route.spelled &&
      x.request.method === 'GET' &&
      query(route.query) &&
      carriesKey(offered) === 'primary' &&
      !SAYS_NOTHING(x.response!.status) &&
      x.response!.status !== 401,
  );
}

/** A received answer's status line and headers, as a message describes it (describeStatus). */
export const headOf = (x: Exchange): ResponseHead => ({
  exchange: x,
  status: x.response!.status,
  headers: rawOf(x.response!).headers,
  bytes: x.response!.bodyBytes,
  receivedAtMs: 0,
});

/** Whether a list answer carries a JSON array of orders (read once by the kit, else replayed); undefined when no whole body is at hand to tell. */
export function jsonArray(ctx: Ctx, x: Exchange): boolean | undefined {
  const findings = ctx.memo.peek(LIST_BODIES)?.findingsOf(x);
  // A body that is the array past a leading byte order mark is read so, as the plain list is (LIST-BODY-ARRAY
  // and EVERY-LIST-ITEMS-ORDER judge the mark).
  if (findings) return findings.notArray === undefined || findings.arrayPastBom === true;
  const res = replay(ctx, x);
  return res ? arrayMember(res.body, 'id') !== undefined : undefined;
}
