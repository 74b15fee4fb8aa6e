// JSON Schema validation (2020-12) of bodies read by json.ts, as data: each failure with where, what the schema
// asks and what is there. Target bodies go through validators ajv precompiled from the schema files (integers
// that may be bigint, strict RFC 3339: schema-values.ts); ajv itself is loaded only for the report schema.
import type { ErrorObject } from 'ajv/dist/2020.js';
import { ajvValidator } from './schema-ajv.ts';
import * as generated from './schema-validators.generated.ts';
import type { SchemaName } from './schema-values.ts';

export type { SchemaName } from './schema-values.ts';

interface Validator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

const PRECOMPILED: Partial<Record<SchemaName, Validator>> = {
  order: generated.order as Validator,
  'order-list': generated.orderList as Validator,
  error: generated.error as Validator,
};

function validator(name: SchemaName): Validator {
  return PRECOMPILED[name] ?? ajvValidator(name);
}

/** One schema failure as data: where in the instance, what the schema asks there, and what is there. */
export interface SchemaIssue {
  /** JSON pointer into the document ('' is the root). */
  path: string;
  /** What the schema expects at `path`: 'type string', 'format date-time', 'property code present'... */
  expected: string;
  /** The value found there, as JSON (cut at ACTUAL_CHARS), or 'absent'. */
  actual: string;
}

export interface ValidationResult {
  valid: boolean;
  /** One line per problem: "<JSON pointer> <message>". */
  errors: string[];
  /** The same problems as data, in the same order. */
  issues: SchemaIssue[];
}

/** How much of an offending value an issue quotes. */
export const ACTUAL_CHARS = 120;

function describe(e: ErrorObject, at: string): string {
  const path = at + e.instancePath;
  return `${path === '' ? '(root)' : path} ${e.message ?? e.keyword}`;
}

function at(data: unknown, pointer: string): { found: boolean; value?: unknown } {
  let value = data;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return { found: false };
    value = (value as Record<string, unknown>)[key];
  }
  return { found: true, value };
}

/** The value as JSON, bigints written exactly as the integers they were read from. */
function shown(value: unknown): string {
  const text =
    JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `\u0000${v}\u0000` : v))?.replace(
      /"\\u0000(-?\d+)\\u0000"/g,
      '$1',
    ) ?? String(value);
  return text.length > ACTUAL_CHARS ? `${text.slice(0, ACTUAL_CHARS)}…` : text;
}

function expectation(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'type':
      return `type ${String(p.type)}`;
    case 'format':
      return `format ${String(p.format)}`;
    case 'required':
      return `property ${String(p.missingProperty)} present`;
    case 'additionalProperties':
      return `no property ${String(p.additionalProperty)}`;
    case 'integer':
      return 'type integer';
    case 'int64':
      return 'type integer, format int64';
    default:
      return e.message ?? e.keyword;
  }
}

function issueOf(e: ErrorObject, data: unknown, prefix: string): SchemaIssue {
  if (e.keyword === 'required') {
    const name = String((e.params as { missingProperty?: unknown }).missingProperty);
    return { path: `${prefix}${e.instancePath}/${name}`, expected: expectation(e), actual: 'absent' };
  }
  const v = at(data, e.instancePath);
  return {
    path: prefix + e.instancePath,
    expected: expectation(e),
    actual: v.found ? shown(v.value) : 'absent',
  };
}

/** Whether `data` is valid, with nothing worded: the hot path for the items of a large list. */
export function isValid(name: SchemaName, data: unknown): boolean {
  return validator(name)(data);
}

/** Validates `data`; `at` is where it sits in a larger document (a JSON pointer), prefixed to each problem. */
export function validate(name: SchemaName, data: unknown, prefix = ''): ValidationResult {
  const fn = validator(name);
  const valid = fn(data);
  const errs = valid ? [] : (fn.errors ?? []);
  return {
    valid,
    errors: errs.map((e) => describe(e, prefix)),
    issues: errs.map((e) => issueOf(e, data, prefix)),
  };
}
