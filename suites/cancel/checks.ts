// spec §4 Cancel an order (DELETE /store/orders/{orderId}): pending → 204, shipped → 409, unknown → 404.
// Only fixtures from --cancellable-order-ids are ever cancelled; unknown ids are proven absent first. Each
// check's send is what it asks the run to send; its one judge (judges.ts) reads a run and a recording alike.
import { input, OUTCOME, skipOf } from '../../lib/check/skip.ts';
import { flagAndEnv } from '../../lib/config/settings.ts';
import { RFC, SPEC } from '../kit/basis.ts';
import { type Ctx, check, suite } from '../kit/context.ts';
import { shares } from '../kit/sendings.ts';
import {
  absentCancel,
  absentCancelBody,
  body409,
  noContent204,
  repeatInfo,
  repeatNot2xx,
  SHOWS,
  shipped409,
} from './judges.ts';

const NO_FIXTURE = skipOf(
  `needs a pending order the run may cancel: list one in ${flagAndEnv('cancellableOrderIds')}`,
  input('cancellableOrderIds'),
);

/** The first cancel of a fixture (sent once for every check that reads it), or a skip when none is left. */
export async function sendFirstCancel(ctx: Ctx) {
  const first = ctx.target.firstCancel();
  if (!first) ctx.skip(NO_FIXTURE);
  return first;
}

/**
 * The second cancel of the fixture the first cancel took (sent once), or a skip saying why there is none: a
 * first cancel that cancelled nothing leaves nothing to cancel again.
 */
async function sendRepeat(ctx: Ctx): Promise<void> {
  const repeat = ctx.target.repeatCancel();
  if (!repeat) ctx.skip(NO_FIXTURE);
  const { first, again } = await repeat;
  if (!again)
    ctx.skip(
      `the first cancel answered ${first.status}, not a cancellation (204, or another 2xx but 202 Accepted; see CANCEL-PENDING-204)`,
      OUTCOME,
    );
}

/** The cancel of an id proven absent (sent once), or why no id can be proven absent. */
async function sendAbsent(ctx: Ctx) {
  const res = await ctx.target.cancelAbsent();
  if (!res) ctx.skip(await ctx.target.absenceSkip());
  return res;
}

/** Shipped fixtures cancelled beyond the first (each one request), at most. */
const MORE_SHIPPED = 3;

