// The order list read once per run, in one pass over its bytes: each item is parsed losslessly, validated
// against Order and reduced to what the checks read (its id, into list-ids.ts; the first pet), then let go,
// so a list of a million orders is never held whole. Every check that reads the list shares this reading.
// Never sends.
import { integerText, readJsonItems } from '../../lib/formats/json.ts';
import { isValid, type SchemaIssue, validate } from '../../lib/formats/validation.ts';
import { bodyFailure } from '../../lib/http/body-failure.ts';
import type { Response, ResponseHead } from '../../lib/http/client.ts';
import { ListIds } from './list-ids.ts';

export { idIdentity } from './id-identity.ts';

/** Schema problems kept word for word; the rest are counted. */
export const MAX_SCHEMA_ERRORS = 20;

/** Distinct schema errors kept per body (by path pattern and expectation), each counted; the rest are counted. */
export const MAX_SCHEMA_KINDS = 20;

/**
 * One distinct schema error of a body's items: the item index in its path replaced by `*` (`/*​/shipDate`),
 * with what the schema expects, the first item that shows it (its issue, its line, its id) and how many do.
 */
export interface SchemaKind {
  /** `<path with * for the item index> <expected>`: what tells two errors apart. */
  kind: string;
  issue: SchemaIssue;
  /** The path within the item (`/shipDate`; '' for the item itself). */
  field: string;
  error: string;
  /** The `id` of the first item that shows it, as JSON text, when it has one. */
  itemId?: string;
  count: number;
}

/** What the checks know of a list body. */
export interface ListReading {
  /** Whether the body is JSON at all, and the parser's reason when it is not. */
  json: { ok: true } | { ok: false; error: string };
  /**
   * When the body is not JSON text only for a leading byte order mark, the reading past it that fills the rest
   * of this reading, said in a few words; the checks of the body still judge `json` (not JSON text).
   */
  lenient?: string;
  /** What the body is when it is JSON but not an array: 'object', 'null', 'string'... */
  kind?: string;
  /** How many items, when the body is a JSON array (and the status 2xx, for a response). */
  count?: number;
  /** The `id` member of each item as read (absent where the item has none or is no object), indexed. */
  ids: ListIds;
  /** Item index → the raw text of an id written with a fraction or an exponent (a server writing floats). */
  idTexts: ReadonlyMap<number, string>;
  /** The first MAX_SCHEMA_ERRORS problems of the items against Order, as "/<index>/<field> <message>". */
  schemaErrors: string[];
  /** The same problems as data (path, expected, actual). */
  schemaIssues: SchemaIssue[];
  schemaErrorCount: number;
  /** Every distinct schema error (the first MAX_SCHEMA_KINDS), with how many items show each. */
  schemaKinds: SchemaKind[];
  /** Schema errors of kinds past MAX_SCHEMA_KINDS (counted in schemaErrorCount, itemised nowhere). */
  schemaKindsLeftOut: number;
  /** The first item's integer petId, exactly. */
  firstPetId?: string;
  /**
   * When the body is a JSON object that holds one array of objects (a wrapped list, e.g. {"orders": [...]}):
   * where that array was found (a JSON Pointer) and how many items it holds. Its items are read like a
   * list's (ids, schema errors), so a wrapper never hides what is wrong with them; `count` stays undefined.
   * `others` names the wrapper's other members (a `next` or `total` there says the list may be a page).
   */
  wrapped?: { at: string; count: number; others: string[] };
}

export interface OrderList extends ListReading {
  /** The response without its body. */
  response: ResponseHead;
}

