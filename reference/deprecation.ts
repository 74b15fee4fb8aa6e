// The deprecation signals of GET /pets/{petId} (spec §9 rule 3). Fixed dates, so runs are reproducible.
// Must not depend on the clock: the sunset is a published date, not "now plus something".

// 2025-01-01T00:00:00Z
export const PETS_DEPRECATED_AT_MS = Date.UTC(2025, 0, 1);
// Wed, 30 Jun 2027 23:59:59 GMT
export const PETS_SUNSET_AT_MS = Date.UTC(2027, 5, 30, 23, 59, 59);
export const PETS_DEPRECATION_DOCS = 'https://example.invalid/docs/deprecations#pets';

export function petsDeprecationHeaders(): Record<string, string> {
  return {
    // RFC 9745 §2.1: an RFC 9651 §3.3.7 Date item, "@" then integer Unix seconds.
    Deprecation: `@${Math.floor(PETS_DEPRECATED_AT_MS / 1000)}`,
    // RFC 8594 §3: an HTTP-date, which RFC 9110 §5.6.7 says to send as IMF-fixdate (what toUTCString writes).
    Sunset: new Date(PETS_SUNSET_AT_MS).toUTCString(),
    // RFC 8594 §6: the "sunset" link relation points at the sunset policy.
    Link: `<${PETS_DEPRECATION_DOCS}>; rel="sunset"`,
  };
}
