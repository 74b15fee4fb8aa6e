// Lossless JSON for target bodies: integers beyond 2^53 stay exact (as bigint), so 9007199254740993 is never
// read as ...992. Safe integers and fractions stay plain numbers so ordinary schema keywords still apply.
// The parser itself is json-parse.ts; this is the API the harness uses, which never throws for bad JSON: only
// for a text nested deeper than the parser reads (JsonDepthError, a limit of the harness, never "not JSON").
import { isUtf8 } from 'node:buffer';
import { stringify } from 'lossless-json';
import {
  type FractionHook,
  JsonDepthError,
  parseBytes,
  readItems,
  readMember,
  type Visit,
} from './json-parse.ts';

export type { FractionHook, Visit } from './json-parse.ts';
export { JsonDepthError, MAX_JSON_DEPTH } from './json-parse.ts';

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; error: string };

/** RFC 8259 §8.1: JSON exchanged between systems MUST be UTF-8. Bytes that are not are no JSON text. */
export const NOT_UTF8 =
  'the bytes are not valid UTF-8, which JSON exchanged between systems must be (RFC 8259 §8.1)';

/**
 * Parses JSON text or the bytes of a body (UTF-8) exactly. Never throws for bad JSON; throws JsonDepthError
 * for a text nested deeper than the parser reads: whether it is an Error, a list or anything else is unknown,
 * so the check that reads it ends in error (a limit of the harness), never in a "not JSON" finding.
 */
export function parseJson(input: string | Uint8Array, onFraction?: FractionHook): JsonParseResult {
  try {
    if (typeof input !== 'string' && !isUtf8(input)) return { ok: false, error: NOT_UTF8 };
    const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
    return { ok: true, value: parseBytes(bytes, onFraction) };
  } catch (error) {
    if (error instanceof JsonDepthError) throw error;
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export type JsonItemsResult =
  | { ok: true; array: true; count: number }
  | { ok: true; array: false; value: unknown }
  | { ok: false; error: string };

/**
 * Reads a JSON array item by item (see readItems in json-parse.ts): each item goes to `visit` and none is
 * kept. A body that is JSON but no array comes back whole. Never throws for bad JSON; JsonDepthError and
 * what `visit` throws are not caught.
 */
export function readJsonItems(
  input: string | Uint8Array,
  visit: Visit,
  onFraction?: FractionHook,
): JsonItemsResult {
  try {
    if (typeof input !== 'string' && !isUtf8(input)) return { ok: false, error: NOT_UTF8 };
    const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
    return { ok: true, ...readItems(bytes, visit, onFraction) };
  } catch (error) {
    if (error instanceof SyntaxError) return { ok: false, error: error.message };
    throw error;
  }
}

/**
 * The value of member `key` in each item of a JSON array (undefined where an item lacks it), read without
 * building the items; undefined when the body is not JSON or not an array. Never throws.
 */
export function arrayMember(input: Uint8Array, key: string): unknown[] | undefined {
  try {
    return readMember(input, key);
  } catch {
    return undefined;
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