export const cancelOrder = suite({
  id: 'CANCEL',
  title: 'Cancel an order',
  spec: 'spec §4 cancelOrder',
  checks: [
    check({
      id: 'CANCEL-204-NO-CONTENT',
      spec: 'RFC 9110 §15.3.5; RFC 9110 §8.6; RFC 9112 §6.1; spec §4 cancelOrder (204: no body)',
      level: 'MUST',
      rules: ['4.cancel.204', '3.pending-cancel'],
      requirement:
        'A 204 response carries no content: no body bytes, and neither a Content-Length field (not even Content-Length: 0) nor Transfer-Encoding.',
      basis: [SPEC.cancel204, RFC.noContent204, RFC.noContentLength204, RFC.noTransferEncoding204],
      title:
        "Reads the body and framing headers of every 204 to a cancel with the key (the first cancel's, live)",
      needs: { requests: 0, shared: shares('first cancel') },
      recorded: { shows: SHOWS.noContent },
      async send(ctx: Ctx) {
        const { response } = await sendFirstCancel(ctx);
        if (response.status !== 204)
          ctx.skip(`the cancel answered ${response.status}, not 204 (see CANCEL-PENDING-204)`, OUTCOME);
      },
      judge: noContent204,
    }),
    check({
      id: 'CANCEL-REPEAT-NOT-2XX',
      spec: 'spec §4 cancelOrder rule 1; spec §3',
      level: 'MUST',
      rules: ['4.cancel.r1'],
      requirement:
        'A second cancel of an order the run has just cancelled is never answered 2xx ("Order cancelled").',
      rationale:
        'Only an order with status pending can be cancelled (spec §4 cancelOrder rule 1), stated without exception and so a MUST like rules 2 and 3; once cancelled the order is not pending.',
      basis: [SPEC.onlyPending],
      title: 'Sends DELETE /store/orders/{the cancelled fixture} a second time',
      needs: { requests: 0, shared: shares('repeated cancel') },
      recorded: { shows: SHOWS.repeat },
      send: sendRepeat,
      judge: repeatNot2xx,
    }),
    check({
      id: 'CANCEL-REPEAT-INFO',
      spec: 'spec §3 (next state after cancel: not shown)',
      level: 'INFO',
      rules: ['3.pending-next'],
      requirement:
        "Which status a second cancel of the just-cancelled order gets is not specified (2xx is CANCEL-REPEAT-NOT-2XX's finding); recorded.",
      basis: [SPEC.pendingCancelled],
      title: 'Reads the answer to the second DELETE of the cancelled fixture',
      needs: { requests: 0, shared: shares('repeated cancel') },
      recorded: { shows: SHOWS.repeat },
      send: sendRepeat,
      judge: repeatInfo,
    }),
    check({
      id: 'CANCEL-SHIPPED-409',
      spec: 'spec §4 cancelOrder rule 2; spec §3',
      level: 'MUST',
      rules: ['4.cancel.r2', '4.cancel.r1', '3.shipped-cancel', '7.409'],
      requirement: 'When the order has already shipped, then the response is 409.',
      basis: [SPEC.shipped409, SPEC.shippedRejected],
      title: `Sends DELETE /store/orders/{each shipped fixture} (the first ${1 + MORE_SHIPPED}) with the API key`,
      needs: { requests: MORE_SHIPPED, shipped: true, shared: shares('shipped cancel') },
      recorded: { shows: SHOWS.shipped },
      async send(ctx: Ctx) {
        // Every shipped fixture, not only the first: a server may get one right and another wrong.
        const ids = ctx.target.shippedIds.slice(0, 1 + MORE_SHIPPED);
        for (const id of ids) await ctx.target.cancelShipped(id);
        if (ctx.target.shippedIds.length > ids.length)
          ctx.note(
            `${ctx.target.shippedIds.length - ids.length} more shipped fixtures not sent (at most ${ids.length})`,
          );
      },
      judge: shipped409,
    }),
    check({
      id: 'CANCEL-SHIPPED-409-BODY',
      spec: 'spec §7 (Error responses that carry a body use the Error object); spec §7 rule 2',
      level: 'MUST',
      rules: ['7.error-object', '7.r2', '4.cancel.409-body'],
      requirement:
        'A 409 that carries a body carries an Error object whose status is 409 (the body itself is optional: not shown).',
      basis: [SPEC.errorObject, SPEC.errorStatus],
      title: "Validates the body, if any, of every 409 to a cancel with the key (the shipped cancel's, live)",
      needs: { requests: 0, shipped: true, shared: shares('shipped cancel') },
      recorded: { shows: SHOWS.body409 },
      async send(ctx: Ctx) {
        const res = await ctx.target.cancelShipped(ctx.target.shippedIds[0]!);
        if (res.status !== 409)
          ctx.skip(`the shipped cancel answered ${res.status}, not 409 (see CANCEL-SHIPPED-409)`, OUTCOME);
      },
      judge: body409,
    }),
    check({
      id: 'CANCEL-UNKNOWN-404',
      level: 'MUST',
      rules: ['4.cancel.r3', '7.404'],
      requirement: 'When no order has the given orderId, then the response is 404.',
      basis: [SPEC.absent404],
      title: 'Sends DELETE /store/orders/{an id proven absent from the list} with the API key',
      needs: { requests: 0, shared: shares('cancel of an absent id') },
      recorded: { shows: SHOWS.absent },
      async send(ctx: Ctx) {
        await sendAbsent(ctx);
      },
      judge: absentCancel,
    }),
    check({
      id: 'CANCEL-UNKNOWN-404-BODY',
      spec: 'spec §4 cancelOrder (404: Error object); spec §2 Error',
      level: 'MUST',
      rules: ['4.cancel.404', '2.error.fields', '2.error.status'],
      requirement: 'The 404 carries an Error object (code, message, status) whose status is 404.',
      basis: [SPEC.cancel404Body, SPEC.errorFieldsRequired, SPEC.errorStatus],
      title: 'Validates the body of the 404 to the absent-id cancel',
      needs: { requests: 0, shared: shares('cancel of an absent id') },
      recorded: { shows: SHOWS.absentBody },
      async send(ctx: Ctx) {
        const res = await sendAbsent(ctx);
        if (res.status !== 404)
          ctx.skip(`the absent-id cancel answered ${res.status}, not 404 (see CANCEL-UNKNOWN-404)`, OUTCOME);
      },
      judge: absentCancelBody,
    }),
  ],
});
