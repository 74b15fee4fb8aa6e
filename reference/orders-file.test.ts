// Unit tests of the --orders FILE reader and of seed validation: ids exact, every field checked.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrdersFile, parseOrdersJson } from './orders-file.ts';
import { isRfc3339DateTime } from './rfc3339.ts';
import {
  DEFAULT_ORDERS,
  DEFAULT_PENDING_IDS,
  DEFAULT_SHIPPED_IDS,
  fixtureIds,
  normalizeSeed,
} from './seed.ts';

const entry = (fields: Record<string, string>) =>
  `[{${Object.entries({
    id: '1',
    petId: '2',
    quantity: '3',
    shipDate: '"2026-11-22T10:00:00Z"',
    complete: 'false',
    status: '"pending"',
    ...fields,
  })
    .map(([k, v]) => `"${k}":${v}`)
    .join(',')}}]`;

describe('parseOrdersJson', () => {
  it('keeps ids above 2^53 exact', () => {
    const seed = parseOrdersJson(entry({ id: '9007199254740993', petId: '-9223372036854775808' }));
    expect(normalizeSeed(seed)[0]).toMatchObject({
      id: 9007199254740993n,
      petId: -9223372036854775808n,
      quantity: 3,
    });
  });

  it.each([
    ['not JSON', '[{', /not valid JSON/],
    ['not an array', '{}', /must be a JSON array/],
    ['an entry that is not an object', '[1]', /\[0\] must be an object/],
    ['an unknown field', entry({ colour: '"red"' }), /unknown field "colour"/],
    ['an id as a string', entry({ id: '"1"' }), /\[0\]\.id must be a JSON integer/],
    ['an id in exponent form', entry({ id: '1e3' }), /\[0\]\.id must be an int64/],
    ['an id of 2^63', entry({ id: '9223372036854775808' }), /\[0\]\.id must be an int64/],
    ['a fractional quantity', entry({ quantity: '1.5' }), /quantity must be an integer/],
    ['a quantity written 1.0', entry({ quantity: '1.0' }), /quantity must be an integer/],
    [
      'a space-separated shipDate',
      entry({ shipDate: '"2026-11-22 10:00:00Z"' }),
      /shipDate must be an RFC 3339/,
    ],
    ['complete as a string', entry({ complete: '"yes"' }), /complete must be true or false/],
    ['status cancelled', entry({ status: '"cancelled"' }), /status must be "pending" or "shipped"/],
    ['a duplicate id', `[${entry({}).slice(1, -1)},${entry({}).slice(1, -1)}]`, /\[1\]\.id 1 appears twice/],
  ])('refuses %s', (_, text, message) => {
    expect(() => parseOrdersJson(text, 'seed.json')).toThrow(message);
  });

  it('names the file when it cannot be read or parsed', () => {
    expect(() => loadOrdersFile('/nonexistent/orders.json')).toThrow(/cannot read orders file \/nonexistent/);
    const dir = mkdtempSync(join(tmpdir(), 'orders-file-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, entry({ status: '"lost"' }));
    expect(() => loadOrdersFile(file)).toThrow(`${file}[0].status`);
  });
});

describe('default seed', () => {
  it('is valid, and its fixture lists match its statuses', () => {
    const stored = normalizeSeed(DEFAULT_ORDERS);
    expect(fixtureIds(stored)).toEqual({ pending: DEFAULT_PENDING_IDS, shipped: DEFAULT_SHIPPED_IDS });
    expect(stored.filter((o) => o.status === 'shipped').every((o) => o.complete)).toBe(true);
  });
});

describe('isRfc3339DateTime (RFC 3339 §5.6)', () => {
  it.each([
    '2026-11-22T10:00:00Z',
    '2026-11-22T10:00:00.1+02:00',
    '2024-02-29T23:59:59.123456-05:30',
    '2026-12-31T23:59:60Z',
  ])('accepts %s', (text) => {
    expect(isRfc3339DateTime(text)).toBe(true);
  });

  it.each([
    '2026-11-22 10:00:00Z',
    '2026-11-22T10:00:00',
    '2026-11-22T10:00:00+0200',
    '2026-11-22t10:00:00z',
    '2026-02-29T10:00:00Z',
    '2026-13-01T10:00:00Z',
    '2026-11-22T24:00:00Z',
    '2026-11-22T10:00:00+24:00',
    '2026-11-22',
  ])('refuses %s', (text) => {
    expect(isRfc3339DateTime(text)).toBe(false);
  });
});
