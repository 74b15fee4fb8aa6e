// The sentences the checks rest on (their `basis`), each quoted verbatim where it stands: the spec by section,
// part and rule or table; an RFC as docs/rfc-excerpts.md keeps it. Data only; suites/basis.test.ts finds each
// one where its source says, so a word changed here fails there.
import type { Basis } from '../../lib/check/model.ts';

const at = (source: string, text: string): Basis => ({ source, text });

/** Sentences and table rows of the spec (spec/order-store-service.md). */
export const SPEC = {
  json: at('spec §1', 'The service is reached over HTTP and exchanges JSON.'),
  authRequired: at('spec §1', 'Every operation requires authentication (see section 5).'),
  orderId: at('spec §2 Order table', '| id | integer | int64 | Unique order identifier. |'),
  orderPetId: at(
    'spec §2 Order table',
    '| petId | integer | int64 | Identifier of the animal in this order. |',
  ),
  orderQuantity: at('spec §2 Order table', '| quantity | integer | - | Number of units ordered. |'),
  orderShipDate: at(
    'spec §2 Order table',
    '| shipDate | string | date-time (ISO 8601) | Expected or actual ship date. |',
  ),
  orderComplete: at(
    'spec §2 Order table',
    '| complete | boolean | - | Whether the order has been fulfilled. |',
  ),
  errorFieldsRequired: at('spec §2 Error', 'All of the following fields are required.'),
  errorStatus: at('spec §2 Error table', '| status | integer | The HTTP status code. |'),
  pendingCancelled: at(
    'spec §3 table',
    '| pending | Cancel an order (DELETE /store/orders/{orderId}) | Order has status `pending` | Name of the resulting state: not shown | Response is 204 with no body. |',
  ),
  shippedRejected: at(
    'spec §3 table',
    '| shipped (already shipped) | Cancel an order | Order has already shipped | No change | Rejected with 409. Shipping cannot be reversed. |',
  ),
  pathsRelative: at('spec §4', 'All paths are relative to the base address.'),
  list200: at('spec §4 listOrders table', '| 200 | JSON array of Order objects (all orders in the store). |'),
  listWhole: at(
    'spec §4 listOrders rule 1',
    'The response always contains all orders; there is no way to narrow or page it.',
  ),
  orderIdParam: at(
    'spec §4 cancelOrder table',
    '| Path parameter | `orderId`, required, integer, int64: the identifier of the order to cancel |',
  ),
  cancel204: at('spec §4 cancelOrder table', '| 204 | Order cancelled; no body. |'),
  cancel404Body: at('spec §4 cancelOrder table', '| 404 | Error object; the order could not be found. |'),
  onlyPending: at('spec §4 cancelOrder rule 1', 'Only an order with status `pending` can be cancelled.'),
  shipped409: at(
    'spec §4 cancelOrder rule 2',
    'When the order has already shipped, then the response is 409.',
  ),
  absent404: at(
    'spec §4 cancelOrder rule 3',
    'When no order has the given `orderId`, then the response is 404.',
  ),
  petsRead: at(
    'spec §4 Other operations',
    'The existence of a pet-by-identifier read operation (GET /pets/{petId}) is stated, and it is deprecated (see section 9); its shape: not shown.',
  ),
  bearer: at('spec §5 rule 1', 'Scheme: HTTP bearer.'),
  keyForm: at(
    'spec §5 rule 2',
    'The API key is sent as the bearer token in the `Authorization` header, in the form `Authorization: Bearer <API_KEY>`.',
  ),
  everyOperation: at('spec §5 rule 3', 'The requirement applies to every operation of the service.'),
  keyScope: at('spec §5 rule 5', 'How an API key is issued or scoped: not shown.'),
  invalidKey401: at(
    'spec §5 rule 4',
    'When the key is missing or invalid, then the response is 401 with an Error body.',
  ),
  errorObject: at(
    'spec §7',
    'Error responses that carry a body use the Error object (fields `code`, `message`, `status`; section 2).',
  ),
  rateLimited429: at(
    'spec §7 table',
    '| 429 | Request rate limit exceeded (see section 8) | any operation |',
  ),
  limitsByPlan: at('spec §8', 'Request rate limits depend on the plan:'),
  planTableHead: at('spec §8 table', '| Plan | Requests per minute | Requests per day |'),
  planFree: at('spec §8 table', '| Free | 60 | 1,000 |'),
  planPro: at('spec §8 table', '| Pro | 300 | 10,000 |'),
  planBusiness: at('spec §8 table', '| Business | 1,000 | 100,000 |'),
  planEnterprise: at('spec §8 table', '| Enterprise | custom | custom |'),
  rateLimitHeaders: at(
    'spec §8 rule 1',
    'Every API response carries these headers: `X-RateLimit-Limit`, `X-RateLimit-Remaining`, and `X-RateLimit-Reset`.',
  ),
  resetMoment: at(
    'spec §8 rule 2',
    '`X-RateLimit-Reset` is a Unix timestamp giving the moment the limit resets.',
  ),
  exceeded429: at(
    'spec §8 rule 3',
    'When a request exceeds the limit, then the response is 429 Too Many Requests.',
  ),
  retryAfterWait: at(
    'spec §8 rule 4',
    'On a 429, the client is to wait for the time given in the `Retry-After` header before retrying, and to apply exponential backoff.',
  ),
  listReturnedWhole: at(
    'spec §8 rule 9',
    'The list operation has no page size and no filter; the list is returned whole.',
  ),
  versionV1: at(
    'spec §9 rule 1',
    'The current version is v1; it is the last path segment of the base address.',
  ),
  petsDeprecated: at(
    'spec §9 rule 3',
    'The read operation GET /pets/{petId} is deprecated and has a sunset date; the date: not shown.',
  ),
} as const;

