// The Express target's order store: the seed's orders held with exact int64 ids (bigint), the orderId
// path parameter read as a canonical int64, and the cancel rules of spec §3. No HTTP in here.
import { readSeed } from '../zoo-contract.ts';

export interface Order {
  id: bigint;
  petId: bigint;
  quantity: number;
  shipDate: string;
  complete: boolean;
  /** Kept for the cancel rules; the list shows only the spec's five Order fields. */
  status: 'pending' | 'shipped';
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

/**
 * An int64 written in decimal digits, optionally negative; anything else (1.5, 1e3, +1, 0x10, spaces,
 * beyond int64) is undefined. Leading zeros are accepted: 007 is the integer 7.
 */
export function parseInt64(text: string): bigint | undefined {
  // At most 19 significant digits, so BigInt never parses a long segment; zeros before them are free.
  const m = /^(-?)0*([0-9]{1,19})$/.exec(text);
  if (!m) return undefined;
  const id = BigInt(`${m[1]}${m[2]}`);
  return id >= INT64_MIN && id <= INT64_MAX ? id : undefined;
}

export type CancelOutcome = 'cancelled' | 'not-found' | 'shipped';

/** A pending order is removed (DELETE takes the resource away); a shipped one stays, as spec §3 says. */
export function cancel(orders: Map<bigint, Order>, id: bigint): CancelOutcome {
  const order = orders.get(id);
  if (!order) return 'not-found';
  if (order.status === 'shipped') return 'shipped';
  orders.delete(id);
  return 'cancelled';
}

/** The pets the store knows: those its seed orders name (a cancel does not remove a pet). */
export function knownPets(orders: Map<bigint, Order>): Set<bigint> {
  return new Set([...orders.values()].map((o) => o.petId));
}

/** What GET /store/orders shows of an order: the five fields of spec §2. */
export function publicOrder(o: Order) {
  return { id: o.id, petId: o.petId, quantity: o.quantity, shipDate: o.shipDate, complete: o.complete };
}