/** Reads a list body (text or bytes); `isList` false reads it only as JSON (a non-2xx answer). */
export function readList(body: string | Uint8Array, isList = true): ListReading {
  const reading: ListReading = {
    json: { ok: true },
    ids: new ListIds(),
    idTexts: new Map(),
    schemaErrors: [],
    schemaIssues: [],
    schemaErrorCount: 0,
    schemaKinds: [],
    schemaKindsLeftOut: 0,
  };
  const kinds = new Map<string, SchemaKind>();
  const { ids } = reading;
  const idTexts = reading.idTexts as Map<number, string>;
  // Ids written as floats, by the object that holds them: for the item being read when the items stream by
  // (usually none), for the whole body when it is parsed whole (a wrapped list).
  const fractions = new Map<object, string>();
  let streaming = true;
  let base = '';
  const visit = (item: unknown, i: number): void => {
    ids.add((item as { id?: unknown } | null)?.id);
    if (fractions.size > 0) {
      const text = fractions.get(item as object);
      if (text !== undefined) idTexts.set(i, text);
      if (streaming) fractions.clear();
    }
    if (reading.firstPetId === undefined)
      reading.firstPetId = integerText((item as { petId?: unknown } | null)?.petId);
    // Most items are valid: the problems are worded only for those that are not.
    if (isValid('order', item)) return;
    const at = `${base}/${i}`;
    const { errors, issues } = validate('order', item, at);
    reading.schemaErrorCount += errors.length;
    for (const [k, issue] of issues.entries()) {
      const field = issue.path.slice(at.length);
      const kind = `${base}/*${field} ${issue.expected}`;
      const known = kinds.get(kind);
      if (known) known.count += 1;
      else if (kinds.size >= MAX_SCHEMA_KINDS) reading.schemaKindsLeftOut += 1;
      else {
        const id = integerText((item as { id?: unknown } | null)?.id);
        const entry: SchemaKind = {
          kind,
          issue,
          field,
          error: errors[k] ?? '',
          count: 1,
          ...(id ? { itemId: id } : {}),
        };
        kinds.set(kind, entry);
        reading.schemaKinds.push(entry);
      }
    }
    for (const [k, e] of errors.entries()) {
      if (reading.schemaErrors.length >= MAX_SCHEMA_ERRORS) break;
      reading.schemaErrors.push(e);
      reading.schemaIssues.push(issues[k]!);
    }
  };
  // A body whose one fault is a leading byte order mark is read past it, for the store model and the checks
  // of its items; it stays not JSON text (RFC 8259 §8.1) for the checks of the body.
  const bom = hasBom(body);
  const read = readJsonItems(bom ? body.slice(bom) : body, isList ? visit : () => {}, (text, holder, key) => {
    if (key === 'id') fractions.set(holder, text);
  });
  if (bom) {
    const error = `it begins with a UTF-8 byte order mark (U+FEFF), which JSON text does not (RFC 8259 §8.1)${read.ok ? '' : `; past it: ${read.error}`}`;
    reading.json = { ok: false, error };
    if (!read.ok) return reading;
    reading.lenient = BOM_READING;
  }
  if (!read.ok) return { ...reading, json: { ok: false, error: read.error } };
  if (!read.array) {
    const v = read.value;
    const kind = Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v;
    const inner = isList ? wrappedArray(v) : undefined;
    if (!inner) return { ...reading, kind };
    base = `/${inner.key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    streaming = false;
    inner.items.forEach(visit);
    const others = Object.keys(v as object).filter((k) => k !== inner.key);
    return { ...reading, kind, wrapped: { at: base, count: inner.items.length, others } };
  }
  return isList ? { ...reading, count: read.count } : { ...reading, kind: 'array' };
}

/** How a body with a leading byte order mark was read, as the checks' messages say it. */
export const BOM_READING =
  'read past its leading UTF-8 byte order mark, as a lenient client would (the body itself is not JSON text: see LIST-BODY-ARRAY)';

/** The body past a leading UTF-8 byte order mark, as a lenient client reads it (the body itself when none). */
export function pastBom(body: Uint8Array): Uint8Array {
  return body.subarray(hasBom(body));
}

/** How many code units (a string) or bytes of `body` a leading byte order mark takes: 0 when there is none. */
function hasBom(body: string | Uint8Array): number {
  if (typeof body === 'string') return body.charCodeAt(0) === 0xfeff ? 1 : 0;
  return body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
}

/** The one member of an object that is a non-empty array of objects, if exactly one is. */
function wrappedArray(v: unknown): { key: string; items: unknown[] } | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const found = Object.entries(v).filter(
    ([, m]) => Array.isArray(m) && m.length > 0 && m.every((x) => typeof x === 'object' && x !== null),
  );
  return found.length === 1 ? { key: found[0]![0], items: found[0]![1] as unknown[] } : undefined;
}

export function readOrderList(response: Response): OrderList {
  const { exchange, status, headers, bytes, receivedAtMs } = response;
  const head = { exchange, status, headers, bytes, receivedAtMs };
  // A body the transport cut short is reported as such, never as "not JSON at position 0".
  if (response.bodyError)
    return {
      response: head,
      ...readList('', false),
      json: { ok: false, error: bodyFailure(response.bodyError) },
    };
  // Any 2xx is read as the list it claims to be: a wrong status must not hide what is wrong with the body.
  return { response: head, ...readList(response.body, status >= 200 && status <= 299) };
}
