// listOrders and cancelOrder (spec §4), auth and rate limiting already done. Must not look at credentials.
// `dryRun` answers only the errors the request would get, changing nothing (fault auth-after-existence).

import { setTimeout as delay } from 'node:timers/promises';
import type { RouteContext } from './context.ts';
import { acceptsJson } from './negotiation.ts';
import { readOrderId } from './order-id-read.ts';
import { orderJson, orderListJson } from './order-json.ts';
import { errorReply, jsonReply, noContent, type Reply } from './reply.ts';
import type { StoredOrder } from './seed.ts';

/**
 * The list's text and its bytes per store, written once per store version: by default a cancel changes only
 * an order's status, which the list never shows, but variants show it or remove the order, so a cancel makes
 * the text stale (and a store of a million orders is neither written out nor encoded again per request).
 */
const listTexts = new WeakMap<object, { version: number; text: string; bytes: Buffer }>();

/** Fault cancel-forgotten: how long a cancellation lasts before the order is pending again. */
export const FORGOTTEN_AFTER_MS = 3000;

/** Fault cancel-forgotten: the cancellation went to a cache entry that expires, so older ones are undone. */
function forgetOldCancels(ctx: RouteContext): void {
  if (ctx.faults.has('cancel-forgotten')) ctx.store.reopenCancelledBefore(ctx.clock() - FORGOTTEN_AFTER_MS);
}

/** Fault list-cache-after-cancel: how long after a cancel the cached list is dropped. */
export const LIST_CACHE_MS = 4000;
/** Variant list-lags-cancel: how long the copy lists are read from lags a cancel. */
export const LIST_LAG_MS = 2000;
/** Fault cancelled-reappears: how long a cancelled order is hidden from the list. */
export const HIDDEN_FOR_MS = 4000;
/**
 * Fault cancel-not-atomic: the longest write awaited between the check and the change, a slow store's round
 * trip. It ends as soon as another cancel of the same order has looked meanwhile, so two cancels sent together
 * both land in it however late a loaded machine reads the second (250 ms missed once with the fault matrix
 * running ten rows at a time and a full suite beside it: the pair was in flight for 570 ms).
 */
export const RACE_WINDOW_MS = 1500;

/**
 * The orders a list shows when a fault or variant bends which (undefined: the store's own list, whose text
 * is cached per version). A cancelled order leaves the list, but only once a cached list (fault
 * list-cache-after-cancel) or a copy that lags (variant list-lags-cancel) catches up with the cancel; or it
 * is hidden from the list for a while only (fault cancelled-reappears); or a neighbour is hidden
 * (cancel-drops-neighbour). Each depends on the clock, so its text is written per request.
 */
function shownOrders(ctx: RouteContext): readonly StoredOrder[] | undefined {
  const { faults, store } = ctx;
  const now = ctx.clock();
  const since = (o: StoredOrder) => {
    const at = store.cancelledAt(o.id);
    return at === undefined ? undefined : now - at;
  };
  const catchUp = faults.has('list-cache-after-cancel')
    ? LIST_CACHE_MS
    : ctx.variants.has('list-lags-cancel')
      ? LIST_LAG_MS
      : undefined;
  let orders: readonly StoredOrder[] | undefined;
  if (catchUp !== undefined)
    orders = store.list().filter((o) => {
      const ms = since(o);
      return ms === undefined || ms < catchUp;
    });
  // Fault list-status-stale-after-cancel: the cached list shows an order cancelled less than LIST_CACHE_MS ago
  // as it was before (pending).
  if (faults.has('list-status-stale-after-cancel'))
    orders = (orders ?? store.list()).map((o) => {
      const ms = since(o);
      return ms !== undefined && ms < LIST_CACHE_MS && o.status === 'cancelled'
        ? { ...o, status: 'pending' }
        : o;
    });
  if (faults.has('cancelled-reappears'))
    orders = (orders ?? store.list()).filter((o) => {
      const ms = since(o);
      return ms === undefined || ms >= HIDDEN_FOR_MS;
    });
  if (store.hides) orders = (orders ?? store.list()).filter((o) => !store.isHidden(o.id));
  const spliced = splicedFrom.get(store);
  if (spliced?.size) orders = (orders ?? store.list()).filter((o) => !spliced.has(o.id));
  return orders;
}

/** Fault cancel-unknown-drops-last: the orders the cached list lost to splice(-1, 1), per store. */
const splicedFrom = new WeakMap<object, Set<bigint>>();

/**
 * Fault cancel-unknown-drops-last: an unknown id's findIndex is -1, and splice(-1, 1) drops the last order of
 * the cached list, the list as served (fault list-pending-only: the last pending order).
 */
function spliceLast(ctx: RouteContext): void {
  const spliced = splicedFrom.get(ctx.store) ?? new Set<bigint>();
  const pendingOnly = ctx.faults.has('list-pending-only');
  const last = [...ctx.store.list()]
    .reverse()
    .find((o) => !spliced.has(o.id) && (!pendingOnly || o.status === 'pending'));
  if (last) spliced.add(last.id);
  splicedFrom.set(ctx.store, spliced);
}

