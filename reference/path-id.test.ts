// Unit tests of the orderId / petId reader: canonical int64 only, every other spelling refused.

import { describe, expect, it } from 'vitest';
import { INT64_MAX, INT64_MIN, parseCanonicalInt64 } from './int64.ts';
import { parsePathId } from './path-id.ts';

describe('parseCanonicalInt64', () => {
  it.each([
    ['0', 0n],
    ['7', 7n],
    ['-7', -7n],
    ['9007199254740992', 9007199254740992n],
    ['9007199254740993', 9007199254740993n],
    ['9223372036854775807', INT64_MAX],
    ['-9223372036854775808', INT64_MIN],
  ])('reads %s exactly', (text, value) => {
    expect(parseCanonicalInt64(text)).toBe(value);
  });

  it.each([
    ['empty', ''],
    ['letters', 'abc'],
    ['fraction', '1.5'],
    ['integral fraction', '7.0'],
    ['exponent', '1e3'],
    ['plus sign', '+1'],
    ['negative zero', '-0'],
    ['leading zeros', '007'],
    ['hex', '0x10'],
    ['leading space', ' 7'],
    ['trailing space', '7 '],
    ['trailing newline', '7\n'],
    ['2^63', '9223372036854775808'],
    ['below -2^63', '-9223372036854775809'],
    ['far beyond', '1'.repeat(40)],
    ['arabic-indic digit U+0663', '\u0663'],
    ['fullwidth digit U+FF17', '\uFF17'],
    ['underscore separator', '1_000'],
    ['minus only', '-'],
  ])('refuses %s', (_, text) => {
    expect(parseCanonicalInt64(text)).toBeUndefined();
  });
});

describe('parsePathId', () => {
  it('percent-decodes once before the syntax check', () => {
    expect(parsePathId('%37', 'orderId')).toEqual({ ok: true, id: 7n });
    // %2537 decodes to "%37", which is not digits: decoding twice would be a bug.
    expect(parsePathId('%2537', 'orderId').ok).toBe(false);
  });

  it.each(['%ZZ', '%', '%E0%A4%A', '%C3'])(
    'refuses the bad escape %s with a reason naming the encoding',
    (raw) => {
      const result = parsePathId(raw, 'orderId');
      expect(result).toEqual({ ok: false, reason: 'orderId has an invalid percent-encoding' });
    },
  );

  it.each(['%D9%A3', '%EF%BC%97', '%201', '1%20', '%2B1', '1%2F2', '7%00'])(
    'refuses %s after decoding',
    (raw) => {
      const result = parsePathId(raw, 'petId');
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/^petId must be a decimal int64/);
    },
  );
});
