// The named variants of the order list (its bodies and the store behind it): each a choice the spec or an RFC leaves open, with the clause
// that allows it. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { variant, variantsOf } from './variant-info.ts';

export const LIST_VARIANTS = variantsOf('list', [
  variant(
    'order-extra-fields',
    'spec §2 Order (no field is required; additional members are not excluded); spec §2 rule 2 (status not shown)',
    'Orders carry extra members: "status" ("pending", "shipped" or "cancelled") and "createdAt".',
  ),
  variant(
    'order-id-only',
    'spec §2 Order rule 1 (no field of Order is marked required)',
    'Orders in the list carry only their "id".',
  ),
  variant(
    'empty-store',
    'spec §4 listOrders (the list holds all orders, which may be none)',
    'The store holds no orders: the list is [], every cancel is 404, and there are no fixtures.',
  ),
  variant(
    'large-store',
    'spec §4 listOrders rule 1 and §8 rule 9 (the list is returned whole, never paged)',
    'The store holds 50,000 orders (the seed, then generated ones), so the list is about 5 MB.',
  ),
  variant(
    'page-sized-store',
    'spec §4 listOrders rule 1 and §8 rule 9 (the list is returned whole, never paged)',
    'The store holds exactly 10 orders (the seed, then two generated ones that are no fixtures): a count a paged API might show as one page.',
  ),
  variant(
    'list-negotiates-accept',
    'RFC 9110 §12.5.1 and §15.5.7 (a server may answer 406 when no representation is acceptable); media types are case-insensitive (§8.3.1)',
    'The list negotiates its one media type: JSON to any Accept that admits application/json (wildcards, other capitals, any weight above zero), 406 with an Error body to one that admits none (text/html, application/xml, application/json;q=0).',
  ),
]);
