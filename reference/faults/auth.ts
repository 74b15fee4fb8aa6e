// The named faults of authentication: a realistic deviation each, with where it acts and the rule it
// breaks. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { fault, faultsOf } from './fault-info.ts';

export const AUTH_FAULTS = faultsOf('auth', [
  fault(
    'auth-any-token',
    'any response',
    'spec §5 rule 4',
    'Any non-empty bearer token is accepted (as the demo key).',
  ),
  fault(
    'auth-query-key',
    'any response',
    'spec §5 rule 2',
    'The API key is also accepted from the `api_key` query parameter.',
  ),
  fault(
    'auth-after-existence',
    'any response',
    'spec §5 rule 3',
    'Routing and order lookup run before auth: an unauthenticated cancel of an unknown id is 404, of a shipped one 409.',
  ),
  fault(
    'auth-after-id-validation',
    'any response',
    'spec §5 rules 3-4',
    "The cancel route's schema reads the orderId before the auth hook runs: a malformed id without the key is 400.",
  ),
  fault(
    'auth-no-www-authenticate',
    'any response',
    'RFC 9110 §15.5.2',
    '401 responses carry no WWW-Authenticate challenge.',
  ),
  fault(
    'auth-scheme-case-sensitive',
    'any response',
    'RFC 9110 §11.1',
    'Only the exact scheme spelling `Bearer` is accepted; `bearer <key>` is 401.',
  ),
  fault(
    'auth-bearer-one-space',
    'any response',
    'RFC 6750 §2.1',
    'The Authorization field is split on single spaces and must make two parts: `Bearer  <key>` (two spaces, which `"Bearer" 1*SP b64token` allows) is 401.',
  ),
  fault(
    'auth-other-scheme-accepted',
    'any response',
    'spec §5 rules 2 and 4',
    'The key is accepted under any scheme name (`Token <key>`, `ApiKey <key>`, `Digest <key>`), not only Bearer.',
  ),
  fault(
    'auth-token-scheme-accepted',
    'any response',
    'spec §5 rules 2 and 4',
    'The key is also taken under the "Token" scheme ("Authorization: Token <key>", the keyword of a token authentication class), no other.',
  ),
  fault(
    'auth-trailing-text-accepted',
    'keyed route',
    'spec §5 rules 2 and 4',
    'The token is read up to the first space: `Bearer <key> anything` is accepted.',
  ),
  fault(
    'auth-key-prefix-match',
    'keyed route',
    'spec §5 rules 2 and 4',
    "The token is compared with each key only as far as the key's length (a truncating compare, strncmp or `token[:len(key)]`): a token that starts with a key, `<key>x` or `<key>=`, is accepted.",
  ),
  fault(
    'auth-key-case-insensitive',
    'any response',
    'spec §5 rule 4',
    'The key is compared case-insensitively: the key with its letters case-flipped is accepted.',
  ),
  fault(
    'auth-key-case-connection-cache',
    'any response',
    'spec §5 rule 4',
    "A credential cache per keep-alive connection, matched case-insensitively (as Jetty 9.4's header cache does): the key in another case is accepted, but only on a connection that carried the key before.",
  ),
  fault(
    'auth-empty-bearer-accepted',
    'any response',
    'spec §5 rule 4',
    '"Authorization: Bearer" with no token is let in (as the demo key).',
  ),
  fault(
    'auth-challenge-basic',
    'any response',
    'RFC 6750 §3',
    `401 responses challenge with Basic, not Bearer.`,
  ),
  fault(
    'auth-key-header-accepted',
    'any response',
    'spec §5 rules 2 and 4',
    'The key is also accepted from an `X-API-Key` header, with no Authorization header.',
  ),
  fault(
    'auth-key-cookie-accepted',
    'any response',
    'spec §5 rules 2 and 4',
    'The key is also accepted from an `access_token` cookie, with no Authorization header.',
  ),
  fault(
    'auth-bearer-prefix-stripped',
    'any response',
    'spec §5 rules 1, 2 and 4',
    'The token is the Authorization value with every "Bearer " removed (as Python\'s str.replace does): the bare key with no scheme, and "Bearer Bearer <key>", are accepted.',
  ),
  fault(
    'auth-trailing-slash-bypass',
    'spelled path',
    'spec §5 rule 3',
    'The auth guard knows each path as written; the router also takes one trailing slash (Express, strict off): /store/orders/, /store/orders/{id}/ and /pets/{id}/ are served without a key.',
  ),
  fault(
    'auth-path-case-bypass',
    'spelled path',
    'spec §5 rule 3',
    'The router matches paths case-insensitively, the auth guard only as written: /Store/Orders and the like are served without a key.',
  ),
  fault(
    'auth-dot-segment-bypass',
    'spelled path',
    'spec §5 rule 3',
    'The router cleans the path first (doubled slashes collapsed, "." and ".." resolved), the auth guard reads it as sent: /v1//store/orders and /v1/store/./orders are served without a key.',
  ),
  fault(
    'auth-encoded-path-bypass',
    'spelled path',
    'spec §5 rule 3',
    'The router matches the percent-decoded path, the auth guard the path as sent: /v1/st%6Fre/orders and /v1/store%2Forders are served without a key.',
  ),
  fault(
    'auth-path-parameter-bypass',
    'spelled path',
    'spec §5 rule 3',
    'The router drops ";..." path parameters before matching (as servlet containers do), the auth guard reads the path as sent: /v1/store/orders;x is served without a key.',
  ),
  fault(
    'pets-basic-accepted',
    'pets',
    'spec §5 rules 1, 2 and 4',
    'The deprecated pets read, still on legacy code, also accepts the key as Basic credentials (as the user or as the password).',
  ),
  fault(
    'auth-head-unauthenticated',
    'any response',
    'spec §5 rules 3-4',
    "The authentication middleware is registered for GET and DELETE only (a hand-written dispatcher that checks the key per method): a HEAD with no key, or a wrong one, is answered as the demo key, 200 with the list's headers.",
  ),
  fault(
    'auth-list-front-cache',
    'list',
    'spec §5 rules 3-4',
    'A shared cache in front (Squid in accelerator mode) stores the list, which the application marks `Cache-Control: public, max-age=2` with no `Vary: Authorization`: for 2 s after a keyed list, any GET of the same list URI, with no key or an unknown one and whatever its Accept, is answered that list, 200, from the store (with Age). As Squid does by default, a request with `Cache-Control: no-cache` (or `Pragma: no-cache`) goes to the application, whose answer is stored in place of the old.',
  ),
]);
