// The destructive orderId checks: cancelling one fixture leaves the others as they were, and non-canonical
// spellings of a fixture cancel nothing. Only fixtures from --cancellable-order-ids are ever sent as spellings
// or cancelled; shipped orders are only re-asked.
import type { Response } from '../../lib/http/client.ts';
import type { Ctx } from '../shared/context.ts';
import { orderPath } from '../shared/paths.ts';
import { describeStatus } from '../shared/responses.ts';
import { isolationPair, spellingFixture, spellings } from './fixtures.ts';
import { knownOrders, NO_LIST } from './known.ts';

const is2xx = (r: Response): boolean => r.status >= 200 && r.status < 300;

const del = (ctx: Ctx, segment: string): Promise<Response> =>
  ctx.http.send({ method: 'DELETE', path: orderPath(segment) });

export async function isolation(ctx: Ctx): Promise<void> {
  const pair = isolationPair(ctx.target.cancellableIds);
  const shipped = ctx.target.shippedIds[0];
  if (!pair || (pair.second === undefined && shipped === undefined))
    ctx.skip(
      'needs a second pending fixture or a shipped one to watch: list more in --cancellable-order-ids / ORDER_STORE_CANCELLABLE_ORDER_IDS or set --shipped-order-ids',
    );
  const { first, second } = pair;
  ctx.target.takeCancellableId(first);
  if (second !== undefined) ctx.target.takeCancellableId(second);
  const twins = second !== undefined && Number(first) === Number(second);
  ctx.note(
    `cancels ${first}, then watches ${[second, shipped].filter((x) => x !== undefined).join(' and ')}${twins ? ' (the same JS number)' : ''}`,
  );

  const before = shipped !== undefined ? await ctx.target.cancelShipped(shipped) : undefined;
  if (before) ctx.evidence(before.exchange);
  const cancel = await del(ctx, first);
  if (!is2xx(cancel))
    ctx.skip(
      `cancelling fixture ${first} answered ${describeStatus(cancel)}, so nothing was cancelled to watch (see CANCEL-PENDING-204; check --cancellable-order-ids)`,
    );

  const held: string[] = [];
  if (shipped !== undefined && before?.status === 409) {
    const again = await del(ctx, shipped);
    if (again.status !== 409)
      ctx.problem(
        `cancel changed another order: after cancelling ${first}, shipped order ${shipped} answered ${describeStatus(again)} instead of 409 as before`,
        { expected: '409', actual: String(again.status), exchange: again.exchange },
      );
    held.push(`shipped ${shipped} still 409`);
  } else if (before) {
    ctx.note(`shipped order ${shipped} answered ${before.status} before, not 409; not watched`);
  }
  if (second !== undefined) {
    const next = await del(ctx, second);
    if (!is2xx(next))
      ctx.problem(
        `${twins ? 'precision collision' : 'cancel changed another order'}: after cancelling ${first}, pending fixture ${second} answered ${describeStatus(next)} instead of 204${twins ? `; ${first} and ${second} are the same JS number, so the cancel of ${first} reached ${second}` : ''}`,
        { expected: '204', actual: String(next.status), exchange: next.exchange },
      );
    held.push(`pending ${second} still cancellable`);
  }
  if (held.length === 0)
    ctx.skip(
      `no other order could be watched after cancelling ${first}: list a second pending fixture in --cancellable-order-ids / ORDER_STORE_CANCELLABLE_ORDER_IDS`,
    );
  ctx.observe(`after cancelling ${first}: ${held.join(', ')}`);
}

export async function lenientSpellings(ctx: Ctx): Promise<void> {
  const known = await knownOrders(ctx);
  if (!known) ctx.skip(NO_LIST);
  const id = spellingFixture(ctx.target.cancellableIds, known);
  if (id === undefined)
    ctx.skip(
      'no remaining fixture has spellings that cannot name another order: add a small pending id to --cancellable-order-ids / ORDER_STORE_CANCELLABLE_ORDER_IDS',
    );
  ctx.target.takeCancellableId(id);
  const seen: string[] = [];
  for (const spelling of spellings(id)) {
    const res = await del(ctx, spelling);
    seen.push(`${spelling} → ${res.status}`);
    if (is2xx(res))
      ctx.problem(
        `lenient spelling accepted: DELETE /store/orders/${spelling} answered ${describeStatus(res)}, cancelling order ${id} through a non-canonical spelling of its id`,
        { expected: '4xx (not the canonical id)', actual: String(res.status), exchange: res.exchange },
      );
    else if (res.status >= 500) ctx.note(`${spelling} answered ${res.status} (see ID-MALFORMED-4XX)`);
  }
  ctx.note(`spellings of order ${id}: ${seen.join(', ')}`);
  ctx.observe(`no spelling of order ${id} cancelled it (${seen.join(', ')})`);
}
