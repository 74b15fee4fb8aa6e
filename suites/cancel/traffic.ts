// The cancel checks judged from recorded traffic: every cancel a client sent with the key, by what it answered
// (a 2xx is a cancellation, so 204 and no content), what followed a cancellation (a repeat is never 2xx), the
// shipped fixtures the judge is told of (409), every 409 body. Sends nothing.
import { input } from '../../lib/check/skip.ts';
import { flagAndEnv, flagRef } from '../../lib/config/settings.ts';
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import { rawOf } from '../../lib/http/transcript.ts';
import type { Ctx } from '../kit/context.ts';
import { expectErrorBody, expectStatus } from '../kit/expect.ts';
import { keyCancels } from '../kit/key-cancels.ts';
import { describeStatus, recordedView } from '../kit/responses.ts';
import { cancelledBy } from '../kit/target-facts.ts';
import { NOT_OBSERVED, type TrafficJudges } from '../kit/traffic.ts';
import { absentCancel, absentCancelBody } from '../order-id/traffic.ts';
import { cancelHistories } from '../state/cancel-histories.ts';

/** CANCEL-PENDING-204: a cancel that cancelled (a 2xx other than 202) answered 204. */
async function pending204(ctx: Ctx): Promise<void> {
  const cancels = keyCancels(ctx);
  // The first cancel of each order the user vouched pending (--cancellable-order-ids) cancels it, whatever
  // it answered: a refusal there is the failure a run reports, not traffic that says nothing.
  const vouched = new Set(ctx.config.cancellableOrderIds);
  const firsts = new Map<string, (typeof cancels)[number]>();
  // The primary key's: a second key may see another store (how a key is scoped is not shown, spec §5 rule 5).
  for (const c of cancels) if (vouched.has(c.id) && !firsts.has(c.id) && c.primary) firsts.set(c.id, c);
  const done = cancels.filter(({ x }) => cancelledBy(x.response!.status));
  // Only an order no cancel ever cancelled: of two sent at one moment (a race), the refused one may be
  // recorded first.
  const cancelled = new Set(done.map((c) => c.id));
  const refused = [...firsts.values()].filter(
    ({ x, id }) => !cancelledBy(x.response!.status) && !cancelled.has(id),
  );
  if (done.length + refused.length === 0)
    ctx.skip('no cancel with the key was answered with a cancellation (2xx)', NOT_OBSERVED);
  for (const { x, id } of refused)
    expectStatus(ctx, { ...headOf(x), exchange: x }, `the first cancel of pending order ${id}`).toBe(204);
  for (const { x, id } of done)
    expectStatus(ctx, { ...headOf(x), exchange: x }, `cancelling order ${id}`).toBe(204);
  ctx.observe(`${done.length} cancellations answered 204`, done.length);
}

/** CANCEL-204-NO-CONTENT: every 204 to a cancel carries no content. */
async function noContent204(ctx: Ctx): Promise<void> {
  const xs = keyCancels(ctx).filter(({ x }) => x.response!.status === 204);
  if (xs.length === 0) ctx.skip('no cancel with the key was answered 204', NOT_OBSERVED);
  for (const { x } of xs) {
    const r = x.response!;
    const headers = rawOf(r).headers;
    const length = headerValue(headers, 'content-length');
    const te = headerValue(headers, 'transfer-encoding');
    if (r.bodyBytes > 0) ctx.problem(`the 204 carried ${r.bodyBytes} body bytes`, { exchange: x });
    if (length !== undefined) ctx.problem(`the 204 carried Content-Length: ${length}`, { exchange: x });
    if (te !== undefined) ctx.problem(`the 204 carried Transfer-Encoding: ${te}`, { exchange: x });
  }
  ctx.observe(`no content in ${xs.length} answers 204`, xs.length);
}

/** CANCEL-REPEAT-NOT-2XX: a cancel of an order a cancel just cancelled is never 2xx. */
async function repeatNot2xx(ctx: Ctx): Promise<void> {
  const repeats = cancelHistories(ctx).histories.flatMap((h) => h.repeats.map((x) => ({ h, x })));
  if (repeats.length === 0)
    ctx.skip('no order the recording cancelled was cancelled again within the same window', NOT_OBSERVED);
  for (const { h, x } of repeats)
    expectStatus(
      ctx,
      { ...headOf(x), exchange: x },
      `a second cancel of order ${h.id}, already cancelled,`,
    ).not2xx('an order that is no longer pending was cancelled again');
  ctx.observe(`${repeats.length} repeated cancels, none answered 2xx`, repeats.length);
}

