// spec §1 and §4 listOrders: the service exchanges JSON, and its list is a JSON array of orders, whatever
// media types the client says it accepts: asked with "Accept: */*" (curl's default), the list is still JSON.
import { OUTCOME } from '../../lib/check/skip.ts';
import { arrayMember } from '../../lib/formats/json.ts';
import { SPEC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { LIST_BODIES } from '../kit/list-bodies.ts';
import { judgeable } from '../kit/list-body.ts';
import { ORDERS } from '../kit/paths.ts';
import { describeStatus } from '../kit/responses.ts';
import { shares } from '../kit/sendings.ts';

export const listAnyAccept = check({
  id: 'LIST-JSON-ANY-ACCEPT',
  spec: 'spec §1; spec §4 listOrders (200)',
  level: 'MUST',
  rules: ['1.json', '4.list.200'],
  requirement:
    'Asked with "Accept: */*", the list is the same JSON array of orders, not another representation (XML, HTML).',
  rationale:
    'The service exchanges JSON (spec §1) and the 200 is a JSON array of Order objects whatever the client accepts.',
  basis: [SPEC.json, SPEC.list200],
  title: 'Sends GET /store/orders with "Accept: */*" and compares it with the plain list',
  needs: { requests: 1, shared: shares('order list') },
  async run(ctx: Ctx) {
    const list = await ctx.target.list();
    judgeable(ctx, list.response);
    if (list.count === undefined)
      ctx.skip(
        'the plain list is not a JSON array itself (see LIST-BODY-ARRAY): nothing to compare',
        OUTCOME,
      );
    const res = await ctx.http.send({ method: 'GET', path: ORDERS, headers: { accept: '*/*' } });
    const first = list.response;
    // The very bytes of the plain list are the same JSON array: nothing to read again.
    const same = ctx.memo.peek(LIST_BODIES)?.sameBytes(res.exchange, first.exchange) ?? false;
    const array = same || (res.status === first.status && arrayMember(res.body, 'id') !== undefined);
    ctx.require(
      array,
      `asked with "Accept: */*", the list answered ${describeStatus(res)}, not the JSON array the plain list is`,
      { expected: `${first.status}, a JSON array`, actual: describeStatus(res), exchange: res.exchange },
    );
    ctx.observe(`"Accept: */*" gets the JSON array too (${describeStatus(res)})`, 1);
  },
});
