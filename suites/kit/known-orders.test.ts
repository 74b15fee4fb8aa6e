// The lenient readings (id-readings.ts) and the safety rule of known-orders.ts: what a careless server reads a
// segment as, and which segments the orderId checks refuse to send.
import { describe, expect, it } from 'vitest';
import { AbsenceGuard } from './absence-guard.ts';
import { asciiDigits, decodings, namedIds } from './id-readings.ts';
import { admissibleAbsent, KnownOrders, staysInSegment } from './known-orders.ts';

const REFERENCE = new KnownOrders(
  ['1', '2', '3', '7', '9007199254740992', '9007199254740993', '42', '9223372036854775807'],
  ['1', '2', '3', '7', '9007199254740992', '9007199254740993'],
  ['42', '9223372036854775807'],
);

describe('namedIds', () => {
  it('includes what Number(), parseInt, BigInt, atoi and hex make of a segment', () => {
    expect(namedIds('9007199254740993')).toContain(9007199254740992n); // Number() rounds
    expect(namedIds('+7')).toContain(7n);
    expect(namedIds('%207')).toContain(7n); // decoded, then trimmed
    expect(namedIds('7abc')).toContain(7n); // atoi: leading digits
    expect(namedIds('0x7')).toEqual(expect.arrayContaining([7n, 0n])); // hex, atoi
    expect(namedIds('7.5')).toEqual(expect.arrayContaining([7n, 8n])); // truncated or rounded up
    expect(namedIds('7e0')).toContain(7n);
    expect(namedIds('010')).toContain(8n); // a leading 0 means octal to strtol base 0
    expect(namedIds('NaN')).toContain(0n); // atoi of no digits
  });

  it('reads non-ASCII digits as their values and wraps or clamps beyond int64', () => {
    expect(asciiDigits('\u0663\uff17')).toBe('37');
    expect(namedIds(encodeURIComponent('\u0667'))).toContain(7n);
    expect(namedIds((2n ** 64n + 7n).toString())).toContain(7n); // int64 wrap
    expect(namedIds('9223372036854775808')).toContain(2n ** 63n - 1n); // clamp
  });

  it('decodes once and twice, and reads + as a space', () => {
    expect(decodings('%2537')).toEqual(expect.arrayContaining(['%2537', '%37', '7']));
    expect(decodings('+7')).toContain(' 7');
    expect(decodings('%zz')).toEqual(['%zz']);
  });
});

describe('staysInSegment', () => {
  it('refuses anything that could reach another path once decoded', () => {
    for (const bad of [
      '',
      '5/1',
      '5%2F1',
      '%2e%2e',
      '.',
      '5%3F',
      '5%23',
      '5;x',
      '5%3Bx',
      '%5C5',
      '%20',
      '5 6',
    ])
      expect(staysInSegment(bad), bad).toBe(false);
    for (const ok of ['5', '+5', '5.5', '%205', '5%00', '%FF5', '5%zz', '0x5', '5e0'])
      expect(staysInSegment(ok), ok).toBe(true);
  });
});

describe('KnownOrders.safe', () => {
  it('refuses a segment that any reading takes for a cancellable order', () => {
    expect(REFERENCE.safe('9007199254740994')).toBe(true);
    expect(REFERENCE.safe('+7')).toBe(false);
    expect(REFERENCE.safe('7.0')).toBe(false);
    expect(REFERENCE.safe('0x1')).toBe(false);
    expect(REFERENCE.safe('4abc')).toBe(true);
    expect(REFERENCE.safe('abc')).toBe(true); // 0 and 0xabc are no orders
    expect(REFERENCE.safe((2n ** 64n + 3n).toString())).toBe(false); // wraps to order 3
  });

  it('allows naming a known shipped order, which cannot be cancelled', () => {
    expect(REFERENCE.safe('9223372036854775806')).toBe(true); // Number() names 2^63-1, shipped
    const unknownShipped = new KnownOrders(['9223372036854775807'], [], []);
    expect(unknownShipped.safe('9223372036854775806')).toBe(false);
  });

  it("allows a fixture's own spellings to name that fixture only", () => {
    expect(REFERENCE.safe('+7', '7')).toBe(true);
    expect(REFERENCE.safe('+9007199254740993', '9007199254740993')).toBe(false); // also names ...992
  });
});

