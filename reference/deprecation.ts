// The deprecation signals of GET /pets/{petId} (spec §9 rule 3). Fixed dates, so runs are reproducible.
// Must not depend on the clock: the sunset is a published date, not "now plus something".

import type { FaultSet } from './faults/fault-set.ts';
import type { VariantSet } from './variants/variant-set.ts';

// 2025-01-01T00:00:00Z
export const PETS_DEPRECATED_AT_MS = Date.UTC(2025, 0, 1);
// Wed, 30 Jun 2027 23:59:59 GMT
export const PETS_SUNSET_AT_MS = Date.UTC(2027, 5, 30, 23, 59, 59);
export const PETS_DEPRECATION_DOCS = 'https://example.invalid/docs/deprecations#pets';

export function petsDeprecationHeaders(faults: FaultSet, variants: VariantSet): Record<string, string> {
  const link = `<${PETS_DEPRECATION_DOCS}>; rel="sunset"`;
  return {
    // RFC 9745 §2.1: an RFC 9651 §3.3.7 Date item, "@" then integer Unix seconds. Fault pets-deprecation-true:
    // the boolean of an early draft.
    Deprecation: faults.has('pets-deprecation-true')
      ? 'true'
      : `@${Math.floor(PETS_DEPRECATED_AT_MS / 1000)}`,
    // RFC 8594 §3: an HTTP-date, which RFC 9110 §5.6.7 says to send as IMF-fixdate (what toUTCString writes).
    // Fault pets-sunset-iso: the ISO 8601 form a date library writes by default.
    Sunset: faults.has('pets-sunset-iso')
      ? new Date(PETS_SUNSET_AT_MS).toISOString().replace('.000Z', 'Z')
      : new Date(PETS_SUNSET_AT_MS).toUTCString(),
    // RFC 8594 §6: the "sunset" link relation points at the sunset policy. Fault pets-link-unbracketed: the
    // target written bare; variant more-response-fields: a second link-value, with a type parameter.
    Link: faults.has('pets-link-unbracketed')
      ? `${PETS_DEPRECATION_DOCS}; rel="sunset"`
      : variants.has('more-response-fields')
        ? `${link}, <${PETS_DEPRECATION_DOCS}>; rel="deprecation"; type="text/html"`
        : link,
  };
}
