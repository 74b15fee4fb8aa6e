import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from './json.ts';
import { ajvValidator, bigintAware, RUN_SCHEMAS, schemaProblems, standaloneModule } from './schema-ajv.ts';
import * as generated from './schema-validators.generated.ts';

/** The generated module's validators by exported name. */
const GENERATED = new Map<string, unknown>(Object.entries(generated));

import { validate } from './validation.ts';

const order = (fields: string) => parseJson(`[{${fields}}]`);

describe('Order schema on exact values', () => {
  it('accepts int64 ids above 2^53 and at both ends of the range', () => {
    const r = parseJson(
      '[{"id":9223372036854775807,"petId":-9223372036854775808,"quantity":1,"shipDate":"2026-01-01T00:00:00Z","complete":true},{"id":9007199254740993}]',
    );
    expect(r.ok && validate('order-list', r.value)).toEqual({ valid: true, errors: [], issues: [] });
  });
  it('refuses ids outside int64, string ids, fractional quantities and loose dates', () => {
    const cases: Array<[string, RegExp]> = [
      ['"id":9223372036854775808', /\/0\/id must be an integer within int64/],
      ['"id":"7"', /\/0\/id must be an integer within int64/],
      ['"quantity":1.5', /\/0\/quantity must be an integer/],
      ['"shipDate":"2026-01-01 00:00:00"', /\/0\/shipDate must match format "date-time"/],
      ['"complete":"yes"', /\/0\/complete must be boolean/],
    ];
    expect(cases.length).toBeGreaterThan(0);
    for (const [fields, message] of cases) {
      const r = order(fields);
      expect(r.ok).toBe(true);
      const v = validate('order-list', r.ok ? r.value : null);
      expect(v.valid, fields).toBe(false);
      expect(v.errors.join('\n')).toMatch(message);
    }
  });
  it('needs no field of an Order (spec §2 rule 1)', () => {
    expect(validate('order', {}).valid).toBe(true);
  });
});

describe('Error schema', () => {
  it('requires code, message and an integer status', () => {
    expect(validate('error', { code: 'X', message: 'm', status: 404 }).valid).toBe(true);
    expect(validate('error', { code: 'X', status: 404 }).errors).toEqual([
      "(root) must have required property 'message'",
    ]);
    expect(validate('error', { code: 'X', message: 'm', status: '404' }).errors).toEqual([
      '/status must be an integer',
    ]);
  });
});

describe('bigintAware', () => {
  it('rewrites integer types into keywords that accept bigint, leaving const and enum alone', () => {
    expect(
      bigintAware({
        properties: {
          a: { type: 'integer', format: 'int64' },
          b: { type: 'integer' },
          c: { const: { type: 'integer' } },
        },
      }),
    ).toEqual({
      properties: { a: { int64: true }, b: { integer: true }, c: { const: { type: 'integer' } } },
    });
  });
});

describe("the suite's schemas", () => {
  it('are valid JSON Schema 2020-12 (checked here, since a run skips the meta-schema)', () => {
    expect(schemaProblems()).toEqual([]);
    expect(schemaProblems([{ $id: 'broken', type: 'no-such-type' }]).join('\n')).toMatch(/schema is invalid/);
  });
});

describe('schema issues as data', () => {
  it('name the instance path, the expected type or format, and the actual value (bigints exact)', () => {
    const r = validate('order', { id: 9007199254740993n, petId: 'seven', shipDate: '2026-01-01 10:00:00' });
    expect(r.issues).toEqual(
      expect.arrayContaining([
        { path: '/petId', expected: 'type integer, format int64', actual: '"seven"' },
        { path: '/shipDate', expected: 'format date-time', actual: '"2026-01-01 10:00:00"' },
      ]),
    );
    const e = validate('error', { code: 'X', status: { n: 12345678901234567890n } }, '/body');
    expect(e.issues).toEqual(
      expect.arrayContaining([
        { path: '/body/message', expected: 'property message present', actual: 'absent' },
        { path: '/body/status', expected: 'type integer', actual: '{"n":12345678901234567890}' },
      ]),
    );
  });
});

describe('the precompiled validators a run uses', () => {
  it('are what the schema files generate now (regenerate with npm run validators)', () => {
    const file = new URL('./schema-validators.generated.ts', import.meta.url);
    expect(readFileSync(file, 'utf8')).toBe(standaloneModule());
  });

  it('judge every value as ajv compiling the schemas does, errors included', () => {
    const scalar = fc.oneof(
      fc.integer(),
      fc.bigInt(-(2n ** 64n), 2n ** 64n),
      fc.double(),
      fc.string(),
      fc.constantFrom('2026-01-01T00:00:00Z', '2026-01-01 00:00:00', '2026-13-01T00:00:00+01:00'),
      fc.boolean(),
      fc.constant(null),
    );
    const value = fc.oneof(
      scalar,
      fc.dictionary(
        fc.constantFrom('id', 'petId', 'quantity', 'shipDate', 'complete', 'code', 'message', 'status', 'x'),
        scalar,
      ),
    );
    const instance = fc.oneof(value, fc.array(value, { maxLength: 4 }));
    fc.assert(
      fc.property(
        instance,
        fc.constantFrom(...(Object.keys(RUN_SCHEMAS) as Array<keyof typeof RUN_SCHEMAS>)),
        (data, exported) => {
          const ours = GENERATED.get(exported) as { (d: unknown): boolean; errors?: unknown };
          const theirs = ajvValidator(RUN_SCHEMAS[exported]);
          expect(ours(data)).toBe(theirs(data));
          expect(ours.errors ?? null).toEqual(theirs.errors ?? null);
        },
      ),
      { numRuns: 500, seed: 11 },
    );
  });
});
