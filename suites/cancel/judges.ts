// The one judge of each cancel check, over every cancel with the key the run (or a recording) holds so far: by
// what it answered (a 2xx is a cancellation, so 204 and no content), what followed a cancellation (a repeat is
// never 2xx), the shipped fixtures (409), every 409 body, the first cancel of an id proven absent. Sends nothing.
import { input } from '../../lib/check/skip.ts';
import { flagAndEnv, flagRef } from '../../lib/config/settings.ts';
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, rawOf, startedMsOf } from '../../lib/http/transcript.ts';
import { absentCancels, answerOf } from '../kit/absent-cancels.ts';
import { cancelHistories } from '../kit/cancel-histories.ts';
import type { Ctx } from '../kit/context.ts';
import { expectErrorBody, expectStatus, requireStatus } from '../kit/expect.ts';
import { keyCancels } from '../kit/key-cancels.ts';
import { besideOtherOrders } from '../kit/lost-update.ts';
import { describeStatus, recordedView, viewOf } from '../kit/responses.ts';
import { cancelledBy } from '../kit/target-facts.ts';
import { NOT_OBSERVED, replay } from '../kit/traffic.ts';

const CANCELS = 'a DELETE /store/orders/{id} sent with the key';

/** The traffic that shows each cancel check, in a recording as in a run. */
export const SHOWS = {
  pending: `${CANCELS} that cancelled a pending order`,
  noContent: `${CANCELS} answered 204`,
  repeat: `${CANCELS} of an order cancelled moments before (within one rate-limit window)`,
  shipped: `${CANCELS} of an order named in ${flagRef('shippedOrderIds')}`,
  body409: `${CANCELS} answered 409 with a body`,
  absent: `${CANCELS} of an id the first list proves absent`,
  absentBody: `${CANCELS} of an id the first list proves absent, answered 404`,
} as const;

/** The status of a recorded answer in the shape the status expectations read. */
function headOf(x: Exchange) {
  const r = x.response!;
  return {
    exchange: x,
    status: r.status,
    headers: rawOf(r).headers,
    bytes: r.bodyBytes,
    receivedAtMs: startedMsOf(x) + x.durationMs,
  };
}

/**
 * The run's own DELETEs of order `id` without a valid key sent before `x` (the refusals STATE-401-CHANGES-NOTHING
 * sends just before the first cancel), as a report names them.
 */
function unkeyedBefore(ctx: Ctx, id: string, x: Exchange): string[] {
  const path = new RegExp(`/store/orders/${id}$`);
  return ctx.transcript
    .all()
    .filter(
      (y) =>
        y.seq < x.seq &&
        y.bucket === 'anonymous' &&
        y.request.method === 'DELETE' &&
        path.test(y.request.url.split('?')[0]!),
    )
    .map((y) => `#${y.seq} DELETE /store/orders/${id} → ${y.response?.status ?? 'no answer'}`);
}

/**
 * A 404 or 409 to the first cancel of a vouched-pending order has two readings the run cannot tell apart, unless
 * the run itself showed the order pending and then sent it a DELETE without a valid key: that one did it. Where
 * the run sent such a DELETE to an order not shown pending, that reading is named as a third (blind round 23:
 * a server that cancels before it authenticates was blamed on an earlier run alone).
 */
const gone = (ctx: Ctx, id: string, x: Exchange): string | undefined => {
  const status = x.response!.status;
  if (status !== 404 && status !== 409) return undefined;
  const unkeyed = unkeyedBefore(ctx, id, x);
  const deletes = unkeyed.length === 1 ? 'DELETE' : 'DELETEs';
  if (unkeyed.length > 0 && ctx.config.shownPending?.includes(id))
    return `order ${id} was shown pending to this run before it sent anything, and the run's own ${deletes} of it without a valid key (${unkeyed.join(', ')}) came before this cancel: a request refused for its credentials that was carried out all the same (see STATE-401-CHANGES-NOTHING)`;
  const refusal =
    unkeyed.length === 0
      ? ''
      : `, or the run's own ${deletes} of it without a valid key (${unkeyed.join(', ')}), sent before this cancel, ${unkeyed.length === 1 ? 'was' : 'were'} carried out although refused for ${unkeyed.length === 1 ? 'its' : 'their'} credentials (see STATE-401-CHANGES-NOTHING)`;
  return `either the server refuses a pending order (non-conformant), or order ${id} was no longer pending when the run began (cancelled by an earlier run or by someone else; the fixtures ledger has no entry for it, so no run of this suite recorded it)${refusal}. To tell them apart, look the order up on the server, or run again with a pending order created just before (a seeding step): a fresh one answered so is the server's failure`;
};

/** CANCEL-PENDING-204: a cancel that cancelled (a 2xx other than 202) answered 204. */
export async function pending204(ctx: Ctx): Promise<void> {
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
    expectStatus(ctx, headOf(x), `cancelling pending order ${id}`).toBe(204, gone(ctx, id, x));
  for (const { x, id } of done) expectStatus(ctx, headOf(x), `cancelling order ${id}`).toBe(204);
  ctx.observe(`${done.length} cancellations answered 204`, done.length);
}

