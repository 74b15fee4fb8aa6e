// What the suite's schemas ask of a value beyond standard JSON Schema: integers that may be bigint (read
// losslessly), int64, and strict RFC 3339 date-time. Plain functions, called by the generated validators and
// by ajv alike; they know nothing of schemas.
import { inInt64 } from './int64.ts';
import { isRfc3339DateTime } from './rfc3339.ts';

/** The suite's schemas, by the name of their file (`schemas/<name>.schema.json`). */
export type SchemaName = 'order' | 'order-list' | 'error' | 'report';

export function isInteger(data: unknown): boolean {
  return typeof data === 'bigint' || (typeof data === 'number' && Number.isSafeInteger(data));
}

export function isInt64(data: unknown): boolean {
  if (typeof data === 'bigint') return inInt64(data);
  return typeof data === 'number' && Number.isSafeInteger(data);
}

/** The formats the schemas use, by name (ajv-formats' date-time accepts a space and `+0100`: RFC 3339 does not). */
export const formats = {
  'date-time': { type: 'string', validate: isRfc3339DateTime },
} as const;
