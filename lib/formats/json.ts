// Lossless JSON for target bodies: integers beyond 2^53 stay exact (as bigint), so 9007199254740993 is never
// read as ...992. Safe integers and fractions stay plain numbers so ordinary schema keywords still apply.
import { parse, stringify } from 'lossless-json';

const INTEGER = /^-?\d+$/;

function parseNumber(text: string): number | bigint {
  if (INTEGER.test(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : BigInt(text);
  }
  return Number(text);
}

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; error: string };

/** Parses JSON text exactly; never throws. */
export function parseJson(text: string): JsonParseResult {
  try {
    return { ok: true, value: parse(text, null, parseNumber) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** JSON text for values that may hold bigint. */
export function stringifyJson(value: unknown, space?: number): string {
  return stringify(value, null, space) ?? 'null';
}

/** The exact decimal form of an integer read by parseJson, or undefined for anything else. */
export function integerText(value: unknown): string | undefined {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}