describe('the spellings of a realistic fixture, the list untrusted', () => {
  // The red team's fixtures: 6-digit ids, a list that cannot prove what lies near them absent.
  const pending = ['101000', '202000', '303000', '404000', '505000'];
  const shipped = ['909000', '1010000'];
  const all = [...pending, ...shipped];
  const known = new KnownOrders(all, pending, shipped, new AbsenceGuard(all));

  it('counts no base-16 reading the fixture id itself has: 404000.0 and +404000 name 0x404000 only as 404000 does', () => {
    for (const s of [
      '404000.0',
      '404000.',
      '404000.00',
      '+404000',
      '404000%20',
      '404000%0A',
      '404000%E3%80%80',
    ])
      expect(known.unsafeReading(s, '404000'), s).toBeUndefined();
    // Without the fixture vouched for, the same reading still counts.
    expect(known.unsafeReading('+404000')).toBe(
      '+404000 may read as 4210688, an id the list cannot prove absent (a hexadecimal reading of +404000 is 4210688; readings considered: decimal 404000, hexadecimal 4210688 (strtol base 16, which needs no 0x); a spelling is sent only when none of them may name an order)',
    );
  });

  it('still refuses a base-16 reading the fixture id does not have, and says which reading', () => {
    expect(known.unsafeReading('404000e0', '404000')).toBe(
      '404000e0 may read as 1077936352, an id the list cannot prove absent (a hexadecimal reading of 404000e0 is 1077936352; readings considered: decimal 404000, hexadecimal 1077936352 (strtol base 16, which needs no 0x); a spelling is sent only when none of them may name an order)',
    );
    // atoi reads no digits as 0; a prefix before "_" as a smaller id; the octal reading of a leading 0.
    expect(known.unsafeReading('0x62a20', '404000')).toBe(
      '0x62a20 may read as 0, an id the list cannot prove absent',
    );
    expect(known.unsafeReading('4_04000', '404000')).toBe(
      '4_04000 may read as 4, an id the list cannot prove absent',
    );
    expect(known.unsafeReading('%20404000', '404000')).toMatch(/may read as 0,/);
    // Spelled around another fixture, its own base-16 reading counts, and so does the fixture it names.
    expect(known.unsafeReading('+202000', '404000')).toBe(
      '+202000 may read as 2105344, an id the list cannot prove absent (a hexadecimal reading of +202000 is 2105344; readings considered: decimal 202000, hexadecimal 2105344 (strtol base 16, which needs no 0x); a spelling is sent only when none of them may name an order)',
    );
    expect(known.safe('202000.0', '404000')).toBe(false);
  });

  it('weighs no reading of a reader the server was shown not to use', () => {
    const prefix = new Set(['prefix'] as const);
    // atoi's 0 in 0x62a20 and 0b..., its 4 in 4_04000: set aside once the server refused 404000- (spelling.ts).
    expect(known.unsafeReading('0x62a20', '404000', prefix)).toBeUndefined();
    expect(known.unsafeReading(`0b${(404000).toString(2)}`, '404000', prefix)).toBeUndefined();
    // strtol base 16 still reads 0o... as 0 and 4_04000 as 4, until a 409 shows no base-16 reader either.
    expect(known.unsafeReading(`0o${(404000).toString(8)}`, '404000', prefix)).toMatch(/may read as 0,/);
    expect(known.unsafeReading('4_04000', '404000', prefix)).toMatch(/may read as 4,/);
    const both = new Set(['prefix', 'base16'] as const);
    expect(known.unsafeReading(`0o${(404000).toString(8)}`, '404000', both)).toBeUndefined();
    expect(known.unsafeReading('4_04000', '404000', both)).toBeUndefined();
    // A reading every reader makes stays: 202000.0 is 202000 to Number(), whatever else is set aside.
    expect(known.safe('202000.0', '404000', both)).toBe(false);
    expect(namedIds('404000.5', undefined, both)).toEqual(expect.arrayContaining([404000n, 404001n]));
  });
});

describe('absent ids a 32-bit reader wraps', () => {
  // 2^40 + 2 and 2^53 + 2: valid int64 ids no order has, whose low 32 bits are 2.
  const wraps = [2n ** 40n + 2n, 2n ** 53n + 2n];

  it('are not sent as absent when their low 32 bits name a pending order the run was not given', () => {
    const listed = new KnownOrders(['2', '42'], [], ['42']);
    for (const id of wraps) {
      expect(listed.wrapsOntoUngiven(id), `${id}`).toBe('2');
      expect(admissibleAbsent(listed, id), `${id}`).toBe(false);
    }
    // A shipped order cannot be cancelled, so naming it is safe.
    expect(admissibleAbsent(listed, 2n ** 40n + 42n)).toBe(true);
  });

  it('are sent when the order they wrap onto is a given fixture, or none', () => {
    const given = new KnownOrders(['2'], ['2'], []);
    for (const id of wraps) expect(admissibleAbsent(given, id), `${id}`).toBe(true);
    expect(admissibleAbsent(REFERENCE, 2n ** 40n + 5n)).toBe(true);
  });
});
