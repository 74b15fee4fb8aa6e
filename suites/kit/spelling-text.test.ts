// How messages show orderId spellings: a long run folded to its ends and count, the radix of a reading said
// (round four quoted a 1,003-character spelling that "may read as 68"). Pure.
import { describe, expect, it } from 'vitest';
import { AbsenceGuard } from './absence-guard.ts';
import { KnownOrders } from './known-orders.ts';
import { radixReading, shortSpelling } from './spelling-text.ts';

describe('a spelling in a message', () => {
  it('keeps a short one, and folds a long run of one character to its ends and count', () => {
    expect(shortSpelling('0104')).toBe('0104');
    const long = `${'0'.repeat(1000)}104`;
    expect(shortSpelling(long)).toBe('0…0104 (1000 zeros, 1003 characters)');
    expect(shortSpelling(`7${' '.repeat(60)}`)).toBe('7 …  (60 × " ", 61 characters)');
    // Nothing to fold: its start and its length.
    const mixed = '0123456789'.repeat(10);
    expect(shortSpelling(mixed)).toBe(`${mixed.slice(0, 30)}… (100 characters)`);
  });

  it('says which radix a reading is in, and nothing for a decimal one', () => {
    expect(radixReading(`${'0'.repeat(1000)}104`, 68n)).toBe('an octal reading of 104 is 68');
    expect(radixReading('0x1f', 31n)).toBe('a hexadecimal reading of 1f is 31');
    expect(radixReading('0b101', 5n)).toBe('a binary reading of 101 is 5');
    expect(radixReading('104', 260n)).toBe('a hexadecimal reading of 104 is 260');
    expect(radixReading('4_04000', 4n)).toBeUndefined();
    expect(radixReading('0104', 104n)).toBeUndefined();
  });

  it('reads right in the skip that a long leading-zeros spelling may name an id near the list', () => {
    const all = ['101', '102', '103', '104', '105', '106', '107'];
    const known = new KnownOrders(all, all.slice(0, 5), ['106', '107'], new AbsenceGuard(all));
    expect(known.unsafeReading(`${'0'.repeat(1000)}104`, '104')).toBe(
      '0…0104 (1000 zeros, 1003 characters) may read as 68, an id the list cannot prove absent (an octal reading of 104 is 68; readings considered: decimal 104, octal 68 (a leading 0, to strtol base 0), hexadecimal 260 (strtol base 16, which needs no 0x); a spelling is sent only when none of them may name an order)',
    );
  });

  it('says which readings of a leading zero were considered, where the one that counts is not octal', () => {
    // Issue 37: "01752 may read as 5970 (a hexadecimal reading of 1752 is 5970)" left a reader who expects
    // octal from a leading zero asking why: every reading is listed, and why any one of them counts.
    const all = ['1752', '5969', '5971', '5973'];
    const known = new KnownOrders(all, ['1752'], [], new AbsenceGuard(all));
    const why = known.unsafeReading('01752');
    expect(why).toBe(
      '01752 may read as 5970, an id the list cannot prove absent (a hexadecimal reading of 1752 is 5970; readings considered: decimal 1752, octal 1002 (a leading 0, to strtol base 0), hexadecimal 5970 (strtol base 16, which needs no 0x); a spelling is sent only when none of them may name an order)',
    );
  });
});
