// HTTP-CANCEL-PATH-ID: a cancel names its order by the path parameter alone (spec §4 cancelOrder), whatever
// query it carries; a server that reads `orderId` from the query first (a merged parameter bag) acts on another
// order. Sends into the room the key's window has left, naming only a shipped fixture, an id proven absent and
// a spare pending fixture (one no other check took).
import type { Finding } from '../../lib/check/findings.ts';
import { input, OUTCOME } from '../../lib/check/skip.ts';
import { flagAndEnv } from '../../lib/config/settings.ts';
import type { Response } from '../../lib/http/client.ts';
import { SPEC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { LIST_BODIES, ListBodies } from '../kit/list-bodies.ts';
import { ORDERS, orderPath } from '../kit/paths.ts';
import { describeStatus } from '../kit/responses.ts';
import { shares } from '../kit/sendings.ts';
import { STORE_LISTS, StoreLists } from '../kit/store-lists.ts';
import { cancelledBy } from '../kit/target-facts.ts';
import { OutOfRoom, roomKeeper } from './surface-room.ts';

export const QUERY_ID_CHECK = 'HTTP-CANCEL-PATH-ID';
/** A cancel of an absent id naming a shipped one in its query; a spare's cancel naming an absent id, a list after. */
export const QUERY_ID_REQUESTS = 3;

const named = (path: string, id: string) => `${path}?orderId=${id}`;
const shown = (res: Response) =>
  `${res.exchange.request.method} ${new URL(res.exchange.request.url).pathname}${new URL(res.exchange.request.url).search}`;

/** A refusal of the request itself (its query, say), which changes nothing and names no order. */
const refusal = (s: number) => s >= 400 && s < 500 && ![401, 403, 404, 409, 429].includes(s);

/** What the answers showed: outcomes judged, and whether the server refused the query itself. */
interface Tally {
  judged: string[];
  /** Answers found wrong (each a problem recorded). */
  wrong: number;
  refused: boolean;
}

/** Records a wrong answer: a problem, counted as judged. */
function wrong(ctx: Ctx, t: Tally, message: string, finding: Finding): void {
  t.wrong += 1;
  ctx.problem(message, finding);
}

/** DELETE {an id proven absent}?orderId={a shipped fixture}: 404, never the shipped order's 409 or a 2xx. */
async function absentPath(ctx: Ctx, absent: string, shipped: string, t: Tally): Promise<void> {
  const res = await ctx.http.send({ method: 'DELETE', path: named(orderPath(absent), shipped) });
  const s = res.status;
  const finding = {
    expected: `404 (no order has the path's orderId ${absent})`,
    actual: describeStatus(res),
    exchange: res.exchange,
  };
  if (s === 404) t.judged.push(`${shown(res)} → 404`);
  else if (s === 409)
    wrong(
      ctx,
      t,
      `${shown(res)} answered 409, the answer for the shipped order ${shipped} the query names: the order was read from the query, not from the path (whose id no order has)`,
      finding,
    );
  else if (s >= 200 && s <= 299)
    wrong(ctx, t, `${shown(res)} answered ${s}: a cancel whose path names no order was carried out`, finding);
  else if (s >= 500)
    wrong(ctx, t, `${shown(res)} answered ${s}, not the 404 its path's absent id is owed`, finding);
  else if (refusal(s)) {
    t.refused = true;
    t.judged.push(`${shown(res)} → ${s} (the query refused: allowed, the spec defines none)`);
  } else ctx.note(`${shown(res)} answered ${describeStatus(res)}: not judged`);
}

/**
 * DELETE {a spare pending fixture}?orderId={an id proven absent}, then a list: the fixture is cancelled (2xx);
 * a 404 with the list after still showing it says the query's id was the one looked up.
 */
async function sparePath(ctx: Ctx, spare: string, absent: string, t: Tally): Promise<void> {
  ctx.log(
    `  ${QUERY_ID_CHECK}: cancelling spare fixture ${spare} with ?orderId=${absent} (an id proven absent)`,
  );
  const res = await ctx.http.send({ method: 'DELETE', path: named(orderPath(spare), absent) });
  const s = res.status;
  const after = await ctx.http.send({
    method: 'GET',
    path: ORDERS,
    headers: { 'Cache-Control': 'no-cache' },
  });
  if (cancelledBy(s)) {
    t.judged.push(`${shown(res)} → ${s} (fixture ${spare} cancelled)`);
    return;
  }
  if (s >= 400 && s < 500) ctx.target.release(spare, QUERY_ID_CHECK);
  // The ids of the list after, as the store model reads every list (the bind registers it before any request).
  const lists = ctx.memo.once(
    STORE_LISTS,
    () => new StoreLists(ctx.memo.once(LIST_BODIES, () => new ListBodies())),
  );
  const listed = lists.snapshotOf(after.exchange)?.has(spare);
  if (s === 404 && listed)
    wrong(
      ctx,
      t,
      `${shown(res)} answered 404 and list #${after.exchange.seq} after it still shows pending fixture ${spare}: the order looked up was the query's ${absent} (no order has it), not the path's`,
      {
        expected: `204 (order ${spare}, named by the path, cancelled)`,
        actual: describeStatus(res),
        exchange: res.exchange,
      },
    );
  else if (refusal(s)) {
    t.refused = true;
    t.judged.push(`${shown(res)} → ${s} (the query refused; fixture ${spare} given back)`);
  } else
    ctx.note(
      `${shown(res)} answered ${describeStatus(res)}${listed === false ? `, and list #${after.exchange.seq} does not show ${spare}` : ''}: not judged`,
    );
}

/** Whether the key's window, as last announced, has room for `n` more requests (or has ended). */
function roomFor(ctx: Ctx, n: number): boolean {
  const { remaining, resetAtMs } = ctx.http.pacer.snapshot('primary');
  return remaining === undefined || remaining >= n || (resetAtMs !== undefined && resetAtMs <= Date.now());
}

async function run(ctx: Ctx): Promise<void> {
  const absent = await ctx.target.absentId();
  if (absent === undefined) ctx.skip(await ctx.target.absenceSkip());
  const t: Tally = { judged: [], wrong: 0, refused: false };
  try {
    await roomKeeper(ctx)();
  } catch (e) {
    if (!(e instanceof OutOfRoom)) throw e;
    ctx.skip(`${e.message}: nothing sent; raise ${flagAndEnv('surfaceWindows')}`, input('surfaceWindows'));
  }
  const shipped = ctx.target.shippedIds[0];
  if (shipped !== undefined) await absentPath(ctx, absent!, shipped, t);
  else
    ctx.note(
      `no shipped fixture given (${flagAndEnv('shippedOrderIds')}): no absent path naming one in its query sent`,
    );
  // A spare only: one no other check took (the race's partner took its own before), and only where the query
  // was not refused already (it would be again, and the fixture is kept) and the window has room for both.
  const spared = !t.refused && ctx.target.cancellableLeft > 0 && roomFor(ctx, 2);
  if (spared) {
    const spare = ctx.target.takeCancellable()!;
    await sparePath(ctx, spare, absent!, t);
  } else if (!t.refused)
    ctx.note(
      ctx.target.cancellableLeft === 0
        ? `no spare pending fixture left (one more in ${flagAndEnv('cancellableOrderIds')} than the run takes): the path's pending order not cancelled with a query`
        : "the key's window had no room for the spare's cancel and a list after it",
    );
  if (t.judged.length + t.wrong === 0) {
    // Neither probe could go out: no shipped order to name in a query, no pending fixture left spare.
    if (shipped === undefined && !spared)
      ctx.skip(
        `needs a shipped order to name in a query (${flagAndEnv('shippedOrderIds')}) or a pending fixture the run leaves spare (one more in ${flagAndEnv('cancellableOrderIds')})`,
        input('shippedOrderIds'),
      );
    ctx.skip('no cancel with a query was answered so it could be judged', OUTCOME);
  }
  ctx.observe(`the path named the order (${t.judged.join('; ')})`, t.judged.length + t.wrong);
}

export const queryIdCheck = check({
  id: QUERY_ID_CHECK,
  spec: 'spec §4 cancelOrder (path parameter), rule 3',
  level: 'MUST',
  rules: ['4.cancel.param', '4.cancel.r3', '4.cancel.204'],
  requirement:
    'A cancel names its order by the path parameter orderId alone: an orderId in the query never names another order (a cancel of an absent id naming a shipped one in its query is answered 404, a pending one named by the path is cancelled whatever id the query names), though the query may be refused.',
  rationale:
    "The spec defines the order of a cancel as its path parameter and no query parameter; a server that takes `orderId` from the query when present (a merged parameter bag: request.input('orderId', params.orderId), req.query.x ?? req.params.x) cancels an order the path does not name. A 4xx refusing the query (400, 422) is allowed and recorded: the spec defines no query parameter, and a server may refuse what it does not define; the spare fixture is then given back. Only a shipped fixture (which no cancel changes) and an id proven absent go in a query; the path names an id proven absent, or a pending fixture no other check took (left untaken by the plan, after the race took its partner), in the room the key's window has left.",
  basis: [SPEC.orderIdParam, SPEC.absent404, SPEC.cancel204],
  title:
    'Sends DELETE /store/orders/{an id proven absent}?orderId={a shipped fixture}, and with a spare pending fixture DELETE /store/orders/{it}?orderId={an id proven absent} then GET /store/orders, in the room the key’s window has left',
  needs: { requests: QUERY_ID_REQUESTS, shared: shares('order list') },
  recorded: { only: 'the cancels with an orderId query this check sends' },
  run,
});