/** Variant orders-placed-meanwhile: the stores that have served a list (the first list shows no new order). */
const listedOnce = new WeakSet<object>();

export function listOrders(ctx: RouteContext, query: URLSearchParams, accept = ''): Reply {
  forgetOldCancels(ctx);
  if (ctx.variants.has('orders-placed-meanwhile')) {
    if (listedOnce.has(ctx.store)) ctx.store.placeElsewhere();
    listedOnce.add(ctx.store);
  }
  // Fault list-xml-unless-json-asked: JSON only for a client that names application/json.
  if (ctx.faults.has('list-xml-unless-json-asked') && !/application\/json/i.test(accept))
    return { status: 200, body: { type: 'application/xml', text: ordersXml(ctx) } };
  // Fault list-404-non-json-accept: a router that matches on the produced type finds no route for an Accept
  // admitting no JSON and answers 404, as if the list did not exist (the router decides before the
  // handler's own negotiation, list-406-accept-wildcard-subtype's).
  if (ctx.faults.has('list-404-non-json-accept') && !acceptsJson(accept))
    return errorReply(ctx.faults, 404, 'NOT_FOUND', 'No route matches GET /store/orders.');
  // Fault list-406-accept-wildcard-subtype: negotiation by substring, case-sensitive, so "application/*" or
  // "Application/JSON" names no type it serves.
  if (
    ctx.faults.has('list-406-accept-wildcard-subtype') &&
    accept !== '' &&
    !accept.includes('application/json') &&
    !accept.includes('*/*')
  )
    return errorReply(ctx.faults, 406, 'NOT_ACCEPTABLE', 'This resource serves application/json only.');
  // Variant list-negotiates-accept: a client that admits no JSON is told so (406), as RFC 9110 §12.5.1 allows.
  if (ctx.variants.has('list-negotiates-accept') && !acceptsJson(accept))
    return errorReply(ctx.faults, 406, 'NOT_ACCEPTABLE', 'This resource serves application/json only.');
  const chunked = ctx.variants.has('chunked-list');
  const status = ctx.faults.has('list-status-206') ? 206 : 200;
  const type = ctx.faults.has('list-content-type-text') ? { type: 'text/plain; charset=utf-8' } : {};
  const reply = (text: string, bytes?: Buffer): Reply => {
    const r = jsonReply(status, text);
    return {
      ...r,
      body: { ...r.body!, ...type, ...(bytes ? { bytes } : {}) },
      ...(chunked ? { chunked } : {}),
    };
  };
  const shown = shownOrders(ctx);
  const empties = emptyRecords.get(ctx.store) ?? 0;
  if (ctx.faults.has('list-query-narrows') || shown || empties > 0)
    return reply(
      withEmpties(orderListJson(shown ?? ctx.store.list(), ctx.faults, query, ctx.variants), empties),
    );
  let cached = listTexts.get(ctx.store);
  if (cached?.version !== ctx.store.version) {
    const text = orderListJson(ctx.store.list(), ctx.faults, query, ctx.variants);
    cached = { version: ctx.store.version, text, bytes: Buffer.from(text) };
    listTexts.set(ctx.store, cached);
  }
  return reply(cached.text, cached.bytes);
}

/** Fault cancel-unknown-upserts-empty: how many empty records each store's 404s left (each listed as {}). */
const emptyRecords = new WeakMap<object, number>();

/**
 * A list's text with `n` empty records after its orders, in the array itself or in the one a wrapper holds
 * (fault list-wrapped: `{"orders":[...]}`); any other body is left as it is.
 */
function withEmpties(text: string, n: number): string {
  const end = /\](\s*\})?\s*$/;
  if (n === 0 || !end.test(text)) return text;
  const items = Array.from({ length: n }, () => '{}').join(',');
  const empty = /\[\s*\](\s*\})?\s*$/.test(text);
  return text.replace(end, (_, close: string | undefined) => `${empty ? '' : ','}${items}]${close ?? ''}`);
}

/** The answer to a cancel that succeeded, as the faults on the success path shape it. */
function cancelledReply(faults: RouteContext['faults'], order: StoredOrder | undefined): Reply {
  if (!order) return noContent();
  if (faults.has('cancel-200-instead-of-204')) return jsonReply(200, orderJson(order, faults));
  if (faults.has('cancel-204-with-body')) {
    return {
      status: 204,
      rawSocket: true,
      body: { type: 'application/json', text: orderJson(order, faults) },
    };
  }
  // A framework helper that writes a length on every reply, the 204's too.
  if (faults.has('cancel-204-content-length-0')) return noContent({ 'Content-Length': '0' });
  return noContent();
}

