// What the list checks read besides the first list, live or recorded alike: the key's other GET /store/orders
// on its own path answered with something that speaks of the request (not a 429, not a 401). Reads only.
import type { ResponseHead } from '../../lib/http/client.ts';
import { type Exchange, rawOf } from '../../lib/http/transcript.ts';
import type { Ctx } from '../kit/context.ts';
import { carriesKey } from '../kit/offered.ts';
import { type ExchangeFacts, recorded, SAYS_NOTHING } from '../kit/traffic.ts';

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
