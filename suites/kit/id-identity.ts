// What an order's id is, exactly and generously: its identity for comparing ids by their JSON value, and the
// integer ids a lenient reading takes it for. Pure; shared by the list readings and the store model.
import { integerText } from '../../lib/formats/json.ts';

/**
 * The identity of an id, to compare ids exactly by their JSON value: an integer's exact decimal, a string's
 * JSON text (the string "7" is never the integer 7), a fraction as written by JS, a float beyond 2^53 in
 * exponent form (never taken for the exact integer it rounds to); undefined for no id (absent, null, an
 * object or an array).
 */
export function idIdentity(id: unknown): string | undefined {
  const exact = integerText(id);
  if (exact !== undefined) return exact;
  if (typeof id === 'string') return JSON.stringify(id);
  if (typeof id === 'number') return Number.isInteger(id) ? id.toExponential() : String(id);
  if (typeof id === 'boolean') return String(id);
  return undefined;
}

/** Integer ids an item's `id` may stand for: exact bigint, an integral number, integer-like text, or a float's neighbours. */
export function idsOfId(id: unknown): string[] {
  if (typeof id === 'bigint') return [id.toString()];
  if (Number.isSafeInteger(id)) return [String(id)];
  if (typeof id === 'number' && Number.isFinite(id))
    return [...new Set([Math.floor(id), Math.ceil(id)])].map((n) => BigInt(n).toString());
  if (typeof id === 'string' && /^\s*[+-]?\d{1,30}\s*$/.test(id)) return [BigInt(id.trim()).toString()];
  return [];
}