export function cancelOrder(ctx: RouteContext, rawId: string, dryRun: boolean): Reply | undefined {
  const { faults, store } = ctx;
  const read = readOrderId(ctx, rawId);
  if (!read.ok) return read.reply;
  const { id } = read;
  forgetOldCancels(ctx);
  // Read before the cancel: variant cancelled-removed takes the order out of the store.
  const order = store.find(id);
  // Fault cancel-drops-neighbour: the delete's off-by-one reaches the next order too.
  if (!dryRun && faults.has('cancel-drops-neighbour') && store.check(id) === 'cancelled') store.hideNext(id);
  const outcome = dryRun
    ? store.check(id)
    : store.cancel(id, reversesShipping(faults, id), ctx.variants.has('cancelled-removed'), ctx.clock());
  // Fault cancel-unknown-drops-last: a cancel that succeeds rebuilds the cached list whole.
  if (outcome === 'cancelled' && !dryRun) splicedFrom.delete(store);
  switch (outcome) {
    case 'not-found':
      if (!dryRun && faults.has('cancel-unknown-drops-last')) spliceLast(ctx);
      if (!dryRun && faults.has('cancel-unknown-creates')) store.addBlank(id);
      if (!dryRun && faults.has('cancel-unknown-adds-blank')) store.addBlankAtNextId();
      if (!dryRun && faults.has('cancel-unknown-upserts-empty'))
        emptyRecords.set(store, (emptyRecords.get(store) ?? 0) + 1);
      if (faults.has('cancel-unknown-204')) return dryRun ? undefined : noContent();
      return errorReply(faults, 404, 'ORDER_NOT_FOUND', `No order has id ${id}.`);
    case 'already-shipped':
      // Fault cancel-then-409: the row was deleted before its status was read.
      if (!dryRun && faults.has('cancel-then-409')) store.delete(id);
      // Fault cancel-409-clears-complete: the cancel handler resets `complete` before it reads the status.
      if (!dryRun && faults.has('cancel-409-clears-complete')) store.clearComplete(id);
      if (faults.has('conflict-body-not-error')) return jsonReply(409, '{"error":"already shipped"}');
      return errorReply(
        faults,
        409,
        'ORDER_ALREADY_SHIPPED',
        `Order ${id} has already shipped; shipping cannot be reversed.`,
      );
    case 'not-pending':
      if (faults.has('cancel-repeat-204') && !dryRun) return noContent();
      // Variant repeat-cancel-410: the order is gone from what can be cancelled, and says so.
      if (ctx.variants.has('repeat-cancel-410'))
        return errorReply(faults, 410, 'ORDER_GONE', `Order ${id} was cancelled and is gone.`);
      return errorReply(
        faults,
        409,
        'ORDER_NOT_PENDING',
        `Order ${id} is not pending (it is already cancelled).`,
      );
    case 'cancelled':
      return dryRun ? undefined : cancelledReply(faults, order);
  }
}

/**
 * Faults cancel-shipped-204 (every shipped order) and cancel-shipped-beyond-2-53 (those whose id a JS number
 * cannot hold: the shipped check looked them up by Number(id) and found nothing).
 */
function reversesShipping(faults: RouteContext['faults'], id: bigint): boolean {
  if (faults.has('cancel-shipped-204')) return true;
  return faults.has('cancel-shipped-beyond-2-53') && (id > 2n ** 53n || id < -(2n ** 53n));
}

/** Fault list-xml-unless-json-asked: the list as a framework's XML serializer writes it. */
function ordersXml(ctx: RouteContext): string {
  const items = ctx.store.list().map((o) => `<order><id>${o.id}</id><status>${o.status}</status></order>`);
  return `<?xml version="1.0" encoding="UTF-8"?><orders>${items.join('')}</orders>`;
}

/**
 * Fault cancel-not-atomic: the order is found pending, another write is awaited, and the order is then marked
 * cancelled without a second look, so every cancel that looked meanwhile answers 204.
 */
export async function cancelNotAtomic(ctx: RouteContext, rawId: string): Promise<Reply> {
  const read = readOrderId(ctx, rawId);
  if (!read.ok || ctx.store.check(read.id) !== 'cancelled') return cancelOrder(ctx, rawId, false)!;
  const waiting = inWrite.get(ctx.store) ?? new Map<bigint, Array<() => void>>();
  inWrite.set(ctx.store, waiting);
  const others = waiting.get(read.id);
  if (others) {
    // Another cancel of this order looked before this one and still awaits its write: both go on now.
    waiting.delete(read.id);
    for (const release of others) release();
  } else {
    const done = new AbortController();
    waiting.set(read.id, [() => done.abort()]);
    await delay(RACE_WINDOW_MS, undefined, { signal: done.signal }).catch(() => undefined);
    if (waiting.get(read.id)?.length === 1) waiting.delete(read.id);
  }
  // The write and the answer are the success path's own (faults on it act here too).
  const order = ctx.store.find(read.id);
  if (ctx.faults.has('cancel-drops-neighbour')) ctx.store.hideNext(read.id);
  ctx.store.markCancelled(read.id, ctx.clock());
  splicedFrom.delete(ctx.store);
  return cancelledReply(ctx.faults, order);
}

/** Fault cancel-not-atomic: per store, the orders whose cancel awaits its write, and how to end that wait. */
const inWrite = new WeakMap<object, Map<bigint, Array<() => void>>>();