/** CANCEL-REPEAT-INFO: what a repeated cancel answered. */
async function repeatInfo(ctx: Ctx): Promise<void> {
  const repeats = cancelHistories(ctx).histories.flatMap((h) => h.repeats.map((x) => ({ h, x })));
  if (repeats.length === 0)
    ctx.skip('no order the recording cancelled was cancelled again within the same window', NOT_OBSERVED);
  ctx.evidence(...repeats.slice(0, 3).map(({ x }) => x));
  const seen = repeats.map(({ h, x }) => `order ${h.id}: ${describeStatus(headOf(x))}`);
  ctx.observe(`a second cancel answered ${seen.slice(0, 5).join('; ')}`, repeats.length);
}

/** CANCEL-SHIPPED-409: every cancel of a shipped fixture the judge was told of answered 409. */
async function shipped409(ctx: Ctx): Promise<void> {
  const shipped = new Set(ctx.config.shippedOrderIds);
  if (shipped.size === 0)
    ctx.skip(
      `no order is known to have shipped: name them with ${flagAndEnv('shippedOrderIds')}`,
      input('shippedOrderIds'),
    );
  const xs = keyCancels(ctx).filter(({ id }) => shipped.has(id));
  if (xs.length === 0) ctx.skip('no cancel of a shipped order was recorded', NOT_OBSERVED);
  for (const { x, id } of xs)
    expectStatus(ctx, { ...headOf(x), exchange: x }, `cancelling shipped order ${id}`).toBe(409);
  ctx.observe(`409 for each cancel of a shipped order (${xs.length})`, xs.length);
}

/** CANCEL-SHIPPED-409-BODY: every 409 to a cancel that carries a body carries an Error. */
async function body409(ctx: Ctx): Promise<void> {
  const xs = keyCancels(ctx).filter(({ x }) => x.response!.status === 409);
  if (xs.length === 0) ctx.skip('no cancel with the key was answered 409', NOT_OBSERVED);
  // A 409 whose body was not recorded says nothing either way (a 409 needs none, spec §7 rule 2).
  const known = xs.filter(({ x }) => !x.response!.bodyTruncated);
  if (known.length === 0)
    ctx.skip('no answer 409 was recorded with its body, or as having none', NOT_OBSERVED);
  let bodies = 0;
  for (const { x } of known) {
    if (x.response!.bodyBytes === 0) continue;
    bodies += 1;
    expectErrorBody(ctx, recordedView(x)!, x, `#${x.seq}: `);
  }
  ctx.observe(`${known.length} answers 409, ${bodies} with a body, each a valid Error`, known.length);
}

/** The status of a recorded answer in the shape the status expectations read. */
function headOf(x: import('../../lib/http/transcript.ts').Exchange) {
  const r = x.response!;
  return {
    exchange: x,
    status: r.status,
    headers: rawOf(r).headers,
    bytes: r.bodyBytes,
    receivedAtMs: Date.parse(x.startedAt) + x.durationMs,
  };
}

const CANCELS = 'a DELETE /store/orders/{id} sent with the key';

export const CANCEL_TRAFFIC: TrafficJudges = {
  'CANCEL-PENDING-204': { judge: pending204, shows: `${CANCELS} that cancelled a pending order` },
  'CANCEL-204-NO-CONTENT': { judge: noContent204, shows: `${CANCELS} answered 204` },
  'CANCEL-REPEAT-NOT-2XX': {
    judge: repeatNot2xx,
    shows: `${CANCELS} of an order cancelled moments before (within one rate-limit window)`,
  },
  'CANCEL-REPEAT-INFO': {
    judge: repeatInfo,
    shows: `${CANCELS} of an order cancelled moments before (within one rate-limit window)`,
  },
  'CANCEL-SHIPPED-409': {
    judge: shipped409,
    shows: `${CANCELS} of an order named in ${flagRef('shippedOrderIds')}`,
  },
  'CANCEL-SHIPPED-409-BODY': { judge: body409, shows: `${CANCELS} answered 409 with a body` },
  'CANCEL-UNKNOWN-404': {
    judge: absentCancel,
    shows: `${CANCELS} of an id the first list proves absent`,
  },
  'CANCEL-UNKNOWN-404-BODY': {
    judge: absentCancelBody,
    shows: `${CANCELS} of an id the first list proves absent, answered 404`,
  },
};
