// JSON Schema validation (ajv, 2020-12, strict) of bodies read by json.ts. The schema files stay standard
// ({"type": "integer", "format": "int64"}) for other tools; this module rewrites integer types into keywords
// that accept bigint, because ajv's own `type: integer` rejects a bigint and ajv-formats' int64 is only
// Number.isInteger. date-time is replaced by strict RFC 3339 (rfc3339.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type addFormatsModule from 'ajv-formats';
import { packagePath } from '../files.ts';
import { inInt64 } from './int64.ts';
import { isRfc3339DateTime } from './rfc3339.ts';

// ajv and ajv-formats (CommonJS) are loaded at the first validation, not with the suites that import this
// module: --list and --help never need them.
const require = createRequire(import.meta.url);

export function isInteger(data: unknown): boolean {
  return typeof data === 'bigint' || (typeof data === 'number' && Number.isSafeInteger(data));
}

export function isInt64(data: unknown): boolean {
  if (typeof data === 'bigint') return inInt64(data);
  return typeof data === 'number' && Number.isSafeInteger(data);
}

type Schema = Record<string, unknown>;

/** Rewrites `type: integer` (and `format: int64`) into the bigint-aware keywords below. */
export function bigintAware(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(bigintAware);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'const' || k === 'enum' ? v : bigintAware(v);
  if (out.type === 'integer') {
    delete out.type;
    if (out.format === 'int64') {
      delete out.format;
      out.int64 = true;
    } else {
      out.integer = true;
    }
  }
  return out;
}

/**
 * `validateSchema` false skips checking the suite's own schemas against the 2020-12 meta-schema, which
 * costs a tenth of a run's CPU; schemaProblems() checks them with it, in the project's tests.
 */
function createAjv(validateSchema: boolean): Ajv2020 {
  const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = require('ajv-formats') as typeof addFormatsModule.default;
  const ajv = new Ajv({ strict: true, allErrors: true, validateSchema });
  addFormats(ajv);
  ajv.addFormat('date-time', { type: 'string', validate: isRfc3339DateTime });
  ajv.addKeyword({
    keyword: 'integer',
    schemaType: 'boolean',
    validate: (_: boolean, data: unknown) => isInteger(data),
    error: { message: 'must be an integer' },
  });
  ajv.addKeyword({
    keyword: 'int64',
    schemaType: 'boolean',
    validate: (_: boolean, data: unknown) => isInt64(data),
    error: { message: 'must be an integer within int64' },
  });
  return ajv;
}

export function loadSchema(file: string): Schema {
  return JSON.parse(readFileSync(packagePath('schemas', file), 'utf8')) as Schema;
}

export type SchemaName = 'order' | 'order-list' | 'error' | 'report';

function withSchemas(into: Ajv2020, extra: Schema[] = []): Ajv2020 {
  // Target bodies may hold bigint; the report is the harness's own plain JSON and stays as written.
  for (const s of ['order', 'order-list', 'error'] as const) {
    into.addSchema(bigintAware(loadSchema(`${s}.schema.json`)) as Schema);
  }
  into.addSchema(loadSchema('report.schema.json'));
  for (const s of extra) into.addSchema(s);
  return into;
}

/** The suite's schemas (and `extra` ones) checked against the JSON Schema 2020-12 meta-schema: the problems. */
export function schemaProblems(extra: Schema[] = []): string[] {
  try {
    const checked = withSchemas(createAjv(true), extra);
    for (const s of ['order', 'order-list', 'error', 'report'])
      checked.getSchema((loadSchema(`${s}.schema.json`).$id as string) ?? s);
    return [];
  } catch (e) {
    return [e instanceof Error ? e.message : String(e)];
  }
}

let ajv: Ajv2020 | undefined;
const compiled = new Map<SchemaName, ValidateFunction>();

function validator(name: SchemaName): ValidateFunction {
  let fn = compiled.get(name);
  if (!fn) {
    if (!ajv) {
      ajv = withSchemas(createAjv(false));
    }
    const id = (loadSchema(`${name}.schema.json`).$id as string) ?? name;
    fn = ajv.getSchema(id);
    if (!fn) throw new Error(`schema ${name} did not compile`);
    compiled.set(name, fn);
  }
  return fn;
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

/** Validates `data`; `at` is where it sits in a larger document (a JSON pointer), prefixed to each problem. */
export function validate(name: SchemaName, data: unknown, prefix = ''): ValidationResult {
  const fn = validator(name);
  const valid = fn(data) as boolean;
  const errs = valid ? [] : (fn.errors ?? []);
  return {
    valid,
    errors: errs.map((e) => describe(e, prefix)),
    issues: errs.map((e) => issueOf(e, data, prefix)),
  };
}
