// The list checks judged from recorded traffic: the first list read with the key stands for the run's own
// (recorded-target.ts), every list body is judged as it arrived, and a client's own "Accept: */*" or query
// lists are compared with that first list. Sends nothing.
import { OUTCOME } from '../../lib/check/skip.ts';
import { arrayMember } from '../../lib/formats/json.ts';
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import { count } from '../../lib/words.ts';
import type { Ctx } from '../kit/context.ts';
import { LIST_BODIES } from '../kit/list-bodies.ts';
import { judgeable } from '../kit/list-body.ts';
import { carriesKey } from '../kit/offered.ts';
import { idIdentity } from '../kit/order-list.ts';
import { describeStatus } from '../kit/responses.ts';
import { cancelledBy } from '../kit/target-facts.ts';
import { NOT_OBSERVED, recorded, replay, SAYS_NOTHING } from '../kit/traffic.ts';
import type { TrafficJudges } from '../kit/traffic-judges.ts';

const FIRST_LIST = 'a GET /store/orders sent with the key and answered';
const EVERY_LIST = 'a 2xx to GET /store/orders recorded with its whole body';

/** The key's plain list requests (GET /store/orders on its own path) answered, in the order sent. */
function keyLists(ctx: Ctx, query: (q: string) => boolean) {
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

// LIST-JSON-ANY-ACCEPT: every list the key asked for with "Accept: */*" is the JSON array the plain list is.
async function anyAccept(ctx: Ctx): Promise<void> {
  const list = await ctx.target.list();
  judgeable(ctx, list.response);
  if (list.count === undefined)
    ctx.skip('the plain list is not a JSON array itself (see LIST-BODY-ARRAY): nothing to compare', OUTCOME);
  const first = list.response;
  const star = keyLists(ctx, (q) => q === '').filter(
    ({ x }) => x.seq !== first.exchange.seq && headerValue(x.request.headers, 'accept')?.trim() === '*/*',
  );
  let judged = 0;
  for (const { x } of star) {
    const same = ctx.memo.peek(LIST_BODIES)?.sameBytes(x, first.exchange) ?? false;
    const res = replay(ctx, x);
    if (!same && !res) {
      ctx.note(`#${x.seq}: its body was not recorded whole, so it is not compared`);
      continue;
    }
    judged += 1;
    const array = same || (res!.status === first.status && arrayMember(res!.body, 'id') !== undefined);
    if (!array)
      ctx.problem(
        `asked with "Accept: */*", the list answered ${describeStatus(res!)}, not the JSON array the plain list is`,
        { expected: `${first.status}, a JSON array`, actual: describeStatus(res!), exchange: x },
      );
  }
  if (judged === 0)
    ctx.skip(
      'the recording holds no list asked for with "Accept: */*" besides the one read as the list',
      NOT_OBSERVED,
    );
  ctx.observe(`"Accept: */*" gets the JSON array too (${judged} lists)`, judged);
}

/**
 * LIST-NO-NARROWING: every list the key asked for with a query, before anything was cancelled, holds every
 * order the plain list holds (a later one may differ because of the cancel, so it is not compared).
 */
async function noNarrowing(ctx: Ctx): Promise<void> {
  const list = await ctx.target.list();
  judgeable(ctx, list.response);
  if (list.count === undefined) ctx.skip('the list body is not a JSON array (see LIST-BODY-ARRAY)', OUTCOME);
  const ids = [...list.ids.all()].flatMap((id) => idIdentity(id) ?? []);
  if (ids.length < 2)
    ctx.skip(
      `the list holds ${count(ids.length, 'order id')}; narrowing to one cannot show with fewer than 2`,
      OUTCOME,
    );
  const firstCancel = recorded(ctx).find(
    ({ x, route }) => route?.op === 'cancel' && cancelledBy(x.response!.status),
  )?.x.seq;
  const before = (seq: number) => firstCancel === undefined || seq < firstCancel;
  let judged = 0;
  for (const { x, route } of keyLists(ctx, (q) => q !== '')) {
    if (!before(x.seq) || !before(list.response.exchange.seq)) continue;
    const res = replay(ctx, x);
    if (!res) {
      ctx.note(`#${x.seq} (?${route!.query}): its body was not recorded whole, so it is not compared`);
      continue;
    }
    judged += 1;
    const listed = res.status === 200 || res.status === list.response.status;
    const answered = listed ? arrayMember(res.body, 'id') : undefined;
    if (!answered) {
      ctx.problem(
        `with the query ?${route!.query} the list answered ${describeStatus(res)}, not a JSON array`,
        {
          exchange: x,
        },
      );
      continue;
    }
    const got = new Set(answered.map(idIdentity).filter((k) => k !== undefined));
    const missing = ids.filter((id) => !got.has(id));
    if (missing.length > 0)
      ctx.problem(
        `the query ?${route!.query} narrowed the list: ${missing.length} of ${ids.length} orders missing (e.g. ${missing.slice(0, 5).join(', ')})`,
        { expected: `all ${ids.length} orders`, actual: `${got.size} orders`, exchange: x },
      );
  }
  if (judged === 0)
    ctx.skip(
      'the recording holds no list asked for with a query before anything was cancelled',
      NOT_OBSERVED,
    );
  ctx.observe(`all ${ids.length} orders returned whatever the query (${judged} lists)`, judged);
}

export const LIST_TRAFFIC: TrafficJudges = {
  'LIST-STATUS-200': { judge: 'run', shows: FIRST_LIST },
  'LIST-CONTENT-TYPE-JSON': { judge: 'run', shows: FIRST_LIST },
  'LIST-BODY-ARRAY': { judge: 'run', shows: FIRST_LIST },
  'LIST-ITEMS-ORDER': { judge: 'run', shows: FIRST_LIST },
  'LIST-IDS-UNIQUE': { judge: 'run', shows: FIRST_LIST },
  'LIST-IDS-INT64': { judge: 'run', shows: FIRST_LIST },
  'LIST-HOLDS-FIXTURES': { judge: 'run', shows: `${FIRST_LIST}, and the fixtures the judge is told of` },
  'LIST-JSON-ANY-ACCEPT': {
    judge: anyAccept,
    shows:
      'a GET /store/orders with the key and "Accept: */*" (what browsers and curl send) beside the first list',
  },
  'LIST-NO-NARROWING': {
    judge: noNarrowing,
    shows: 'a GET /store/orders with the key and a query (limit, offset, a filter), before any cancel',
  },
  'EVERY-LIST-ITEMS-ORDER': { judge: 'run', shows: EVERY_LIST },
  'EVERY-LIST-IDS-UNIQUE': { judge: 'run', shows: EVERY_LIST },
  'EVERY-LIST-IDS-INT64': { judge: 'run', shows: EVERY_LIST },
};
