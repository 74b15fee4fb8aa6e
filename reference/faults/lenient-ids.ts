// The broken orderId readers behind the order-id faults. Only faulty servers use these;
// the faithful reader is path-id.ts and must never call into this file.

import type { StoredOrder } from '../seed.ts';

/** Fault orderid-lenient-parse: C atoi semantics, widened to bigint. No digits reads as 0. */
export function atoiId(text: string): bigint {
  const m = /^\s*([+-]?)([0-9]*)/.exec(text);
  const digits = m?.[2] ?? '';
  if (digits === '') return 0n;
  const value = BigInt(digits);
  return m?.[1] === '-' ? -value : value;
}

export type NumberIdMatch =
  | { kind: 'invalid' }
  /** No order's id compares equal: `read` is the number itself, exactly (no order has it). */
  | { kind: 'none'; read: bigint }
  | { kind: 'match'; id: bigint };

/**
 * Fault int64-number-ids: Number() the path (so "+7", "7.0", "7e0", "0x7", " 7" all read as 7, and "" as 0),
 * then act on the first order whose id, as a number, compares equal.
 */
export function numberIdMatch(text: string, orders: readonly StoredOrder[]): NumberIdMatch {
  const n = Number(text);
  if (!Number.isInteger(n)) return { kind: 'invalid' };
  const order = orders.find((o) => Number(o.id) === n);
  return order ? { kind: 'match', id: order.id } : { kind: 'none', read: BigInt(n) };
}
