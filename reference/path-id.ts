// Reads an id (orderId, petId) from one raw path segment. Must not see the segment after any other decoding:
// the router hands it over exactly as it was on the request line.

import { parseCanonicalInt64 } from './int64.ts';

export type PathIdResult = { ok: true; id: bigint } | { ok: false; reason: string };

/**
 * `leadingZeros` (variant leading-zeros-same-id): 007 is read as 7; `plusSign` (variant plus-sign-same-id): +7
 * is read as 7. Anything else is still refused.
 */
export function parsePathId(
  rawSegment: string,
  name: string,
  options: { leadingZeros?: boolean; plusSign?: boolean } = {},
): PathIdResult {
  let decoded: string;
  try {
    // RFC 3986 §2.1: percent-encoded octets are decoded once, as UTF-8 (RFC 3986 §2.5); a bad escape is an error.
    decoded = decodeURIComponent(rawSegment);
  } catch {
    return { ok: false, reason: `${name} has an invalid percent-encoding` };
  }
  const unsigned = options.plusSign && /^\+[0-9]/.test(decoded) ? decoded.slice(1) : decoded;
  const id = parseCanonicalInt64(
    options.leadingZeros && /^-?0+[0-9]/.test(unsigned)
      ? unsigned.replace(/^(-?)0+(?=[0-9])/, '$1')
      : unsigned,
  );
  if (id === undefined) {
    return {
      ok: false,
      reason: `${name} must be a decimal int64 in canonical form (no sign "+", leading zeros, fraction or exponent)`,
    };
  }
  return { ok: true, id };
}
