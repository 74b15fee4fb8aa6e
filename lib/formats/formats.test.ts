import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpDateForm, isImfFixdate, notImfFixdate, parseHttpDate } from './http-date.ts';
import { isCanonicalInt64 } from './int64.ts';
import { integerText, parseJson, stringifyJson } from './json.ts';
import { retryAfter } from './rate-limit-headers.ts';
import { isRfc3339DateTime } from './rfc3339.ts';

describe('RFC 3339 date-time (strict)', () => {
  it.each([
    '2026-11-22T10:00:00Z',
    '2026-11-22t10:00:00z',
    '2026-11-22T10:00:00.123456+02:00',
    '2024-02-29T23:59:60-08:00',
  ])('accepts %s', (v) => expect(isRfc3339DateTime(v)).toBe(true));
  it.each([
    '2026-11-22 10:00:00Z', // space separator: ajv-formats accepts it, RFC 3339 does not
    '2026-11-22T10:00:00+0100', // offset without colon
    '2026-11-22T10:00:00', // no offset
    '2026-02-29T10:00:00Z', // not a leap year
    '2026-13-01T10:00:00Z',
    '2026-11-22T24:00:00Z',
    '2026-11-22',
    '2026-11-22T10:00Z',
  ])('refuses %s', (v) => expect(isRfc3339DateTime(v)).toBe(false));

  // The grammar of RFC 3339 §5.6 as one regular expression, plus the calendar: the character-by-character
  // reader must agree with it on every string, near misses included.
  const GRAMMAR = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/;
  const byGrammar = (v: string): boolean => {
    const m = GRAMMAR.exec(v);
    if (!m) return false;
    const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    const days = mo === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(mo) ? 30 : 31;
    const offsetOk = m[9] === undefined || (Number(m[9]) <= 23 && Number(m[10]) <= 59);
    return mo >= 1 && mo <= 12 && d >= 1 && d <= days && h <= 23 && mi <= 59 && s <= 60 && offsetOk;
  };
  it('agrees with the RFC grammar on generated near misses', () => {
    // Mostly in range, sometimes just past it or anywhere, so that both answers are common.
    const two = (max: number) =>
      fc
        .oneof(
          { weight: 6, arbitrary: fc.integer({ min: max === 12 || max === 31 ? 1 : 0, max }) },
          { weight: 1, arbitrary: fc.constantFrom(0, max + 1, 29, 30, 31) },
          { weight: 1, arbitrary: fc.integer({ min: 0, max: 99 }) },
        )
        .map((n) => String(n).padStart(2, '0'));
    const stamp = fc
      .tuple(
        fc
          .oneof(fc.constantFrom(2000, 1900, 2024, 2026), fc.integer({ min: 0, max: 9999 }))
          .map((n) => String(n).padStart(4, '0')),
        two(12),
        two(31),
        fc.constantFrom('T', 't', 'T', ' ', 'x'),
        two(23),
        two(59),
        two(60),
        fc.constantFrom('', '.', '.5', '.123456', '.x'),
        fc.constantFrom('Z', 'z', '', '+01:00', '-23:59', '+24:00', '+01:60', '+0100', 'Zz', '+1:00'),
      )
      .map(([y, mo, d, t, h, mi, s, f, z]) => `${y}-${mo}-${d}${t}${h}:${mi}:${s}${f}${z}`);
    const mutated = fc
      .tuple(stamp, fc.nat(40), fc.constantFrom('', '-', ':', '9', 'T', 'é', '0'))
      .map(([v, i, c]) => v.slice(0, i % (v.length + 1)) + c + v.slice((i % (v.length + 1)) + 1));
    fc.assert(
      fc.property(fc.oneof(stamp, mutated), (v) => isRfc3339DateTime(v) === byGrammar(v)),
      { numRuns: 3000, seed: 3339 },
    );
  });
});

