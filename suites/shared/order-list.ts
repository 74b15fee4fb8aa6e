// The order list read once per run, in one pass over its bytes: each item is parsed losslessly, validated
// against Order and reduced to what the checks read (its id, the first pet), then let go, so a list of a
// million orders is never held whole. Every check that reads the list shares this reading. Never sends.
import { integerText, readJsonItems } from '../../lib/formats/json.ts';
import { type SchemaIssue, validate } from '../../lib/formats/validation.ts';
import type { Response, ResponseHead } from '../../lib/http/client.ts';

/** Schema problems kept word for word; the rest are counted. */
export const MAX_SCHEMA_ERRORS = 20;

/** What the checks know of a list body. */
export interface ListReading {
  /** Whether the body is JSON at all, and the parser's reason when it is not. */
  json: { ok: true } | { ok: false; error: string };
  /** What the body is when it is JSON but not an array: 'object', 'null', 'string'... */
  kind?: string;
  /** How many items, when the body is a JSON array (and the status 200, for a response). */
  count?: number;
  /** The `id` member of each item as read (undefined where absent or the item is no object). */
  idValues: unknown[];
  /** Exact decimal ids of the items whose id is an integer, in list order. */
  ids: string[];
  /** Item index → the raw text of an id written with a fraction or an exponent (a server writing floats). */
  idTexts: ReadonlyMap<number, string>;
  /** The first MAX_SCHEMA_ERRORS problems of the items against Order, as "/<index>/<field> <message>". */
  schemaErrors: string[];
  /** The same problems as data (path, expected, actual). */
  schemaIssues: SchemaIssue[];
  schemaErrorCount: number;
  /** The first item's integer petId, exactly. */
  firstPetId?: string;
}

export interface OrderList extends ListReading {
  /** The response without its body. */
  response: ResponseHead;
}

/** Reads a list body (text or bytes); `isList` false reads it only as JSON (a non-200 answer). */
export function readList(body: string | Uint8Array, isList = true): ListReading {
  const reading: ListReading = {
    json: { ok: true },
    idValues: [],
    ids: [],
    idTexts: new Map(),
    schemaErrors: [],
    schemaIssues: [],
    schemaErrorCount: 0,
  };
  const idTexts = reading.idTexts as Map<number, string>;
  // Ids written as floats, by the object that holds them, for the item being read (usually none).
  const fractions = new Map<object, string>();
  const visit = (item: unknown, i: number): void => {
    const id = (item as { id?: unknown } | null)?.id;
    reading.idValues.push(id);
    const exact = integerText(id);
    if (exact !== undefined) reading.ids.push(exact);
    if (fractions.size > 0) {
      const text = fractions.get(item as object);
      if (text !== undefined) idTexts.set(i, text);
      fractions.clear();
    }
    if (reading.firstPetId === undefined)
      reading.firstPetId = integerText((item as { petId?: unknown } | null)?.petId);
    const { errors, issues } = validate('order', item, `/${i}`);
    reading.schemaErrorCount += errors.length;
    for (const [k, e] of errors.entries()) {
      if (reading.schemaErrors.length >= MAX_SCHEMA_ERRORS) break;
      reading.schemaErrors.push(e);
      reading.schemaIssues.push(issues[k]!);
    }
  };
  const read = readJsonItems(body, isList ? visit : () => {}, (text, holder, key) => {
    if (key === 'id') fractions.set(holder, text);
  });
  if (!read.ok) return { ...reading, json: { ok: false, error: read.error } };
  if (!read.array) {
    const v = read.value;
    return { ...reading, kind: Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v };
  }
  return isList ? { ...reading, count: read.count } : { ...reading, kind: 'array' };
}

/** Every exact id of a list with how many items carry it, and the repeated ones in the order they repeat. */
export interface IdIndex {
  counts: ReadonlyMap<string, number>;
  duplicates: readonly string[];
}

const indexes = new WeakMap<readonly string[], IdIndex>();

/** The index of a list of exact ids, built once per list however many checks ask (a list may be huge). */
export function idIndex(ids: readonly string[]): IdIndex {
  let index = indexes.get(ids);
  if (!index) {
    const counts = new Map<string, number>();
    const duplicates: string[] = [];
    for (const id of ids) {
      const n = (counts.get(id) ?? 0) + 1;
      counts.set(id, n);
      if (n === 2) duplicates.push(id);
    }
    index = { counts, duplicates };
    indexes.set(ids, index);
  }
  return index;
}

export function readOrderList(response: Response): OrderList {
  const { exchange, status, headers, bytes, receivedAtMs } = response;
  return {
    response: { exchange, status, headers, bytes, receivedAtMs },
    ...readList(response.body, status === 200),
  };
}
