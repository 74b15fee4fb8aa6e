// schemas/openapi.yaml describes the spec's operations, statuses and headers, and is built on the very
// schema files the checks validate with (its external $refs resolve to them).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../support/cli.ts';

const SCHEMAS = join(ROOT, 'schemas');
type Node = Record<string, unknown>;
const doc = parse(readFileSync(join(SCHEMAS, 'openapi.yaml'), 'utf8')) as Node;

function refs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) refs(n, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node))
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
  }
  return out;
}

function resolve(ref: string): unknown {
  if (!ref.startsWith('#/')) return JSON.parse(readFileSync(join(SCHEMAS, ref), 'utf8'));
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((n, k) => (n as Node | undefined)?.[k], doc);
}

function response(path: string, method: string, status: string): Node {
  const r = ((doc.paths as Node)[path] as Node)[method] as Node;
  const res = (r.responses as Node)[status] as Node;
  return (res.$ref ? resolve(res.$ref as string) : res) as Node;
}

describe('schemas/openapi.yaml', () => {
  it('is OpenAPI 3.1 with bearer security on every operation', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(((doc.components as Node).securitySchemes as Node).bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('resolves every $ref, external ones to the suite’s own schema files', () => {
    const all = refs(doc);
    expect(all.filter((r) => !r.startsWith('#'))).toEqual(
      expect.arrayContaining(['./order-list.schema.json', './error.schema.json']),
    );
    for (const r of all) {
      if (!r.startsWith('#')) expect(existsSync(join(SCHEMAS, r)), r).toBe(true);
      expect(resolve(r), r).toBeDefined();
    }
  });

  it('lists the spec’s operations and statuses, with the rate-limit headers on each response', () => {
    const expected: Array<[string, string, string[]]> = [
      ['/store/orders', 'get', ['200', '401', '429']],
      ['/store/orders/{orderId}', 'delete', ['204', '401', '404', '409', '429']],
      ['/pets/{petId}', 'get', ['default', '401', '429']],
    ];
    for (const [path, method, statuses] of expected) {
      const op = ((doc.paths as Node)[path] as Node)[method] as Node;
      expect(Object.keys(op.responses as Node).sort()).toEqual([...statuses].sort());
      for (const status of statuses) {
        const headers = response(path, method, status).headers as Node;
        for (const h of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'])
          expect(headers[h], `${path} ${status} ${h}`).toBeDefined();
      }
    }
    expect((((doc.paths as Node)['/pets/{petId}'] as Node).get as Node).deprecated).toBe(true);
    expect(response('/store/orders', 'get', '429').headers).toHaveProperty('Retry-After');
    expect(response('/store/orders', 'get', '401').headers).toHaveProperty('WWW-Authenticate');
  });
});
