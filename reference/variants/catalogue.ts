// The named variants the reference server can switch on: each a choice the spec or an RFC leaves open, with
// the clause that allows it. Data only; the choices live beside the faithful code they replace. Ids are stable.

export type VariantArea =
  | 'rate-limit'
  | 'bodies'
  | 'order-id'
  | 'cancel'
  | 'http'
  | 'auth'
  | 'deprecation'
  | 'store';

export interface VariantInfo {
  readonly id: string;
  readonly area: VariantArea;
  /** The spec clause or RFC section that allows this choice. */
  readonly allows: string;
  readonly description: string;
}

/** Keeps each id and area as literal types, so the proofs can be typed by area (VariantIn in test/variants/). */
const variant = <const Id extends string, const Area extends VariantArea>(
  id: Id,
  area: Area,
  allows: string,
  description: string,
) => ({
  id,
  area,
  allows,
  description,
});

export const VARIANTS = [
  variant(
    'retry-after-http-date',
    'rate-limit',
    'RFC 9110 §10.2.3 (Retry-After = HTTP-date / delay-seconds); spec §8 rule 8 (format not shown)',
    'Retry-After is an HTTP-date (the reset instant, rounded up to the second) instead of delay-seconds.',
  ),
  variant(
    'no-retry-after',
    'rate-limit',
    'RFC 6585 §4 (a 429 MAY include a Retry-After header); spec §8 rule 4 binds the client only',
    '429 responses carry no Retry-After: a client waits for X-RateLimit-Reset instead.',
  ),
  variant(
    'retry-after-rounded-up',
    'rate-limit',
    'RFC 9110 §10.2.3; spec §8 rule 8',
    'Retry-After is delay-seconds counted from whole-second clocks: X-RateLimit-Reset minus the current second, so it can end up to a second after the reset.',
  ),
  variant(
    'limiter-epoch-window',
    'rate-limit',
    'spec §8 (the algorithm is not shown; rule 2: Reset is when the limit resets)',
    'Fixed windows aligned to the epoch (they start at multiples of their length), not opened by the first request.',
  ),
  variant(
    'limiter-sliding-log',
    'rate-limit',
    'spec §8 (the algorithm is not shown); rule 2',
    'A sliding log: a request counts for one window length after it was served; Reset is when the oldest counted request leaves the window, and Retry-After the time until then.',
  ),
  variant(
    'limiter-token-bucket',
    'rate-limit',
    'spec §8 (the algorithm is not shown); rules 2 and 4',
    'A token bucket of Limit tokens refilled evenly over the window: Remaining may rise between requests, Reset is when the bucket is full again, Retry-After is the wait for the next token.',
  ),
  variant(
    'address-limit-separate',
    'rate-limit',
    'spec §5 rule 5 and §8 (how unauthenticated callers are limited is not shown); §8 rule 1',
    'Unauthenticated requests are limited per client address by their own window, a quarter of the key limit (at least 10), with its own X-RateLimit-* numbers.',
  ),
  variant(
    'order-extra-fields',
    'bodies',
    'spec §2 Order (no field is required; additional members are not excluded); spec §2 rule 2 (status not shown)',
    'Orders carry extra members: "status" ("pending", "shipped" or "cancelled") and "createdAt".',
  ),
  variant(
    'order-id-only',
    'bodies',
    'spec §2 Order rule 1 (no field of Order is marked required)',
    'Orders in the list carry only their "id".',
  ),
  variant(
    'error-extra-fields',
    'bodies',
    'spec §2 Error (code, message, status required; additional members are not excluded)',
    'Error bodies carry extra members: "requestId" and "details" (an array).',
  ),
  variant(
    'json-charset',
    'bodies',
    'RFC 8259 §11 (application/json has no charset parameter, and recipients must ignore one); RFC 9110 §8.3',
    'JSON responses say Content-Type: application/json; charset=utf-8.',
  ),
  variant(
    'malformed-id-404',
    'order-id',
    'spec §4 cancelOrder (only 404 is listed for an id that names no order); RFC 9110 §15.5',
    'An orderId that is no int64 at all (letters, fractions, beyond int64) is answered 404 ORDER_NOT_FOUND with an Error, not 400.',
  ),
  variant(
    'leading-zeros-same-id',
    'order-id',
    'spec §4 cancelOrder (orderId: integer, int64; no canonical spelling is defined)',
    'Leading zeros are read as the same id: DELETE /store/orders/007 cancels order 7 (a sign or anything else still is 400).',
  ),
  variant(
    'conflict-no-body',
    'cancel',
    'spec §7 rule 2 (the body of the 409 response: not shown); spec §7 (error responses that carry a body)',
    'A 409 (the order has shipped, or is no longer pending) has no body.',
  ),
  variant(
    'cancelled-removed',
    'cancel',
    'spec §3 (the state after a cancel: not shown); spec §4 cancelOrder rule 3',
    'A cancelled order is removed: it leaves the list, and a second cancel is 404 (the default keeps it: a second cancel is 409).',
  ),
  variant(
    'connection-close',
    'http',
    'RFC 9112 §9.6 (a server may close the connection after any response)',
    'Every response carries Connection: close and the server closes the connection after it.',
  ),
  variant(
    'chunked-list',
    'http',
    'RFC 9112 §7.1 (chunked transfer coding)',
    'The order list is sent with Transfer-Encoding: chunked, in pieces, without Content-Length.',
  ),
  variant(
    'header-case',
    'http',
    'RFC 9110 §5.1 (field names are case-insensitive)',
    'Header names in other letter cases: x-ratelimit-limit, X-RATELIMIT-REMAINING, x-ratelimit-reset, RETRY-AFTER, content-type, www-authenticate.',
  ),
  variant(
    'challenge-lower-case',
    'auth',
    'RFC 9110 §11.1 (the auth-scheme is case-insensitive); RFC 6750 §3',
    'The 401 challenge names the scheme in lower case: WWW-Authenticate: bearer realm="order-store". (A lower-case "bearer" in requests is accepted by default.)',
  ),
  variant(
    'authorization-first-line',
    'auth',
    'RFC 9110 §5.3 (only a sender is forbidden to repeat a field; the recipient is left free); spec §5',
    'Of two Authorization lines only the first is read, as Node, Python http.server and Java HttpServer do: "Bearer <key>" then another token is let in. (The default refuses both with 401.)',
  ),
  variant(
    'no-deprecation-headers',
    'deprecation',
    'spec §9 rule 3 (the read is deprecated and has a sunset date; how that is announced: not shown); RFC 9745 and RFC 8594 define the fields without obliging a server to send them',
    'GET /pets/{petId} carries no Deprecation, Sunset or Link headers (the default sends all three).',
  ),
  variant(
    'base-path-deep',
    'store',
    'spec §1 and §9 rule 1 (the base address is not fixed; its path ends with /v1)',
    'The API is served under /api/store/v1 instead of /v1.',
  ),
  variant(
    'empty-store',
    'store',
    'spec §4 listOrders (the list holds all orders, which may be none)',
    'The store holds no orders: the list is [], every cancel is 404, and there are no fixtures.',
  ),
  variant(
    'large-store',
    'store',
    'spec §4 listOrders rule 1 and §8 rule 9 (the list is returned whole, never paged)',
    'The store holds 50,000 orders (the seed, then generated ones), so the list is about 5 MB.',
  ),
] as const satisfies readonly VariantInfo[];

export type VariantId = (typeof VARIANTS)[number]['id'];
