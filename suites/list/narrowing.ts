// spec §4 listOrders rule 1 and §8 rule 9: no query narrows or pages the list. One judge over every list the
// key asked for with a query before anything was cancelled, in a run or a recording; the run sends one.
import { OUTCOME } from '../../lib/check/skip.ts';
import { arrayMember } from '../../lib/formats/json.ts';
import { count } from '../../lib/words.ts';
import { SPEC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { idIdentity } from '../kit/id-identity.ts';
import { LIST_BODIES } from '../kit/list-bodies.ts';
import { judgeable } from '../kit/list-body.ts';
import { ORDERS } from '../kit/paths.ts';
import { describeStatus } from '../kit/responses.ts';
import { shares } from '../kit/sendings.ts';
import { cancelledBy } from '../kit/target-facts.ts';
import { NOT_OBSERVED, recorded, replay } from '../kit/traffic.ts';
import { headOf, keyLists } from './key-lists.ts';

const NARROWING_QUERY = '?limit=1&offset=1&status=pending';

export const listNoNarrowing = check({
  id: 'LIST-NO-NARROWING',
  spec: 'spec §4 listOrders rule 1',
  level: 'MUST',
  rules: ['4.list.r1', '4.list.params', '8.r9'],
  requirement: 'The response always contains all orders; query parameters cannot narrow or page it.',
  basis: [SPEC.listWhole, SPEC.listReturnedWhole],
  title: `Sends GET /store/orders${NARROWING_QUERY} and compares it with the plain list`,
  needs: { requests: 1, shared: shares('order list') },
  recorded: {
    shows: 'a GET /store/orders with the key and a query (limit, offset, a filter), before any cancel',
  },
  async send(ctx: Ctx) {
    // After the plain list, and only when it holds orders enough to show narrowing (the judge says why not).
    const list = await ctx.target.list();
    if (list.count !== undefined && list.ids.identities >= 2)
      await ctx.http.send({ method: 'GET', path: ORDERS + NARROWING_QUERY });
  },
  async judge(ctx: Ctx) {
    const list = await ctx.target.list();
    const first = list.response;
    judgeable(ctx, first);
    if (list.count === undefined)
      ctx.skip('the list body is not a JSON array (see LIST-BODY-ARRAY)', OUTCOME);
    // Every id compared by its JSON value: ids that are not integers (LIST-IDS-INT64) still tell orders apart.
    const held = list.ids.identities;
    if (held < 2)
      ctx.skip(
        `the list holds ${count(held, 'order id')}; narrowing to one cannot show with fewer than 2`,
        OUTCOME,
      );
    // A list read after a cancel may differ because of it: only those before the first are compared.
    const firstCancel = recorded(ctx).find(
      ({ x, route }) => route?.op === 'cancel' && cancelledBy(x.response!.status),
    )?.x.seq;
    const before = (seq: number) => firstCancel === undefined || seq < firstCancel;
    const bodies = ctx.memo.peek(LIST_BODIES);
    let ids: string[] | undefined;
    let judged = 0;
    for (const { x, route } of keyLists(ctx, (q) => q !== '')) {
      if (!before(x.seq) || !before(first.exchange.seq)) continue;
      const query = `?${route!.query}`;
      // The plain list's own 2xx is accepted too: its status is LIST-STATUS-200's finding, not narrowing.
      const listed = x.response!.status === 200 || x.response!.status === first.status;
      // The very bytes of the plain list hold every order it holds: nothing to read again.
      if (listed && bodies?.sameBytes(x, first.exchange)) {
        judged += 1;
        continue;
      }
      const res = listed ? replay(ctx, x) : undefined;
      if (listed && !res) {
        ctx.note(`#${x.seq} (${query}): its body was not kept whole, so it is not compared`);
        continue;
      }
      judged += 1;
      // Only the ids of this list are read: the items themselves are never built.
      const answered = res ? arrayMember(res.body, 'id') : undefined;
      if (!answered) {
        ctx.problem(
          `with the query ${query} the list answered ${describeStatus(headOf(x))}, not a JSON array`,
          { exchange: x },
        );
        continue;
      }
      const got = new Set(answered.map(idIdentity).filter((k) => k !== undefined));
      ids ??= [...list.ids.all()].flatMap((id) => idIdentity(id) ?? []);
      const missing = ids.filter((id) => !got.has(id));
      if (missing.length > 0)
        ctx.problem(
          `the query ${query} narrowed the list: ${missing.length} of ${held} orders missing (e.g. ${missing.slice(0, 5).join(', ')})`,
          { expected: `all ${held} orders`, actual: `${got.size} orders`, exchange: x },
        );
    }
    if (judged === 0)
      ctx.skip('no list asked for with a query was answered before anything was cancelled', NOT_OBSERVED);
    ctx.observe(`all ${held} orders returned whatever the query (${count(judged, 'list')})`, judged);
  },
});
