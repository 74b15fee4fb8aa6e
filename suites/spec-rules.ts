// The spec's statements as data, section by section, each with a stable id that checks cite (`rules`). Text
// follows the spec's words; changing an id breaks every report that cites it, so ids are never reused.
import type { SpecRule } from '../lib/check/rules.ts';

const requirement = (id: string, section: string, text: string, uncovered?: string): SpecRule => ({
  id,
  section,
  text,
  kind: 'requirement',
  ...(uncovered !== undefined ? { uncovered } : {}),
});
const unspecified = (id: string, section: string, text: string): SpecRule => ({
  id,
  section,
  text,
  kind: 'unspecified',
});
const informative = (id: string, section: string, text: string): SpecRule => ({
  id,
  section,
  text,
  kind: 'informative',
});

export const SPEC_RULES: readonly SpecRule[] = [
  // §1 What the service does
  requirement('1.json', '§1', 'The service is reached over HTTP and exchanges JSON.'),
  requirement('1.base-v1', '§1 Base addresses', 'The base address path ends with the version segment /v1.'),

  // §2 Resources: Order
  requirement('2.order.id', '§2 Order', 'id: integer, int64; unique order identifier.'),
  requirement('2.order.pet-id', '§2 Order', 'petId: integer, int64; identifier of the animal in this order.'),
  requirement('2.order.quantity', '§2 Order', 'quantity: integer; number of units ordered.'),
  requirement('2.order.ship-date', '§2 Order', 'shipDate: string, date-time; expected or actual ship date.'),
  requirement('2.order.complete', '§2 Order', 'complete: boolean; whether the order has been fulfilled.'),
  unspecified('2.order.r1', '§2 Order rule 1', 'No field of Order is marked required.'),
  unspecified(
    '2.order.r2',
    '§2 Order rule 2',
    'Order status field: not shown among the Order fields. Bounds on quantity: not shown.',
  ),
  // §2 Resources: Error
  requirement(
    '2.error.fields',
    '§2 Error',
    'All of code (string), message (string) and status (integer) are required.',
  ),
  requirement('2.error.status', '§2 Error', 'status: the HTTP status code.'),

  // §3 States and transitions
  requirement(
    '3.pending-cancel',
    '§3 pending',
    'Cancelling an order with status pending: the response is 204 with no body.',
  ),
  unspecified('3.pending-next', '§3 pending', 'Name of the state after a cancel: not shown.'),
  requirement(
    '3.shipped-cancel',
    '§3 shipped',
    'Cancelling an order that has already shipped is rejected with 409 and changes nothing: shipping cannot be reversed.',
  ),
  unspecified(
    '3.other',
    '§3',
    'Other transitions (how an order becomes shipped, how complete changes): not shown.',
  ),

  // §4 List orders
  requirement(
    '4.list.params',
    '§4 listOrders',
    'GET /store/orders takes no parameters: no query, header or body parameters; no filtering and no pagination.',
  ),
  requirement(
    '4.list.200',
    '§4 listOrders (200)',
    '200: a JSON array of Order objects (all orders in the store).',
  ),
  requirement('4.list.401', '§4 listOrders (401)', '401: Error object; missing or invalid API key.'),
  requirement(
    '4.list.r1',
    '§4 listOrders rule 1',
    'The response always contains all orders; there is no way to narrow or page it.',
  ),
  informative(
    '4.list.r2',
    '§4 listOrders rule 2',
    'Filtering and pagination are planned for a later version (v2).',
  ),

  // §4 Cancel an order
  requirement(
    '4.cancel.param',
    '§4 cancelOrder (path parameter)',
    'orderId, required, integer, int64: the identifier of the order to cancel.',
  ),
  requirement('4.cancel.204', '§4 cancelOrder (204)', '204: order cancelled; no body.'),
  requirement('4.cancel.401', '§4 cancelOrder (401)', '401: Error object; missing or invalid API key.'),
  requirement('4.cancel.404', '§4 cancelOrder (404)', '404: Error object; the order could not be found.'),
  unspecified(
    '4.cancel.409-body',
    '§4 cancelOrder (409)',
    '409: order already shipped. Body shape: not shown.',
  ),
  requirement('4.cancel.r1', '§4 cancelOrder rule 1', 'Only an order with status pending can be cancelled.'),
  requirement(
    '4.cancel.r2',
    '§4 cancelOrder rule 2',
    'When the order has already shipped, then the response is 409.',
  ),
  requirement(
    '4.cancel.r3',
    '§4 cancelOrder rule 3',
    'When no order has the given orderId, then the response is 404.',
  ),

  // §4 Other operations
  unspecified(
    '4.other.pets',
    '§4 Other operations',
    'GET /pets/{petId} exists and is deprecated (see §9); its shape: not shown.',
  ),
  informative(
    '4.other.none',
    '§4 Other operations',
    'Operations to place an order or read a single order: not shown.',
  ),

  // §5 Authentication
  requirement('5.r1', '§5 rule 1', 'Scheme: HTTP bearer.'),
  requirement(
    '5.r2',
    '§5 rule 2',
    'The API key is sent as the bearer token in the Authorization header, in the form "Authorization: Bearer <API_KEY>".',
  ),
  requirement('5.r3', '§5 rule 3', 'The requirement applies to every operation of the service.'),
  requirement(
    '5.r4',
    '§5 rule 4',
    'When the key is missing or invalid, then the response is 401 with an Error body.',
  ),
  unspecified('5.r5', '§5 rule 5', 'How an API key is issued or scoped: not shown.'),

  // §6 Events
  informative('6.events', '§6', 'Events, notifications or callbacks sent by the service: not shown.'),

  // §7 Errors
  requirement(
    '7.error-object',
    '§7',
    'Error responses that carry a body use the Error object (fields code, message, status; section 2).',
  ),
  requirement('7.401', '§7 table', '401: missing or invalid API key, on all operations.'),
  requirement('7.404', '§7 table', '404: requested resource could not be found (cancelOrder).'),
  requirement(
    '7.409',
    '§7 table',
    '409: order has already shipped, so it cannot be cancelled (cancelOrder).',
  ),
  requirement('7.429', '§7 table', '429: request rate limit exceeded (see section 8), on any operation.'),
  unspecified('7.r1', '§7 rule 1', 'The values that code can take: not shown.'),
  unspecified('7.r2', '§7 rule 2', 'The body of the 409 response: not shown.'),
  unspecified('7.r3', '§7 rule 3', 'The body of the 429 response: not shown.'),

  // §8 Limits
  requirement(
    '8.plans',
    '§8 table',
    'Requests per minute / per day by plan: Free 60 / 1,000; Pro 300 / 10,000; Business 1,000 / 100,000; Enterprise custom.',
  ),
  requirement(
    '8.r1',
    '§8 rule 1',
    'Every API response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset.',
  ),
  requirement(
    '8.r2',
    '§8 rule 2',
    'X-RateLimit-Reset is a Unix timestamp giving the moment the limit resets.',
  ),
  requirement(
    '8.r3',
    '§8 rule 3',
    'When a request exceeds the limit, then the response is 429 Too Many Requests.',
  ),
  requirement(
    '8.r4',
    '§8 rule 4',
    'On a 429, the client is to wait for the time given in the Retry-After header before retrying, and to apply exponential backoff.',
  ),
  requirement(
    '8.r5',
    '§8 rule 5',
    'When a client keeps sending requests after receiving 429, then the API key may be temporarily banned.',
    'not provoked on purpose: the safety contract forbids getting the key banned, and "may" requires nothing of a server',
  ),
  unspecified('8.r6', '§8 rule 6', 'Enterprise limit values: not shown.'),
  unspecified('8.r7', '§8 rule 7', 'Length of the temporary ban: not shown.'),
  unspecified('8.r8', '§8 rule 8', 'Format and unit of Retry-After: not shown.'),
  requirement(
    '8.r9',
    '§8 rule 9',
    'The list operation has no page size and no filter; the list is returned whole.',
  ),

  // §9 Versioning
  requirement(
    '9.r1',
    '§9 rule 1',
    'The current version is v1; it is the last path segment of the base address.',
  ),
  informative('9.r2', '§9 rule 2', 'Filtering and pagination of the order list are planned for v2.'),
  requirement(
    '9.r3',
    '§9 rule 3',
    'The read operation GET /pets/{petId} is deprecated and has a sunset date.',
  ),
  unspecified('9.r3-date', '§9 rule 3', 'The sunset date: not shown.'),
  unspecified(
    '9.r4',
    '§9 rule 4',
    'Some operations carry a stability marker (experimental or beta); which operations: not shown for the order operations.',
  ),
];
