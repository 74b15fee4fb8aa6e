// The whole run's lists judged against the store model: a cancelled order shown one way after its cancel
// (allowing the lag the server declared), nothing vanishing or coming back that no request explains, and how
// long lists lagged the cancels, recorded. Reads every plain list of the run, whichever check sent it; sends
// nothing, so these run last in the state area, after everything it sends.
import { input, OUTCOME } from '../../lib/check/skip.ts';
import { flagAndEnv, flagRef } from '../../lib/config/settings.ts';
import { SPEC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { LIST_BODIES } from '../kit/list-bodies.ts';
import { noteLenientLists } from '../kit/list-body.ts';
import { replay } from '../kit/traffic.ts';
import { afterCancels, contradictions, lags, listedThough404, type PairCounts } from './after-cancel.ts';
import { staleAfterCancel } from './cancelled-fields.ts';
import { type StoreFinding, secondsBetween } from './history.ts';
import { lagSummary } from './lag-summary.ts';
import { unexplainedChanges } from './list-changes.ts';
import { listedPendingBetween } from './pending-between.ts';
import { declaredLagMs, historyNow } from './store.ts';
import { noListAfterCancelWhy } from './unjudged.ts';

function report(ctx: Ctx, findings: readonly StoreFinding[]): void {
  for (const f of findings) {
    ctx.problem(f.problem, { exchange: f.exchanges[0]! });
    ctx.evidence(...f.exchanges.slice(1));
  }
}

/** Without fixtures the run cancels nothing: the check is left out for want of them, not by an outcome. */
/**
 * Why the store model read fewer lists than the run was answered: list answers (2xx to a plain GET
 * /store/orders with the key) whose body could not be read as a list, cut short or no array. Empty when none.
 */
function unreadLists(ctx: Ctx): string {
  const answered = ctx.transcript
    .all()
    .filter(
      (x) =>
        x.bucket === 'primary' &&
        x.request.method === 'GET' &&
        /\/store\/orders$/.test(x.request.url) &&
        x.response !== undefined &&
        x.response.status >= 200 &&
        x.response.status < 300,
    );
  const unread = answered.length - historyNow(ctx).lists.length;
  if (unread <= 0) return '';
  const cut = answered.some((x) => x.response!.bodyError !== undefined);
  return `; ${unread} of the ${answered.length} list answers could not be read as a list (${cut ? 'bodies cut short: see HTTP-FRAMING and LIST-BODY-ARRAY' : 'see LIST-BODY-ARRAY'})`;
}

function noneCancelled(ctx: Ctx, pairs: number): void {
  if (pairs === 0 && ctx.config.cancellableOrderIds.length === 0)
    ctx.skip(
      `nothing was cancelled, so no list can show a cancel: list a pending order the run may cancel in ${flagAndEnv('cancellableOrderIds')}`,
      input('cancellableOrderIds'),
    );
}

const declared = (ctx: Ctx) =>
  ctx.config.consistencySeconds > 0
    ? `a lag of ${ctx.config.consistencySeconds} s (declared with ${flagRef('consistencySeconds')})`
    : 'no lag (read-your-writes)';

/** The way cancelled orders show, as the judged pairs have it: listed, gone, or both (a finding). */
function wayOf(counts: PairCounts): string {
  if (counts.judgedShown === counts.judged) return 'cancelled orders stay listed';
  return counts.judgedShown === 0
    ? 'cancelled orders leave the list'
    : 'cancelled orders are shown both ways';
}

/** The traffic that shows how lists follow the cancels, in a recording as in a run. */
const AFTER_CANCEL = 'a GET /store/orders answered 2xx after a cancel answered 2xx';

export const listChecks = [
  check({
    id: 'STATE-LIST-AFTER-CANCEL',
    level: 'MUST',
    rules: ['4.list.200', '4.list.r1', '3.pending-cancel'],
    requirement:
      'Every list read after a cancel succeeded shows the cancelled order the same way: gone from every one, or in every one (the spec leaves open which), and not listed while a cancel of it is answered 404, nor listed with the status "pending" between its cancel and a 409 to the next, beyond a lag the server declared.',
    rationale: `The list holds all orders in the store, so it shows the store after the cancel, not before it (read-your-writes; a declared lag, ${flagRef('consistencySeconds')}, is allowed): a list that still shows an order others show gone, or one that comes back, shows a store that is not there.`,
    basis: [SPEC.list200, SPEC.listWhole, SPEC.pendingCancelled],
    title: 'Reads every GET /store/orders of the run sent after a cancel of the run succeeded',
    needs: { requests: 0 },
    recorded: { shows: AFTER_CANCEL },
    async judge(ctx: Ctx) {
      noteLenientLists(ctx);
      const history = historyNow(ctx);
      const pairs = afterCancels(history, declaredLagMs(ctx));
      const { counts } = pairs;
      const judged = pairs.filter((p) => !p.declaredLag);
      noneCancelled(ctx, counts.all);
      if (counts.judged === 0)
        ctx.skip(
          `nothing to judge: ${counts.all > 0 ? `every list read after a successful cancel came within ${declared(ctx)}` : noListAfterCancelWhy(history)}${unreadLists(ctx)}`,
          OUTCOME,
        );
      report(ctx, [
        ...contradictions(pairs),
        ...listedThough404(history, pairs),
        ...staleAfterCancel(
          history,
          (x) => replay(ctx, x)?.body,
          declaredLagMs(ctx),
          (x) => ctx.memo.peek(LIST_BODIES)?.firstOf(x),
        ),
        ...listedPendingBetween(
          history,
          (x) => replay(ctx, x)?.body,
          declaredLagMs(ctx),
          (x) => ctx.memo.peek(LIST_BODIES)?.firstOf(x),
        ),
      ]);
      const { orders } = counts;
      ctx.evidence(...judged.slice(0, 4).map((p) => p.list.exchange));
      ctx.observe(
        `${wayOf(counts)}: ${counts.judged} lists after the cancels of ${orders} order${orders === 1 ? '' : 's'} agree (allowing ${declared(ctx)})`,
        counts.judged,
      );
    },
  }),
  check({
    id: 'STATE-LIST-EXPLAINED',
    level: 'MUST',
    rules: ['4.list.200', '4.list.r1'],
    requirement:
      'No order leaves the list, or comes back to it, unless a request of the run cancelled it: every fixture the run did not cancel stays listed.',
    rationale:
      'The list always holds all orders in the store, and the run changes the store only by its cancels: an order listed once and missing later, or missing and back, is a list that does not show the store or a request that changed more than it named (a cancel that drops a neighbour). No operation of the API creates an order, but the store is not the API’s alone (orders are placed by an operation the spec does not show), so an order new to a later list is only noted here; where only refusals came between two lists, the STATE- refusal checks blame it, unless the store is seen to grow with no cancel between two lists. Assumes no other client removes orders during the run.',
    basis: [SPEC.list200, SPEC.listWhole],
    title: 'Compares every GET /store/orders of the run with the one answered before it',
    needs: { requests: 0 },
    recorded: { shows: 'two GET /store/orders answered 2xx, read whole' },
    async judge(ctx: Ctx) {
      noteLenientLists(ctx);
      const { findings, compared, newIds, grows } = unexplainedChanges(historyNow(ctx));
      if (compared === 0)
        ctx.skip(`nothing to judge: the run read fewer than two lists${unreadLists(ctx)}`, OUTCOME);
      if (newIds.length > 0)
        ctx.note(
          `${newIds.length} order${newIds.length === 1 ? '' : 's'} no earlier list held appeared (${newIds.slice(0, 5).join(', ')}${newIds.length > 5 ? ', …' : ''}): ${grows ? 'orders placed meanwhile, by an operation the spec does not show' : 'placed meanwhile by an operation the spec does not show, or made by a request of the run: where only refusals came between two lists the STATE- refusal checks judge it'}; not judged`,
        );
      if (grows) ctx.note(grows);
      report(ctx, findings);
      ctx.observe(`${compared} lists, each compared with the one before it: nothing unexplained`, compared);
    },
  }),
  check({
    id: 'STATE-LIST-LAG-INFO',
    level: 'INFO',
    rules: ['3.pending-next'],
    requirement:
      'How long lists went on showing an order after its cancel succeeded (the store’s lag), and the lag the server declared, is recorded.',
    rationale:
      'Whether a cancelled order stays listed is not shown; for a server that removes cancelled orders, the last list still showing one and the first without it bound how long lists lag a cancel.',
    basis: [SPEC.pendingCancelled],
    title: 'Reads every GET /store/orders of the run sent after a cancel of the run succeeded',
    needs: { requests: 0 },
    recorded: { shows: AFTER_CANCEL },
    async judge(ctx: Ctx) {
      noteLenientLists(ctx);
      const pairs = afterCancels(historyNow(ctx), declaredLagMs(ctx));
      const lists = pairs.counts.all;
      noneCancelled(ctx, lists);
      if (lists === 0)
        ctx.skip(`nothing to judge: ${noListAfterCancelWhy(historyNow(ctx))}${unreadLists(ctx)}`, OUTCOME);
      const all = lags(pairs);
      for (const l of all)
        ctx.note(
          `order ${l.id}: ${l.lastShownMs !== undefined ? `still listed ${secondsBetween(0, l.lastShownMs)} after its cancel` : 'not listed after its cancel'}${l.firstGoneMs !== undefined && Number.isFinite(l.firstGoneMs) ? `, gone from a list ${secondsBetween(0, l.firstGoneMs)} after it` : ', never gone from a list after it'}`,
        );
      ctx.observe(`${lagSummary(all, lists)}; allowed: ${declared(ctx)}`, lists);
    },
  }),
];
