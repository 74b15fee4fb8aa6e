// The Fastify target's order store: the seed's orders with exact int64 ids (bigint, which Fastify's
// serializer writes as JSON integers), and the cancel rules of spec §3. No HTTP in here.
import { readSeed } from '../zoo-contract.ts';

export type Status = 'pending' | 'shipped' | 'cancelled';

export interface Order {
  id: bigint;
  petId: bigint;
  quantity: number;
  shipDate: string;
  complete: boolean;
  status: Status;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Seed ids (decimal strings) read with BigInt, so ids above 2^53 never pass through a JS number. */
export function loadOrders(file: string): Map<bigint, Order> {
  const orders = new Map<bigint, Order>();
  for (const o of readSeed(file))
    orders.set(BigInt(o.id), { ...o, id: BigInt(o.id), petId: BigInt(o.petId) });
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
