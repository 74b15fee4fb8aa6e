// Canonical decimal int64 syntax, the one spelling each id has. Must not accept another spelling
// (sign "+", leading zeros, "-0", exponent, fraction, non-ASCII digits) and must never go through a JS number.

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

// The spec's int64 (spec §2, OpenAPI format int64) written as JSON writes it (RFC 8259 §6), integers only.
const CANONICAL = /^(0|-?[1-9][0-9]*)$/;
// "-9223372036854775808" is the longest canonical int64; checking length first keeps BigInt off huge inputs.
const MAX_LENGTH = 20;

export function parseCanonicalInt64(text: string): bigint | undefined {
  if (text.length > MAX_LENGTH || !CANONICAL.test(text)) return undefined;
  const value = BigInt(text);
  return value < INT64_MIN || value > INT64_MAX ? undefined : value;
}
