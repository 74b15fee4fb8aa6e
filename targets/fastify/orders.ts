// The Fastify target's order store: the seed's orders with exact int64 ids (bigint, which Fastify's
// serializer writes as JSON integers), and the cancel rules of spec §3. No HTTP in here.
import { readFileSync } from 'node:fs';

export type Status = 'pending' | 'shipped' | 'cancelled';

export interface Order {
  id: bigint;
  petId: bigint;
  quantity: number;
  shipDate: string;
  complete: boolean;
  status: Status;
}

interface SeedOrder {
  id: string;
  petId: string;
  quantity: number;
  shipDate: string;
  complete: boolean;
  status: 'pending' | 'shipped';
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Seed ids are decimal strings so that ids above 2^53 never pass through a JS number. */
export function loadOrders(file: string): Map<bigint, Order> {
  const seed = JSON.parse(readFileSync(file, 'utf8')) as SeedOrder[];
  const orders = new Map<bigint, Order>();
  for (const o of seed) orders.set(BigInt(o.id), { ...o, id: BigInt(o.id), petId: BigInt(o.petId) });
  return orders;
}

/** Decimal digits the route's schema already let through, read exactly; undefined beyond int64. */
export function toInt64(digits: string | number): bigint | undefined {
  const id = BigInt(digits);
  return id >= INT64_MIN && id <= INT64_MAX ? id : undefined;
}

export type CancelOutcome = 'cancelled' | 'not-found' | 'shipped' | 'not-pending';

/** A cancelled order stays in the store with status "cancelled"; only a pending one can be cancelled. */
export function cancel(orders: Map<bigint, Order>, id: bigint): CancelOutcome {
  const order = orders.get(id);
  if (!order) return 'not-found';
  if (order.status === 'shipped') return 'shipped';
  if (order.status !== 'pending') return 'not-pending';
  order.status = 'cancelled';
  return 'cancelled';
}
