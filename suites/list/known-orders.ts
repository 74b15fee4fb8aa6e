// spec §4 listOrders: the list holds all orders, so it holds every order the run was told exists (the
// cancellable and shipped fixtures), read in the first list, before anything is cancelled. Judges only.
import { input } from '../../lib/check/skip.ts';
import { flagAndEnv } from '../../lib/config/settings.ts';
import { SPEC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { itemsOf } from '../kit/list-body.ts';
import { shares } from '../kit/sendings.ts';
import { FIRST_LIST } from './key-lists.ts';

export const knownOrdersListed = check({
  id: 'LIST-HOLDS-FIXTURES',
  spec: 'spec §4 listOrders (200) and rule 1',
  level: 'MUST',
  rules: ['4.list.200', '4.list.r1'],
  requirement:
    'The first list, read before anything is cancelled, holds every order the run was given as existing (--cancellable-order-ids, --shipped-order-ids).',
  rationale:
    'The list holds all orders in the store (spec §4 listOrders), so a given fixture missing from it is a list that leaves orders out.',
  basis: [SPEC.list200, SPEC.listWhole],
  title: 'Looks for every cancellable and shipped fixture among the ids of the first GET /store/orders',
  needs: { requests: 0, shared: shares('order list') },
  recorded: { shows: `${FIRST_LIST}, and the fixtures the judge is told of` },
  async judge(ctx: Ctx) {
    const fixtures = [...new Set([...ctx.config.cancellableOrderIds, ...ctx.config.shippedOrderIds])];
    if (fixtures.length === 0)
      ctx.skip(
        `no order was given as existing, so none can be looked for: list fixtures in ${flagAndEnv('cancellableOrderIds')} or ${flagAndEnv('shippedOrderIds')}`,
        input('cancellableOrderIds'),
      );
    const list = await ctx.target.list();
    itemsOf(ctx, list);
    // Read generously (a string "7" stands for order 7 here): an id's type is LIST-IDS-INT64's finding.
    const missing = fixtures.filter((id) => !list.ids.hasGenerously(id));
    if (missing.length > 0)
      ctx.problem(
        `${missing.length} of the ${fixtures.length} orders given as fixtures are not in the list (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}): the list is not all orders in the store, unless a fixture no longer exists (then fix the fixtures)`,
        {
          expected: `all ${fixtures.length} fixtures listed`,
          actual: `${fixtures.length - missing.length} listed`,
          exchange: list.response.exchange,
        },
      );
    ctx.observe(`all ${fixtures.length} fixtures are in the list`, fixtures.length);
  },
});
