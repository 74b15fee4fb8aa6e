// The default data the server starts with (orders, demo key) and the checks that make any seed valid.
// Must not serve or mutate anything: store.ts owns state once the server is running.

import { INT64_MAX, INT64_MIN, parseCanonicalInt64 } from './int64.ts';
import { isRfc3339DateTime } from './rfc3339.ts';

export const DEMO_KEY = 'osk_demo_4f7c2a9e1b3d5f60a8c4';
/** A second demo key, for a server started with both (the suite's embedded target): limits are per key. */
export const SECOND_DEMO_KEY = 'osk_demo_second_8b2e6d1f9a4c7e35';

/** Ids may be given as bigint, canonical decimal string, or a safe-integer number (never an unsafe one). */
export type Int64Like = bigint | string | number;

export interface SeedOrder {
  id: Int64Like;
  petId: Int64Like;
  quantity: number;
  shipDate: string;
  complete: boolean;
  status: 'pending' | 'shipped';
}

export type OrderStatus = 'pending' | 'shipped' | 'cancelled';

export interface StoredOrder {
  id: bigint;
  petId: bigint;
  quantity: number;
  shipDate: string;
  complete: boolean;
  status: OrderStatus;
}

// Ids straddle 2^53 and reach 2^63-1 so that any trip through a JS number shows; shipDates vary the
// RFC 3339 forms (Z, offsets, fractions) that a strict date-time check must all accept.
export const DEFAULT_ORDERS: readonly SeedOrder[] = Object.freeze([
  { id: 1n, petId: 101n, quantity: 1, shipDate: '2026-11-22T10:00:00Z', complete: false, status: 'pending' },
  {
    id: 2n,
    petId: 102n,
    quantity: 3,
    shipDate: '2026-11-23T08:30:00.250+02:00',
    complete: false,
    status: 'pending',
  },
  {
    id: 3n,
    petId: 103n,
    quantity: 2,
    shipDate: '2026-11-24T17:45:10-05:00',
    complete: false,
    status: 'pending',
  },
  {
    id: 7n,
    petId: 107n,
    quantity: 12,
    shipDate: '2026-12-01T00:00:00.000Z',
    complete: false,
    status: 'pending',
  },
  {
    id: 9007199254740992n,
    petId: 9007199254740993n,
    quantity: 1,
    shipDate: '2026-12-24T23:59:59Z',
    complete: false,
    status: 'pending',
  },
  {
    id: 9007199254740993n,
    petId: 9223372036854775806n,
    quantity: 5,
    shipDate: '2027-01-15T12:00:00.123456+05:30',
    complete: false,
    status: 'pending',
  },
  { id: 42n, petId: 142n, quantity: 1, shipDate: '2026-10-30T09:15:00Z', complete: true, status: 'shipped' },
  {
    id: 9223372036854775807n,
    petId: 9223372036854775807n,
    quantity: 4,
    shipDate: '2026-09-01T06:00:00+00:00',
    complete: true,
    status: 'shipped',
  },
]) as readonly SeedOrder[];

export const DEFAULT_PENDING_IDS: readonly string[] = [
  '1',
  '2',
  '3',
  '7',
  '9007199254740992',
  '9007199254740993',
];
export const DEFAULT_SHIPPED_IDS: readonly string[] = ['42', '9223372036854775807'];

function toInt64(value: unknown, where: string): bigint {
  if (typeof value === 'bigint' && value >= INT64_MIN && value <= INT64_MAX) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string') {
    const parsed = parseCanonicalInt64(value);
    if (parsed !== undefined) return parsed;
  }
  throw new Error(`${where} must be an int64 (bigint, canonical decimal string, or safe integer)`);
}

/** Validates a seed and copies it into store records; throws naming the first bad field. */
export function normalizeSeed(orders: readonly SeedOrder[], label = 'orders'): StoredOrder[] {
  if (!Array.isArray(orders)) throw new Error(`${label} must be an array of orders`);
  const seen = new Set<bigint>();
  return orders.map((order, i) => {
    const where = `${label}[${i}]`;
    if (typeof order !== 'object' || order === null) throw new Error(`${where} must be an object`);
    const id = toInt64(order.id, `${where}.id`);
    if (seen.has(id)) throw new Error(`${where}.id ${id} appears twice`);
    seen.add(id);
    const petId = toInt64(order.petId, `${where}.petId`);
    if (!Number.isSafeInteger(order.quantity)) throw new Error(`${where}.quantity must be an integer`);
    if (typeof order.shipDate !== 'string' || !isRfc3339DateTime(order.shipDate)) {
      throw new Error(`${where}.shipDate must be an RFC 3339 date-time such as 2026-11-22T10:00:00Z`);
    }
    if (typeof order.complete !== 'boolean') throw new Error(`${where}.complete must be true or false`);
    if (order.status !== 'pending' && order.status !== 'shipped') {
      throw new Error(`${where}.status must be "pending" or "shipped"`);
    }
    return {
      id,
      petId,
      quantity: order.quantity,
      shipDate: order.shipDate,
      complete: order.complete,
      status: order.status,
    };
  });
}

export function fixtureIds(orders: readonly StoredOrder[]): { pending: string[]; shipped: string[] } {
  return {
    pending: orders.filter((o) => o.status === 'pending').map((o) => o.id.toString()),
    shipped: orders.filter((o) => o.status === 'shipped').map((o) => o.id.toString()),
  };
}