/** CANCEL-204-NO-CONTENT: every 204 to a cancel carries no content. */
export async function noContent204(ctx: Ctx): Promise<void> {
  const xs = keyCancels(ctx).filter(({ x }) => x.response!.status === 204);
  if (xs.length === 0) ctx.skip('no cancel with the key was answered 204', NOT_OBSERVED);
  let typed: string | undefined;
  for (const { x } of xs) {
    const r = x.response!;
    const headers = rawOf(r).headers;
    const length = headerValue(headers, 'content-length');
    const te = headerValue(headers, 'transfer-encoding');
    if (r.bodyBytes > 0) ctx.problem(`the 204 carried ${r.bodyBytes} body bytes`, { exchange: x });
    if (length !== undefined) ctx.problem(`the 204 carried Content-Length: ${length}`, { exchange: x });
    if (te !== undefined) ctx.problem(`the 204 carried Transfer-Encoding: ${te}`, { exchange: x });
    typed ??= headerValue(headers, 'content-type');
  }
  if (typed !== undefined) ctx.note(`Content-Type ${typed} on a 204 with no content`);
  ctx.observe(`no content in ${xs.length} answers 204`, xs.length);
}

/** The cancels of an order a cancel had just cancelled, sent within one rate-limit window of it. */
function repeatsOf(ctx: Ctx) {
  const { histories } = cancelHistories(ctx);
  // What follows a cancel sent at one moment with a cancel of another order is STATE-CANCEL-RACE's to judge.
  const beside = besideOtherOrders(keyCancels(ctx));
  const repeats = histories.flatMap((h) => (beside.has(h.first) ? [] : h.repeats.map((x) => ({ h, x }))));
  if (repeats.length === 0)
    ctx.skip('no order a cancel cancelled was cancelled again within the same window', NOT_OBSERVED);
  // A first cancel answered with another 2xx than 204 cancelled the order all the same: judged as one.
  for (const h of histories)
    if (h.repeats.length > 0 && h.first.response!.status !== 204)
      ctx.note(
        `the first cancel of order ${h.id} answered ${h.first.response!.status}, not 204 (see CANCEL-PENDING-204): a 2xx that cancelled the order all the same`,
      );
  return repeats;
}

/** CANCEL-REPEAT-NOT-2XX: a cancel of an order a cancel just cancelled is never 2xx. */
export async function repeatNot2xx(ctx: Ctx): Promise<void> {
  const repeats = repeatsOf(ctx);
  for (const { h, x } of repeats)
    expectStatus(ctx, headOf(x), `a second cancel of order ${h.id}, already cancelled,`).not2xx(
      'an order that is no longer pending was cancelled again',
    );
  ctx.observe(`${repeats.length} repeated cancels, none answered 2xx`, repeats.length);
}

/** CANCEL-REPEAT-INFO: what a repeated cancel answered (and its Error code, when it has one). */
export async function repeatInfo(ctx: Ctx): Promise<void> {
  const repeats = repeatsOf(ctx);
  ctx.evidence(...repeats.slice(0, 3).map(({ x }) => x));
  const seen = repeats.map(({ h, x }) => {
    const p = replay(ctx, x)?.json();
    const code = p?.ok ? (p.value as { code?: unknown } | null)?.code : undefined;
    return `a second cancel of order ${h.id} answered ${describeStatus(headOf(x))}${typeof code === 'string' ? `, code ${code}` : ''}`;
  });
  ctx.observe(seen.slice(0, 5).join('; '), repeats.length);
}

/** CANCEL-SHIPPED-409: every cancel of a shipped fixture answered 409. */
export async function shipped409(ctx: Ctx): Promise<void> {
  const shipped = new Set(ctx.config.shippedOrderIds);
  if (shipped.size === 0)
    ctx.skip(
      `no order is known to have shipped: name them with ${flagAndEnv('shippedOrderIds')}`,
      input('shippedOrderIds'),
    );
  // Every shipped fixture, not only the first: a server may get one right and another wrong (an id beyond
  // 2^53 read as its neighbour, a status kept per shard).
  const xs = keyCancels(ctx).filter(({ id }) => shipped.has(id));
  if (xs.length === 0) ctx.skip('no cancel of a shipped order was recorded', NOT_OBSERVED);
  for (const { x, id } of xs) expectStatus(ctx, headOf(x), `cancelling shipped order ${id}`).toBe(409);
  ctx.observe(`409 for each cancel of a shipped order (${xs.length})`, xs.length);
}

/** CANCEL-SHIPPED-409-BODY: every 409 to a cancel that carries a body carries an Error. */
export async function body409(ctx: Ctx): Promise<void> {
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
  ctx.observe(
    bodies === 0
      ? `${known.length} answers 409 without a body (allowed: the 409 body is not shown, spec §7 rule 2)`
      : `${known.length} answers 409, ${bodies} with a body, each a valid Error`,
    known.length,
  );
}

/** CANCEL-UNKNOWN-404: the first cancel of an id proven absent answered 404. */
export async function absentCancel(ctx: Ctx): Promise<void> {
  const { x, id } = (await absentCancels(ctx)).xs[0]!;
  requireStatus(ctx, answerOf(ctx, x), `cancelling ${id}, an absent id,`).toBe(404);
  ctx.observe(`404 for ${id}, an id absent from the list`, 1);
}

/** CANCEL-UNKNOWN-404-BODY: that 404 carries an Error whose status is 404. */
export async function absentCancelBody(ctx: Ctx): Promise<void> {
  const { x } = (await absentCancels(ctx)).xs[0]!;
  const res = replay(ctx, x);
  if (x.response!.status !== 404 || !res)
    ctx.skip(
      res
        ? `the absent-id cancel answered ${x.response!.status}, not 404 (see CANCEL-UNKNOWN-404)`
        : 'its body was not recorded whole',
      NOT_OBSERVED,
    );
  expectErrorBody(ctx, viewOf(res), x);
  ctx.observe('a valid Error body with status 404', 1);
}
