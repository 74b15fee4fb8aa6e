// What is wrong with one reading of a list body, reduced to a few lines and counts: its shape, its items
// against Order, repeated ids and ids outside int64. Pure and small, so the run can keep one per list body it
// received without keeping the body or its items. Judges nothing: the checks decide what a finding means.
import { INT64_MAX, INT64_MIN } from '../../lib/formats/int64.ts';
import type { SchemaIssue } from '../../lib/formats/validation.ts';
import type { ListReading, SchemaKind } from './order-list.ts';

/** Repeated ids and int64 problems kept word for word; the rest are counted. */
export const MAX_KEPT = 10;

export interface ListFindings {
  /** Whether the body is JSON at all (valid UTF-8, and JSON text). */
  json: boolean;
  /** How many items were read: the array's, or those of the one array a wrapped body holds. */
  items: number;
  /** Why the body is not a JSON array of items, when it is not (the wrapped items are judged all the same). */
  notArray?: string;
  /** Whether the body is a JSON array once read past a leading byte order mark (its only fault). */
  arrayPastBom?: true;
  /** Ids compared for uniqueness (integers by their exact value, others by their JSON value). */
  ids: number;
  /** Ids that more than one item carries, in the order they repeat (at most MAX_KEPT). */
  duplicates: readonly string[];
  duplicateCount: number;
  /** Ids that are no JSON integer or lie outside int64, as "item <i>: ..." (at most MAX_KEPT). */
  int64: readonly string[];
  int64Count: number;
  /** Ids present (no field of Order is required: an absent id is no finding). */
  idsPresent: number;
  /** Schema problems of the items against Order (the first ones) and how many in all. */
  schemaErrors: readonly string[];
  schemaIssues: readonly SchemaIssue[];
  schemaErrorCount: number;
  /** Every distinct schema error of the items (the first MAX_SCHEMA_KINDS), each counted; and those left out. */
  schemaKinds: readonly SchemaKind[];
  schemaKindsLeftOut: number;
}

/** What is wrong with an order id as int64 (spec §2 Order: integer, int64), or undefined when nothing is. */
export function int64Problem(id: unknown): string | undefined {
  const exact =
    typeof id === 'bigint' ? id : typeof id === 'number' && Number.isSafeInteger(id) ? BigInt(id) : undefined;
  if (exact === undefined) return `id ${JSON.stringify(String(id))} is not a JSON integer`;
  if (exact < INT64_MIN || exact > INT64_MAX) return `id ${exact} is outside int64`;
  return undefined;
}

/** One empty list for every findings' empty one (frozen: shared by the run's every list body). */
const NONE: readonly never[] = Object.freeze([]);
/** The list as it is, or the shared empty one: a long recording keeps a reading of each distinct list body. */
const kept = <T>(xs: readonly T[]): readonly T[] => (xs.length === 0 ? NONE : xs);

/** The findings of one list reading (a 2xx answer, read as a list by readList). */
export function findingsOf(reading: ListReading): ListFindings {
  const { ids } = reading;
  const repeated = ids.repeated(MAX_KEPT);
  const int64: string[] = [];
  let int64Count = 0;
  // A safe integer is always an int64 integer: only the other ids can be a finding.
  for (const [i, id] of ids.unusual()) {
    const problem = int64Problem(id);
    if (problem === undefined) continue;
    int64Count += 1;
    if (int64.length < MAX_KEPT) int64.push(`item ${i}: ${problem}`);
  }
  const items = reading.count ?? reading.wrapped?.count ?? 0;
  const notArray = !reading.json.ok
    ? `not JSON (${reading.json.error})`
    : reading.count === undefined
      ? `a JSON ${reading.kind}, not an array${reading.wrapped ? ` (its ${reading.wrapped.count} items at ${reading.wrapped.at} are judged)` : ''}`
      : undefined;
  return {
    json: reading.json.ok,
    items,
    ...(notArray ? { notArray } : {}),
    ...(reading.lenient !== undefined && reading.count !== undefined ? { arrayPastBom: true as const } : {}),
    ids: ids.identities,
    duplicates: kept(repeated.first),
    duplicateCount: repeated.count,
    int64: kept(int64),
    int64Count,
    idsPresent: ids.present,
    schemaErrors: kept(reading.schemaErrors),
    schemaIssues: kept(reading.schemaIssues),
    schemaErrorCount: reading.schemaErrorCount,
    schemaKinds: kept(reading.schemaKinds),
    schemaKindsLeftOut: reading.schemaKindsLeftOut,
  };
}