describe('HTTP-date (RFC 9110 §5.6.7)', () => {
  it('reads IMF-fixdate and the two obsolete forms', () => {
    const at = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(at);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(at);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(at);
  });
  it('tells IMF-fixdate apart and refuses impossible or sloppy dates', () => {
    expect(isImfFixdate('Wed, 30 Jun 2027 23:59:59 GMT')).toBe(true);
    expect(isImfFixdate('Mon, 30 Jun 2027 23:59:59 GMT')).toBe(false); // wrong day name
    expect(parseHttpDate('Wed, 31 Jun 2027 23:59:59 GMT')).toBeUndefined();
    expect(parseHttpDate('2027-06-30T23:59:59Z')).toBeUndefined();
    expect(parseHttpDate('Wed, 30 Jun 2027 23:59:59 +0000')).toBeUndefined();
  });
  it('reads an IMF-fixdate only under its own day name, every day of four years', () => {
    const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    let read = 0;
    for (let ms = Date.UTC(2026, 0, 1, 23, 59, 58); ms < Date.UTC(2030, 0, 1); ms += 86_400_000) {
      // The day as toUTCString writes it: "Thu, 01 Jan 2026 23:59:58 GMT".
      const written = new Date(ms).toUTCString();
      for (const day of days) {
        const text = `${day}${written.slice(3)}`;
        const own = written.startsWith(day);
        expect(parseHttpDate(text), text).toBe(own ? ms : undefined);
        expect(isImfFixdate(text), text).toBe(own);
        if (own) read += 1;
      }
    }
    expect(read).toBe(1461);
    // A second of 60 rolls into the next day, which the date as written is not.
    expect(parseHttpDate('Wed, 30 Jun 2027 23:59:60 GMT')).toBeUndefined();
  });
  it('names the form a date is written in: a sender generates only the IMF-fixdate', () => {
    expect(httpDateForm('Sun, 06 Nov 1994 08:49:37 GMT')).toBe('imf-fixdate');
    expect(httpDateForm('Sunday, 06-Nov-94 08:49:37 GMT')).toBe('rfc850');
    expect(httpDateForm('Sun Dec  6 02:21:48 2026')).toBe('asctime');
    expect(httpDateForm('soon')).toBeUndefined();
    expect(notImfFixdate('Sun, 06 Nov 1994 08:49:37 GMT')).toBeUndefined();
    expect(notImfFixdate('Sun Dec  6 02:21:48 2026')).toMatch(/obsolete asctime-date form/);
    expect(notImfFixdate('2027-06-30T23:59:59Z')).toMatch(/is no HTTP-date/);
  });
  it('reads an obsolete Retry-After for the wait and says it is obsolete', () => {
    const at = Date.UTC(2026, 11, 6, 2, 21, 0);
    const ra = retryAfter({ 'retry-after': 'Sun Dec  6 02:21:48 2026' }, at);
    expect(ra).toMatchObject({ form: 'http-date', delayMs: 48_000, obsolete: 'asctime' });
    expect(retryAfter({ 'retry-after': 'Sun, 06 Dec 2026 02:21:48 GMT' }, at)).not.toHaveProperty('obsolete');
  });
});

describe('lossless JSON', () => {
  it('keeps integers above 2^53 exact and safe ones as numbers', () => {
    const r = parseJson(
      '[9007199254740993, 9007199254740992, 9223372036854775807, 7, 1.5, -9223372036854775808]',
    );
    expect(r).toEqual({
      ok: true,
      value: [9007199254740993n, 9007199254740992n, 9223372036854775807n, 7, 1.5, -9223372036854775808n],
    });
    expect(integerText(9007199254740993n)).toBe('9007199254740993');
    expect(integerText(7)).toBe('7');
    expect(integerText(1.5)).toBeUndefined();
    expect(integerText('7')).toBeUndefined();
    expect(stringifyJson({ id: 9007199254740993n })).toBe('{"id":9007199254740993}');
  });
  it('reports malformed JSON instead of throwing', () => {
    const r = parseJson('{"a": }');
    expect(r.ok).toBe(false);
  });
});

describe('canonical int64', () => {
  it.each(['0', '7', '-1', '9223372036854775807', '-9223372036854775808'])('accepts %s', (v) =>
    expect(isCanonicalInt64(v)).toBe(true),
  );
  it.each(['', '007', '+7', '-0', '7.0', '9223372036854775808', '-9223372036854775809', ' 7', '0x7'])(
    'refuses %j',
    (v) => expect(isCanonicalInt64(v)).toBe(false),
  );
});