/** The rules and sentences that make a list item an Order: LIST-ITEMS-ORDER and EVERY-LIST-ITEMS-ORDER. */
export const ORDER_ITEM = {
  rules: [
    '4.list.200',
    '2.order.id',
    '2.order.pet-id',
    '2.order.quantity',
    '2.order.ship-date',
    '2.order.complete',
  ],
  basis: [
    SPEC.list200,
    SPEC.orderId,
    SPEC.orderPetId,
    SPEC.orderQuantity,
    SPEC.orderShipDate,
    SPEC.orderComplete,
  ],
} as const;

/** Sentences of RFCs, as docs/rfc-excerpts.md quotes them. */
export const RFC = {
  bearerHeaderSupported: at(
    'RFC 6750 §2.1',
    'Clients SHOULD make authenticated requests with a bearer token using the "Authorization" request header field with the "Bearer" HTTP authorization scheme. Resource servers MUST support this method.',
  ),
  bearerCredentials: at(
    'RFC 6750 §2.1',
    'The syntax for Bearer credentials is as follows: b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"=" credentials = "Bearer" 1*SP b64token',
  ),
  bearerChallenge: at(
    'RFC 6750 §3',
    'All challenges defined by this specification MUST use the auth-scheme value "Bearer".',
  ),
  grammar: at(
    'RFC 9110 §2.2',
    'A sender MUST NOT generate protocol elements that do not match the grammar defined by the corresponding ABNF rules.',
  ),
  repeatedField: at(
    'RFC 9110 §5.3',
    "This means that, aside from the well-known exception noted below, a sender MUST NOT generate multiple field lines with the same name in a message (whether in the headers or trailers) or append a field line when a field line of the same name already exists in the message, unless that field's definition allows multiple field line values to be recombined as a comma-separated list (i.e., at least one alternative of the field's definition allows a comma-separated list, such as an ABNF rule of #(values) defined in Section 5.6.1).",
  ),
  contentType: at(
    'RFC 9110 §8.3',
    'A sender that generates a message containing content SHOULD generate a Content-Type header field in that message unless the intended media type of the enclosed representation is unknown to the sender.',
  ),
  noContentLength204: at(
    'RFC 9110 §8.6',
    'A server MUST NOT send a Content-Length header field in any response with a status code of 1xx (Informational) or 204 (No Content).',
  ),
  imfFixdate: at(
    'RFC 9110 §5.6.7',
    'When a sender generates a field that contains one or more timestamps defined as HTTP-date, the sender MUST generate those timestamps in the IMF-fixdate format.',
  ),
  dateMeaning: at(
    'RFC 9110 §6.6.1',
    'The "Date" header field represents the date and time at which the message was originated, having the same semantics as the Origination Date Field (orig-date) defined in Section 3.6.1 of [RFC5322].',
  ),
  dateApproximation: at(
    'RFC 9110 §6.6.1',
    'A sender that generates a Date header field SHOULD generate its field value as the best available approximation of the date and time of message generation.',
  ),
  dateRequired: at(
    'RFC 9110 §6.6.1',
    'An origin server with a clock (as defined in Section 5.6.7) MUST generate a Date header field in all 2xx (Successful), 3xx (Redirection), and 4xx (Client Error) responses, and MAY generate a Date header field in 1xx (Informational) and 5xx (Server Error) responses.',
  ),
  allowOn405: at(
    'RFC 9110 §10.2.1',
    'An origin server MUST generate an Allow header field in a 405 (Method Not Allowed) response and MAY do so in any other response.',
  ),
  strongValidator: at(
    'RFC 9110 §8.8.1',
    'A "strong validator" is representation metadata that changes value whenever a change occurs to the representation data that would be observable in the content of a 200 (OK) response to GET.',
  ),
  etagMarkedWeak: at(
    'RFC 9110 §8.8.3',
    'If an origin server provides an entity tag for a representation and the generation of that entity tag does not satisfy all of the characteristics of a strong validator (Section 8.8.1), then the origin server MUST mark the entity tag as weak by prefixing its opaque value with "W/" (case-sensitive).',
  ),
  headGeneralPurpose: at(
    'RFC 9110 §9.1',
    'All general-purpose servers MUST support the methods GET and HEAD.',
  ),
  headLength: at(
    'RFC 9110 §8.6',
    'A server MUST NOT send Content-Length in such a response unless its field value equals the decimal number of octets that would have been sent in the content of a response if the same request had used the GET method.',
  ),
  headNoContent: at(
    'RFC 9110 §9.3.2',
    'The HEAD method is identical to GET except that the server MUST NOT send content in the response.',
  ),
  headSameFields: at(
    'RFC 9110 §9.3.2',
    'The server SHOULD send the same header fields in response to a HEAD request as it would have sent if the request method had been GET.',
  ),
  notAcceptableOrDisregard: at(
    'RFC 9110 §12.4.1',
    'If a content negotiation header field is present in a request and none of the available representations for the response can be considered acceptable according to it, the origin server can either honor the header field by sending a 406 (Not Acceptable) response or disregard the header field by treating the response as if it is not subject to content negotiation for that request header field.',
  ),
  inmEvaluate: at(
    'RFC 9110 §13.1.2',
    'An origin server that receives an If-None-Match header field MUST evaluate the condition as per Section 13.2 prior to performing the method.',
  ),
  inmCondition: at(
    'RFC 9110 §13.1.2',
    'If the field value is a list of entity tags, the condition is false if one of the listed tags matches the entity tag of the selected representation.',
  ),
  imsEvaluate: at(
    'RFC 9110 §13.1.3',
    'When an origin server receives a request that selects a representation and that request includes an If-Modified-Since header field without an If-None-Match header field, the origin server SHOULD evaluate the If-Modified-Since condition per Section 13.2 prior to performing the method.',
  ),
  notModified304: at(
    'RFC 9110 §15.4.5',
    'The 304 (Not Modified) status code indicates that a conditional GET or HEAD request has been received and would have resulted in a 200 (OK) response if it were not for the fact that the condition evaluated to false.',
  ),
  cachingConformance: at(
    'RFC 9111 §1.1',
    'Section 2 of [HTTP] defines conformance criteria and contains considerations regarding error handling.',
  ),
  messagingConformance: at(
    'RFC 9112 §1.1',
    'Conformance criteria and considerations regarding error handling are defined in Section 2 of [HTTP].',
  ),
  linkConformance: at(
    'RFC 8288 §1.2',
    'The requirements regarding conformance and error handling highlighted in [RFC7230], Section 2.5 apply to this document.',
  ),
  sunsetDate: at(
    'RFC 8594 §3',
    'The Sunset value is an HTTP-date timestamp, as defined in Section 7.1.1.1 of [RFC7231], and SHOULD be a timestamp in the future.',
  ),
  deprecationDate: at(
    'RFC 9745 §2.1',
    'Deprecation is an Item Structured Header Field; its value MUST be a Date as per Section 3.3.7 of [RFC9651].',
  ),
  sunsetAfterDeprecation: at(
    'RFC 9745 §4',
    'The timestamp given in the Sunset HTTP header field MUST NOT be earlier than the one given in the Deprecation header field.',
  ),
  jsonUtf8: at(
    'RFC 8259 §8.1',
    'JSON text exchanged between systems that are not part of a closed ecosystem MUST be encoded using UTF-8 [RFC3629].',
  ),
  retryAfterMeaning: at(
    'RFC 9110 §10.2.3',
    'Servers send the "Retry-After" header field to indicate how long the user agent ought to wait before making a follow-up request.',
  ),
  retryAfterForms: at(
    'RFC 9110 §10.2.3',
    'The Retry-After field value can be either an HTTP-date or a number of seconds to delay after receiving the response.',
  ),
  schemeCaseInsensitive: at(
    'RFC 9110 §11.1',
    'It uses a case-insensitive token to identify the authentication scheme:',
  ),
  challenge401: at(
    'RFC 9110 §11.6.1',
    'A server generating a 401 (Unauthorized) response MUST send a WWW-Authenticate header field containing at least one challenge.',
  ),
  noContent204: at(
    'RFC 9110 §15.3.5',
    'A 204 response is terminated by the end of the header section; it cannot contain content or trailers.',
  ),
  challengeApplicable: at(
    'RFC 9110 §15.5.2',
    'The server generating a 401 response MUST send a WWW-Authenticate header field (Section 11.6.1) containing at least one challenge applicable to the target resource.',
  ),
  contentLengthFrames: at(
    'RFC 9112 §6.3',
    'If a valid Content-Length header field is present without Transfer-Encoding, its decimal value defines the expected message body length in octets.',
  ),
  readWholeRequestBody: at(
    'RFC 9112 §9.3',
    'A server MUST read the entire request message body or close the connection after sending its response; otherwise, the remaining data on a persistent connection would be misinterpreted as the next request.',
  ),
  noTransferEncoding204: at(
    'RFC 9112 §6.1',
    'A server MUST NOT send a Transfer-Encoding header field in any response with a status code of 1xx (Informational) or 204 (No Content).',
  ),
} as const;
