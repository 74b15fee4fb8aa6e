// Writes orders as the spec's Order objects (spec §2), int64 exact (a bigint is written with all its digits).
// Must not write the internal status: the spec does not show it (spec §2 rule 2). List faults bend output here.
// Written by hand, not through a generic serializer, so a store of a million orders answers in about a second.

import type { FaultSet } from './faults/fault-set.ts';
import type { StoredOrder } from './seed.ts';
import type { VariantSet } from './variants/variant-set.ts';

/** The faults and variants that bend how an order is written, read once per reply rather than per order. */
interface Bends {
  numberIds: boolean;
  stringId: boolean;
  sloppyShipDate: boolean;
  fractionalQuantity: boolean;
  /** Variant order-extra-fields: status and createdAt too. */
  extraFields: boolean;
  /** Variant order-id-only: nothing but the id. */
  idOnly: boolean;
  /** Faults list-status-stale-after-cancel, list-cache-per-key (variant list-cache-per-key-evicted): the status too. */
  statusField: boolean;
}

function bendsOf(faults: FaultSet, variants?: VariantSet): Bends {
  return {
    numberIds: faults.has('int64-number-ids'),
    stringId: faults.has('list-id-string'),
    sloppyShipDate: faults.has('list-shipdate-not-rfc3339'),
    fractionalQuantity: faults.has('list-quantity-not-integer'),
    extraFields: variants?.has('order-extra-fields') ?? false,
    idOnly: variants?.has('order-id-only') ?? false,
    statusField:
      faults.has('list-status-stale-after-cancel') ||
      faults.has('list-cache-per-key') ||
      (variants?.has('list-cache-per-key-evicted') ?? false),
  };
}

/** A member value as JSON: bigint as a bare integer with every digit, anything else as JSON.stringify has it. */
function json(value: bigint | number | string | boolean): string {
  return typeof value === 'bigint' ? value.toString() : JSON.stringify(value);
}

function orderText(order: StoredOrder, bends: Bends): string {
  let id: bigint | number | string = order.id;
  let petId: bigint | number = order.petId;
  if (bends.numberIds) {
    id = Number(order.id);
    petId = Number(order.petId);
  }
  if (bends.stringId) id = String(id);
  let shipDate = order.shipDate;
  if (bends.sloppyShipDate) {
    shipDate = new Date(order.shipDate).toISOString().slice(0, 19).replace('T', ' ');
  }
  const quantity = bends.fractionalQuantity ? order.quantity + 0.5 : order.quantity;
  if (bends.idOnly) return `{"id":${json(id)}}`;
  const extra = bends.extraFields
    ? `,"status":${json(order.status)},"createdAt":"2026-11-01T00:00:00Z"`
    : bends.statusField
      ? `,"status":${json(order.status)}`
      : '';
  return `{"id":${json(id)},"petId":${json(petId)},"quantity":${json(quantity)},"shipDate":${json(shipDate)},"complete":${json(order.complete)}${extra}}`;
}

export function orderJson(order: StoredOrder, faults: FaultSet, variants?: VariantSet): string {
  return orderText(order, bendsOf(faults, variants));
}

/** Fault list-query-narrows: what a server with premature v2 paging does. */
function narrow(orders: readonly StoredOrder[], query: URLSearchParams): readonly StoredOrder[] {
  let out = orders;
  const status = query.get('status');
  if (status) out = out.filter((o) => o.status === status);
  const offset = Number.parseInt(query.get('offset') ?? '', 10);
  if (offset > 0) out = out.slice(offset);
  const limit = Number.parseInt(query.get('limit') ?? '', 10);
  if (limit >= 0) out = out.slice(0, limit);
  return out;
}

export function orderListJson(
  orders: readonly StoredOrder[],
  faults: FaultSet,
  query: URLSearchParams,
  variants?: VariantSet,
): string {
  const narrowed = faults.has('list-query-narrows') ? narrow(orders, query) : orders;
  const shown = faults.has('list-pending-only') ? narrowed.filter((o) => o.status === 'pending') : narrowed;
  const bends = bendsOf(faults, variants);
  let listed = faults.has('list-duplicate-ids') && shown.length > 0 ? [...shown, shown[0]!] : shown;
  // Fault list-cancelled-twice: each cancel appended the order's new version; the old one was never dropped.
  if (faults.has('list-cancelled-twice'))
    listed = [...listed, ...listed.filter((o) => o.status === 'cancelled')];
  const list = `[${listed.map((o) => orderText(o, bends)).join(',')}]`;
  return faults.has('list-wrapped') ? `{"orders":${list}}` : list;
}
