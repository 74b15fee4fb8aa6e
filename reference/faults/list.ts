// The named faults of the order list: a realistic deviation each, with where it acts and the rule it
// breaks. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { fault, faultsOf } from './fault-info.ts';

export const LIST_FAULTS = faultsOf('list', [
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
    'list-406-accept-wildcard-subtype',
    'list',
    'spec §1; spec §4 listOrders (200: JSON array of Order objects); RFC 9110 §8.3.1, §12.5.1',
    'The list negotiates by substring, case-sensitively: an Accept without "application/json" or "*/*" written so ("application/*", "Application/JSON") is refused with 406, though it admits JSON.',
  ),
  fault(
    'list-404-non-json-accept',
    'list',
    'spec §4 listOrders (200: JSON array of Order objects; no header parameters); RFC 9110 §12.4.1',
    'The list route is matched on the media type it produces: an Accept that admits no JSON (text/html, application/xml) finds no route and gets 404.',
  ),
  fault(
    'list-shipdate-null-after-cancel',
    'list',
    'spec §2 Order (shipDate is a date-time string)',
    'Cancelling an order clears its ship date (a NULL column the ORM writes as it is): every later list shows the cancelled order with "shipDate": null.',
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
]);
