// The broken orderId readers behind the order-id faults. Only faulty servers use these;
// the faithful reader is path-id.ts and must never call into this file.

import { INT64_MAX, INT64_MIN } from './int64.ts';
import type { StoredOrder } from './seed.ts';

/** Fault orderid-lenient-parse: C atoi semantics, widened to bigint. No digits reads as 0. */
export function atoiId(text: string): bigint {
  const m = /^\s*([+-]?)([0-9]*)/.exec(text);
  const digits = m?.[2] ?? '';
  if (digits === '') return 0n;
  const value = BigInt(digits);
  return m?.[1] === '-' ? -value : value;
}

export type NumberIdMatch =
  | { kind: 'invalid' }
  /** No order's id compares equal: `read` is the number itself, exactly (no order has it). */
  | { kind: 'none'; read: bigint }
  | { kind: 'match'; id: bigint };

/**
 * Fault int64-number-ids: Number() the path (so "+7", "7.0", "7e0", "0x7", " 7" all read as 7, and "" as 0),
 * then act on the first order whose id, as a number, compares equal.
 */
export function numberIdMatch(text: string, orders: readonly StoredOrder[]): NumberIdMatch {
  const n = Number(text);
  if (!Number.isInteger(n)) return { kind: 'invalid' };
  const order = orders.find((o) => Number(o.id) === n);
  return order ? { kind: 'match', id: order.id } : { kind: 'none', read: BigInt(n) };
}

/**
 * Zero code points of the Unicode digit runs (category Nd) a Unicode-aware parser reads as digits, as Java's
 * Character.digit and Python's int() do: Arabic-Indic to Mongolian, fullwidth, mathematical.
 */
const DIGIT_ZEROS = [
  0x0660, 0x06f0, 0x07c0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66, 0x0de6,
  0x0e50, 0x0ed0, 0x0f20, 0x1040, 0x1090, 0x17e0, 0x1810, 0xff10, 0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6,
];

/** Fault orderid-unicode-digits: every Unicode digit replaced by its ASCII digit before the strict parse. */
export function unicodeDigits(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const zero = DIGIT_ZEROS.find((z) => cp >= z && cp <= z + 9);
    out += zero === undefined ? ch : String(cp - zero);
  }
  return out;
}

/** Fault orderid-arabic-indic-digits: only Arabic-Indic digits (U+0660 to U+0669) replaced by ASCII ones. */
export function arabicIndicDigits(text: string): string {
  return text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
}

/**
 * Fault orderid-trailing-newline: a `^-?[0-9]+$` match where `$` also matches before one final newline (as in
 * Python's re), the digits then read whole: "7\n" is 7. Anything else: undefined.
 */
export function newlineEndedId(text: string): bigint | undefined {
  const m = /^(-?[0-9]+)\n$/.exec(text);
  if (!m) return undefined;
  const n = BigInt(m[1]!);
  return n >= INT64_MIN && n <= INT64_MAX ? n : undefined;
}

/**
 * Fault orderid-wraps-uint64: decimal digits accumulated in an unsigned 64-bit integer with no overflow check,
 * then cast to int64 (a hand-written `n = n * 10 + d`), so 2^64 + 7 reads as 7. Anything else: undefined.
 */
export function wrappedId(text: string): bigint | undefined {
  const m = /^(-?)(0|[1-9][0-9]*)$/.exec(text);
  if (!m) return undefined;
  const magnitude = BigInt.asUintN(64, BigInt(m[2]!));
  return BigInt.asIntN(64, m[1] === '-' ? -magnitude : magnitude);
}

/**
 * Fault orderid-truncates-int32: the id some reader took, kept in a 32-bit int as C's `(int)strtoll` keeps it
 * (its low 32 bits, signed), so 2^33 + 7 reads as 7.
 */
export function truncatedId(id: bigint): bigint {
  return BigInt.asIntN(32, id);
}

/**
 * Fault orderid-saturates-int64: decimal digits read by a parser that clamps on overflow (strtoll whose ERANGE
 * nobody checks, PHP's (int) cast), so 2^63 reads as 2^63-1. Anything else: undefined.
 */
export function saturatedId(text: string): bigint | undefined {
  const m = /^-?(0|[1-9][0-9]*)$/.exec(text);
  if (!m) return undefined;
  const n = BigInt(text);
  return n > INT64_MAX ? INT64_MAX : n < INT64_MIN ? INT64_MIN : n;
}

/**
 * Fault orderid-leading-zero-octal: a `^\+?[0-9]+$` route, then strtoll(s, NULL, 0): a leading 0 reads the rest
 * as octal (015 is 13; 08 stops at the 8 and reads 0), a plus sign is taken. Anything else: undefined.
 */
export function octalZeroId(text: string): bigint | undefined {
  const m = /^\+?([0-9]{1,19})$/.exec(text);
  if (!m) return undefined;
  const digits = m[1]!;
  if (!digits.startsWith('0')) return BigInt(digits);
  const octal = /^0([0-7]*)/.exec(digits)![1]!;
  return octal === '' ? 0n : BigInt(`0o${octal}`);
}

/** Fault orderid-hex-prefix: strtoll(s, 0) takes a 0x (or 0X) prefix as hexadecimal; anything else: undefined. */
export function hexPrefixedId(text: string): bigint | undefined {
  const m = /^0[xX]([0-9a-fA-F]{1,16})$/.exec(text);
  return m ? BigInt.asIntN(64, BigInt(`0x${m[1]}`)) : undefined;
}

/**
 * Fault orderid-float-accepted: a validator's number type (hapi's Joi.number().integer()) reads the segment as a
 * decimal number, point, exponent and sign allowed, and takes it when that number is a safe integer: 7.0, 7e0,
 * 0.7e1 and +7 all read as 7. Anything else (hex, spaces, other digits): undefined.
 */
export function floatId(text: string): bigint | undefined {
  if (!/^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? BigInt(n) : undefined;
}

/** The digits each base takes (Go's strconv), lower-cased. */
const GO_DIGITS: Record<number, RegExp> = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-f]+$/ };

/**
 * Fault orderid-go-base0: Go's strconv.ParseInt(s, 0, 64): a sign, then 0x, 0o or 0b (hex, octal, binary) or a
 * leading 0 (octal), underscores only between digits or after a prefix; within int64. Anything else: undefined.
 */
export function goBase0Id(text: string): bigint | undefined {
  const m = /^([+-]?)(0[xob]|0(?=.)|)(.*)$/is.exec(text)!;
  const prefix = m[2]!.toLowerCase();
  const base = prefix === '0x' ? 16 : prefix === '0o' || prefix === '0' ? 8 : prefix === '0b' ? 2 : 10;
  const rest = m[3]!.toLowerCase();
  // Go's underscoreOK: each _ between digits, or right after a base prefix (0_7, 0x_1f).
  if (/__|_$/.test(rest) || (prefix === '' && rest.startsWith('_'))) return undefined;
  const digits = rest.replace(/_/g, '');
  if (!GO_DIGITS[base]!.test(digits)) return undefined;
  const magnitude = BigInt(base === 10 ? digits : `0${'xob'[[16, 8, 2].indexOf(base)]}${digits}`);
  const n = m[1] === '-' ? -magnitude : magnitude;
  return n >= INT64_MIN && n <= INT64_MAX ? n : undefined;
}
