// The orders the orderId checks must not touch: the list read generously (any id that looks like an integer
// counts, even one the list checks reject) plus every fixture handed to the run. Reads only; never sends.
import type { Ctx } from '../shared/context.ts';
import { KnownOrders } from './readings.ts';

/** Integer ids an item's `id` may stand for: exact bigint, an integral number, integer-like text, or a float's neighbours. */
export function idsOfItem(item: unknown): string[] {
  const id = (item as { id?: unknown } | null)?.id;
  if (typeof id === 'bigint') return [id.toString()];
  if (typeof id === 'number' && Number.isFinite(id))
    return [...new Set([Math.floor(id), Math.ceil(id)])].map((n) => BigInt(n).toString());
  if (typeof id === 'string' && /^\s*[+-]?\d{1,30}\s*$/.test(id)) return [BigInt(id.trim()).toString()];
  return [];
}

/** Known orders from list items and fixtures. */
export function knownFrom(
  items: readonly unknown[],
  cancellable: readonly string[],
  shipped: readonly string[],
): KnownOrders {
  return new KnownOrders(items.flatMap(idsOfItem), cancellable, shipped);
}

/** The run's known orders, or undefined when the list cannot be read (then no id can be proven absent). */
export async function knownOrders(ctx: Ctx): Promise<KnownOrders | undefined> {
  const list = await ctx.target.list();
  if (!list.items) return undefined;
  return knownFrom(list.items, ctx.config.cancellableOrderIds, ctx.config.shippedOrderIds);
}

export const NO_LIST =
  'no id can be proven absent: the order list could not be read as a JSON array (see LIST-BODY-ARRAY)';
