// The named faults the reference server can switch on: a realistic deviation each, with the rule it breaks.
// Data only; the deviations themselves live beside the faithful code they bend. Ids are stable, never reused.

export type FaultArea =
  | 'status'
  | 'errors'
  | 'auth'
  | 'list'
  | 'order-id'
  | 'headers'
  | 'rate-limit'
  | 'deprecation';

export interface FaultInfo {
  readonly id: string;
  readonly area: FaultArea;
  /** The spec rule or RFC clause a server with this fault breaks. */
  readonly breaks: string;
  readonly description: string;
}

/** Keeps each id and area as literal types, so the proofs can be typed by area (FaultIn in test/faults/). */
const fault = <const Id extends string, const Area extends FaultArea>(
  id: Id,
  area: Area,
  breaks: string,
  description: string,
) => ({
  id,
  area,
  breaks,
  description,
});

export const FAULTS = [
  fault(
    'cancel-200-instead-of-204',
    'status',
    'spec §4 cancelOrder, response 204',
    'Cancelling a pending order answers 200 with the order as body instead of 204.',
  ),
  fault(
    'cancel-204-with-body',
    'status',
    'RFC 9110 §15.3.5',
    'Cancelling answers 204 but sends Content-Type, Content-Length and a JSON body (then closes the connection).',
  ),
  fault(
    'cancel-unknown-204',
    'status',
    'spec §4 cancelOrder rule 3',
    'Cancelling an unknown order id answers 204.',
  ),
  fault(
    'cancel-shipped-204',
    'status',
    'spec §4 cancelOrder rule 2',
    'Cancelling a shipped order answers 204 and marks it cancelled.',
  ),
  fault(
    'cancel-204-content-length-0',
    'status',
    'RFC 9110 §8.6',
    'The 204 to a cancel carries Content-Length: 0, which a server must not send on a 204.',
  ),
  fault(
    'cancel-shipped-beyond-2-53',
    'status',
    'spec §4 cancelOrder rule 2',
    'The shipped check looks orders up by their JS number, which misses ids beyond 2^53: such a shipped order is cancelled (204).',
  ),
  fault(
    'cancel-repeat-204',
    'status',
    'spec §4 cancelOrder rule 1',
    'Cancelling an order that is already cancelled answers 204 again.',
  ),
  fault(
    'cancel-forgotten',
    'status',
    'spec §4 cancelOrder rule 1',
    'A cancellation lasts three seconds (it went to a cache entry that expires): then the order is pending again and a later cancel answers 204; a repeat sent at once still gets 409.',
  ),
  fault(
    'error-missing-message',
    'errors',
    'spec §2 Error (message required)',
    'Error bodies lack `message`.',
  ),
  fault(
    'error-status-string',
    'errors',
    'spec §2 Error (status is an integer)',
    'Error bodies carry `status` as a string, e.g. "404".',
  ),
  fault(
    'error-status-mismatch',
    'errors',
    'spec §2 Error (status is the HTTP status code)',
    'Error bodies carry status 400 whatever the HTTP status (422 when the HTTP status is itself 400).',
  ),
  fault(
    'error-text-plain',
    'errors',
    'spec §7 (error responses use the Error object)',
    'Errors are text/plain prose instead of an Error object.',
  ),
  fault(
    'error-json-labelled-html',
    'errors',
    'RFC 9110 §8.3; spec §1 (exchanges JSON)',
    'Error bodies are the Error object, labelled Content-Type: text/html; charset=utf-8 (serialized by hand and handed to a send() that labels strings as HTML).',
  ),
  fault(
    'auth-any-token',
    'auth',
    'spec §5 rule 4',
    'Any non-empty bearer token is accepted (as the demo key).',
  ),
  fault(
    'auth-query-key',
    'auth',
    'spec §5 rule 2',
    'The API key is also accepted from the `api_key` query parameter.',
  ),
  fault(
    'auth-after-existence',
    'auth',
    'spec §5 rule 3',
    'Routing and order lookup run before auth: an unauthenticated cancel of an unknown id is 404, of a shipped one 409.',
  ),
  fault(
    'auth-no-www-authenticate',
    'auth',
    'RFC 9110 §15.5.2',
    '401 responses carry no WWW-Authenticate challenge.',
  ),
  fault(
    'auth-scheme-case-sensitive',
    'auth',
    'RFC 9110 §11.1',
    'Only the exact scheme spelling `Bearer` is accepted; `bearer <key>` is 401.',
  ),
  fault(
    'auth-other-scheme-accepted',
    'auth',
    'spec §5 rules 2 and 4',
    'The key is accepted under any scheme name (`Token <key>`, `ApiKey <key>`, `Digest <key>`), not only Bearer.',
  ),
  fault(
    'auth-trailing-text-accepted',
    'auth',
    'spec §5 rules 2 and 4',
    'The token is read up to the first space: `Bearer <key> anything` is accepted.',
  ),
  fault(
    'auth-key-case-insensitive',
    'auth',
    'spec §5 rule 4',
    'The key is compared case-insensitively: the key with its letters case-flipped is accepted.',
  ),
  fault(
    'list-wrapped',
    'list',
    'spec §4 listOrders, response 200 (a JSON array)',
    'The list is wrapped: {"orders":[...]}.',
  ),
  fault(
    'list-id-string',
    'list',
    'spec §2 Order (id is an integer)',
    'Order ids are written as JSON strings.',
  ),
  fault(
    'list-shipdate-not-rfc3339',
    'list',
    'spec §2 Order (shipDate is a date-time); RFC 3339 §5.6',
    'shipDate is written as "2026-11-22 10:00:00": space separator, no offset.',
  ),
  fault(
    'list-quantity-not-integer',
    'list',
    'spec §2 Order (quantity is an integer)',
    'quantity is written with a fraction (quantity + 0.5).',
  ),
  fault(
    'list-query-narrows',
    'list',
    'spec §4 listOrders rule 1',
    'The list honours `limit`, `offset` and `status` query parameters.',
  ),
  fault(
    'int64-number-ids',
    'order-id',
    'spec §2 Order (id is int64); spec §4 cancelOrder (orderId is int64)',
    'Ids are JS numbers: the list prints 9007199254740992 twice and 2^63-1 rounded; DELETE parses with Number() and acts on the first order whose id rounds to it.',
  ),
  fault(
    'orderid-malformed-500',
    'order-id',
    'spec §4 cancelOrder (orderId is an int64); RFC 9110 §15.5.1',
    'No orderId syntax check: BigInt() throws on a malformed id and the request crashes into a text/plain 500.',
  ),
  fault(
    'orderid-lenient-parse',
    'order-id',
    'spec §4 cancelOrder (orderId is an int64)',
    'orderId is read atoi-style (whitespace, sign, leading digits, rest ignored): 007, +7, 7.0, 7e0, 7abc act on order 7.',
  ),
  fault(
    'orderid-unicode-digits',
    'order-id',
    'spec §4 cancelOrder (orderId is an int64)',
    "orderId digits are read by a Unicode-aware parser, as Java's Long.parseLong and Python's int() read them: \u0667 or \uff17 (percent-encoded) name order 7.",
  ),
  fault(
    'orderid-trims-whitespace',
    'order-id',
    'spec §4 cancelOrder (orderId is an int64)',
    "orderId is trimmed before it is parsed (as Python's int() or a framework's trim does): %207, 7%0A or a no-break space before 7 name order 7.",
  ),
  fault(
    'orderid-wraps-uint64',
    'order-id',
    'spec §4 cancelOrder rule 3 (no order has an id beyond int64)',
    'orderId digits are accumulated in an unsigned 64-bit integer with no overflow check, then cast to int64: 18446744073709551623 (2^64 + 7) names order 7.',
  ),
  fault(
    'ratelimit-headers-missing-on-errors',
    'headers',
    'spec §8 rule 1',
    'No X-RateLimit-* headers on 4xx responses (429 included).',
  ),
  fault(
    'ratelimit-headers-missing-on-404',
    'headers',
    'spec §8 rule 1',
    'No X-RateLimit-* headers on 404 responses (the not-found handler skips the rate-limit middleware).',
  ),
  fault(
    'ratelimit-headers-twice-on-404',
    'headers',
    'RFC 9110 §5.3; spec §8 rule 1',
    'Each X-RateLimit-* field is sent twice on 404 responses: the not-found handler sets them again after the rate-limit middleware, from the count before the request (X-RateLimit-Remaining: 58, then 57).',
  ),
  fault('ratelimit-reset-ms', 'headers', 'spec §8 rule 2', 'X-RateLimit-Reset is in Unix milliseconds.'),
  fault(
    'ratelimit-reset-delta',
    'headers',
    'spec §8 rule 2',
    'X-RateLimit-Reset is the number of seconds until the reset, not a timestamp.',
  ),
  fault(
    'ratelimit-reset-rolling',
    'headers',
    'spec §8 rule 2',
    'X-RateLimit-Reset is always now + the window length: it rolls forward with every response.',
  ),
  fault(
    'ratelimit-reset-frozen',
    'headers',
    'spec §8 rule 2',
    'X-RateLimit-Reset always names the end of the first window, even once it has passed.',
  ),
  fault(
    'ratelimit-reset-window-start',
    'headers',
    'spec §8 rule 2',
    'X-RateLimit-Reset names the start of the current window, a moment already past, instead of its end.',
  ),
  fault(
    'ratelimit-remaining-one-high',
    'headers',
    'spec §8 rule 1',
    'X-RateLimit-Remaining is counted before the request it answers: one more than is left, so Remaining 1 is followed by a 429.',
  ),
  fault(
    'ratelimit-limit-by-status',
    'headers',
    'spec §8 rule 1',
    'Error responses (4xx) carry twice the limit in X-RateLimit-Limit; successes carry the limit.',
  ),
  fault(
    'ratelimit-remaining-stuck',
    'headers',
    'spec §8 rule 1',
    'X-RateLimit-Remaining always equals the limit (limiting still happens).',
  ),
  fault(
    'ratelimit-remaining-negative',
    'headers',
    'spec §8 rule 1',
    'X-RateLimit-Remaining counts rejected requests too, so it goes negative on 429s.',
  ),
  fault(
    'ratelimit-never-limits',
    'rate-limit',
    'spec §8 rule 3',
    'Requests are counted (Remaining reaches 0) but never answered 429.',
  ),
  fault('ratelimit-off-by-one', 'rate-limit', 'spec §8 rule 3', 'limit + 1 requests get through per window.'),
  fault(
    'ratelimit-retry-after-inconsistent',
    'rate-limit',
    'RFC 9110 §10.2.3',
    'Retry-After is in milliseconds, so it disagrees with X-RateLimit-Reset.',
  ),
  fault(
    'ratelimit-retry-after-short',
    'rate-limit',
    'spec §8 rule 4',
    'Retry-After names 1 s at most, whatever the window: a client that waits it is refused again until the Reset.',
  ),
  fault(
    'ratelimit-not-atomic',
    'rate-limit',
    'spec §8 rule 3',
    'The counter is read, a store round-trip awaited, then count+1 written: a concurrent burst gets past the limit.',
  ),
  fault(
    'ratelimit-window-never-resets',
    'rate-limit',
    'spec §8 rule 2',
    'After the first exhaustion the counter is never cleared: Reset advances but requests stay 429.',
  ),
  fault(
    'ratelimit-delete-two-units',
    'rate-limit',
    'spec §8 table (requests per minute)',
    'The limiter charges every DELETE two units (a cost table that weighs writes double): X-RateLimit-Remaining falls by 2 per cancel, by 1 per list.',
  ),
  fault(
    'ratelimit-bucket-per-path',
    'rate-limit',
    'spec §8 (limits depend on the plan, in requests per minute)',
    "A key's requests are counted per path (a store keyed by key and path, every counter reset on one clock): each path has its own X-RateLimit-Remaining, starting from the limit.",
  ),
  fault('pets-no-auth', 'deprecation', 'spec §5 rule 3', 'GET /pets/{petId} answers without credentials.'),
  fault(
    'list-status-206',
    'list',
    'spec §4 listOrders (200)',
    'The list answers 206 Partial Content, as if it were paged.',
  ),
  fault(
    'list-content-type-text',
    'list',
    'RFC 9110 §8.3; spec §1',
    'The list is labelled text/plain; its body is still JSON.',
  ),
  fault(
    'list-duplicate-ids',
    'list',
    'spec §2 Order (id: unique order identifier)',
    'The first order is listed twice.',
  ),
  fault(
    'list-xml-unless-json-asked',
    'list',
    'spec §1; spec §4 listOrders (200: JSON array of Order objects)',
    'The list is JSON only for a client whose Accept names application/json; "Accept: */*" gets XML.',
  ),
  fault(
    'list-pending-only',
    'list',
    'spec §4 listOrders (200: all orders in the store)',
    'The list shows only pending orders: shipped ones are left out.',
  ),
  fault(
    'list-cancelled-twice',
    'list',
    'spec §2 Order (id: unique order identifier)',
    'Once an order is cancelled, the list holds it twice: the cancel appends its new version to an append-only log the list is read from, and the old one stays.',
  ),
  fault(
    'conflict-body-not-error',
    'errors',
    'spec §7 (error responses use the Error object)',
    'The 409 for a shipped order carries {"error":"already shipped"}, not an Error.',
  ),
  fault(
    'auth-empty-bearer-accepted',
    'auth',
    'spec §5 rule 4',
    '"Authorization: Bearer" with no token is let in (as the demo key).',
  ),
  fault('auth-challenge-basic', 'auth', 'RFC 6750 §3', `401 responses challenge with Basic, not Bearer.`),
  fault(
    'auth-key-header-accepted',
    'auth',
    'spec §5 rules 2 and 4',
    'The key is also accepted from an `X-API-Key` header, with no Authorization header.',
  ),
  fault(
    'auth-key-cookie-accepted',
    'auth',
    'spec §5 rules 2 and 4',
    'The key is also accepted from an `access_token` cookie, with no Authorization header.',
  ),
  fault(
    'auth-bearer-prefix-stripped',
    'auth',
    'spec §5 rules 1, 2 and 4',
    'The token is the Authorization value with every "Bearer " removed (as Python\'s str.replace does): the bare key with no scheme, and "Bearer Bearer <key>", are accepted.',
  ),
  fault(
    'auth-trailing-slash-bypass',
    'auth',
    'spec §5 rule 3',
    'The auth guard knows each path as written; the router also takes one trailing slash (Express, strict off): /store/orders/, /store/orders/{id}/ and /pets/{id}/ are served without a key.',
  ),
  fault(
    'auth-path-case-bypass',
    'auth',
    'spec §5 rule 3',
    'The router matches paths case-insensitively, the auth guard only as written: /Store/Orders and the like are served without a key.',
  ),
  fault(
    'auth-dot-segment-bypass',
    'auth',
    'spec §5 rule 3',
    'The router cleans the path first (doubled slashes collapsed, "." and ".." resolved), the auth guard reads it as sent: /v1//store/orders and /v1/store/./orders are served without a key.',
  ),
  fault(
    'auth-encoded-path-bypass',
    'auth',
    'spec §5 rule 3',
    'The router matches the percent-decoded path, the auth guard the path as sent: /v1/st%6Fre/orders and /v1/store%2Forders are served without a key.',
  ),
  fault(
    'auth-path-parameter-bypass',
    'auth',
    'spec §5 rule 3',
    'The router drops ";..." path parameters before matching (as servlet containers do), the auth guard reads the path as sent: /v1/store/orders;x is served without a key.',
  ),
  fault(
    'pets-basic-accepted',
    'auth',
    'spec §5 rules 1, 2 and 4',
    'The deprecated pets read, still on legacy code, also accepts the key as Basic credentials (as the user or as the password).',
  ),
  fault(
    'api-not-under-v1',
    'status',
    'spec §9 rule 1',
    'The operations answer at the root (/store/orders), not below /v1: every /v1 path is 404.',
  ),
  fault(
    'ratelimit-limit-fixed-100',
    'headers',
    'spec §8 table',
    'X-RateLimit-Limit is always 100 (a hard-coded default), whatever the plan.',
  ),
  fault(
    'ratelimit-429-body-text',
    'rate-limit',
    'spec §7 (error responses use the Error object)',
    '429 responses carry a text/plain "Too Many Requests" body.',
  ),
] as const satisfies readonly FaultInfo[];

export type FaultId = (typeof FAULTS)[number]['id'];
