// The named variants of authentication: each a choice the spec or an RFC leaves open, with the clause
// that allows it. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { variant, variantsOf } from './variant-info.ts';

export const AUTH_VARIANTS = variantsOf('auth', [
  variant(
    'challenge-lower-case',
    'RFC 9110 §11.1 (the auth-scheme is case-insensitive); RFC 6750 §3',
    'The 401 challenge names the scheme in lower case: WWW-Authenticate: bearer realm="order-store". (A lower-case "bearer" in requests is accepted by default.)',
  ),
  variant(
    'authorization-first-line',
    'RFC 9110 §5.3 (only a sender is forbidden to repeat a field; the recipient is left free); spec §5',
    'Of two Authorization lines only the first is read, as Node, Python http.server and Java HttpServer do: "Bearer <key>" then another token is let in. (The default refuses both with 401.)',
  ),
]);
