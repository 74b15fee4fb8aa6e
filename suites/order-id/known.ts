// The orders the orderId checks must not touch: the list read generously (any id that looks like an integer
// counts, even one the list checks reject) plus every fixture handed to the run. Reads only; never sends.
import type { Ctx } from '../shared/context.ts';
import { KnownOrders } from './readings.ts';

/** Integer ids an item's `id` may stand for: exact bigint, an integral number, integer-like text, or a float's neighbours. */
export function idsOfId(id: unknown): string[] {
  if (typeof id === 'bigint') return [id.toString()];
  if (Number.isSafeInteger(id)) return [String(id)];
  if (typeof id === 'number' && Number.isFinite(id))
    return [...new Set([Math.floor(id), Math.ceil(id)])].map((n) => BigInt(n).toString());
  if (typeof id === 'string' && /^\s*[+-]?\d{1,30}\s*$/.test(id)) return [BigInt(id.trim()).toString()];
  return [];
}

/** Known orders from list items and fixtures. */
export function knownFrom(
  idValues: readonly unknown[],
  cancellable: readonly string[],
  shipped: readonly string[],
): KnownOrders {
  return new KnownOrders(idValues.flatMap(idsOfId), cancellable, shipped);
}

/** Known orders per reading of the list: built once per run however many checks ask (a list may be huge). */
const built = new WeakMap<object, KnownOrders>();

/** The run's known orders, or undefined when the list cannot be read (then no id can be proven absent). */
export async function knownOrders(ctx: Ctx): Promise<KnownOrders | undefined> {
  const list = await ctx.target.list();
  if (list.count === undefined) return undefined;
  let known = built.get(list);
  if (!known) {
    known = knownFrom(list.idValues, ctx.config.cancellableOrderIds, ctx.config.shippedOrderIds);
    built.set(list, known);
  }
  return known;
}

export const NO_LIST =
  'no id can be proven absent: the order list could not be read as a JSON array (see LIST-BODY-ARRAY)';
