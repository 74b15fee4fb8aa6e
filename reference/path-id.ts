// Reads an id (orderId, petId) from one raw path segment. Must not see the segment after any other decoding:
// the router hands it over exactly as it was on the request line.

import { parseCanonicalInt64 } from './int64.ts';

export type PathIdResult = { ok: true; id: bigint } | { ok: false; reason: string };

export function parsePathId(rawSegment: string, name: string): PathIdResult {
  let decoded: string;
  try {
    // RFC 3986 §2.1: percent-encoded octets are decoded once, as UTF-8 (RFC 3986 §2.5); a bad escape is an error.
    decoded = decodeURIComponent(rawSegment);
  } catch {
    return { ok: false, reason: `${name} has an invalid percent-encoding` };
  }
  const id = parseCanonicalInt64(decoded);
  if (id === undefined) {
    return {
      ok: false,
      reason: `${name} must be a decimal int64 in canonical form (no sign "+", leading zeros, fraction or exponent)`,
    };
  }
  return { ok: true, id };
}
