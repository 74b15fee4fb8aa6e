// Writes orders as the spec's Order objects (spec §2), int64 exact via lossless-json.
// Must not write the internal status: the spec does not show it (spec §2 rule 2). List faults bend output here.

import { stringify } from 'lossless-json';
import type { FaultSet } from './faults/fault-set.ts';
import type { StoredOrder } from './seed.ts';

function orderObject(order: StoredOrder, faults: FaultSet): Record<string, unknown> {
  let id: bigint | number | string = order.id;
  let petId: bigint | number = order.petId;
  if (faults.has('int64-number-ids')) {
    id = Number(order.id);
    petId = Number(order.petId);
  }
  if (faults.has('list-id-string')) id = String(id);
  let shipDate = order.shipDate;
  if (faults.has('list-shipdate-not-rfc3339')) {
    shipDate = new Date(order.shipDate).toISOString().slice(0, 19).replace('T', ' ');
  }
  const quantity = faults.has('list-quantity-not-integer') ? order.quantity + 0.5 : order.quantity;
  return { id, petId, quantity, shipDate, complete: order.complete };
}

function write(value: unknown): string {
  // stringify writes bigint as a bare JSON number, with every digit.
  return stringify(value) ?? 'null';
}

export function orderJson(order: StoredOrder, faults: FaultSet): string {
  return write(orderObject(order, faults));
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
): string {
  const shown = faults.has('list-query-narrows') ? narrow(orders, query) : orders;
  const list = shown.map((o) => orderObject(o, faults));
  return write(faults.has('list-wrapped') ? { orders: list } : list);
}
