// The text pieces the spelling catalogue builds its segments from (a sign, percent-encoding, digits of other
// scripts, digits far beyond int64, underscored digits), and whether a segment is valid HTTP at all. Pure.

export const enc = (text: string): string => encodeURIComponent(text);
export const sign = (base: bigint): string => (base < 0n ? '-' : '');

export function digitsIn(zero: number, n: bigint): string {
  return [...n.toString()].map((c) => (c === '-' ? c : String.fromCodePoint(zero + Number(c)))).join('');
}

/** Long enough to be "far beyond" int64 (30+ digits). */
export function farBeyond(abs: bigint, size: number): string {
  const head = abs.toString();
  return head + '7'.repeat(Math.max(0, 30 - head.length) + (size % 12));
}

/** Python's int() takes an underscore between digits: 1_2 is 12, 0_7 is 7. */
export function underscored(base: bigint, abs: bigint, split: boolean): string {
  const digits = abs.toString();
  return split && digits.length > 1
    ? `${sign(base)}${digits[0]}_${digits.slice(1)}`
    : `${sign(base)}0_${digits}`;
}

/**
 * Why a segment makes the request invalid HTTP, or undefined: a "%" not followed by two hex digits is no
 * percent-encoding (RFC 3986 §2.1), so the request-target is invalid and the HTTP stack may answer it
 * itself (the JDK's HttpServer answers 400 in HTML before any handler runs). Only its status is the API's
 * to answer for: never 2xx, never 5xx.
 */
export function invalidEncoding(segment: string): string | undefined {
  return /%(?![0-9A-Fa-f]{2})/.test(segment)
    ? 'an invalid percent-encoding (RFC 3986 §2.1): the request-target is not valid HTTP'
    : undefined;
}
