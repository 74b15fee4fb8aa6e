// The named variants of reading the orderId: each a choice the spec or an RFC leaves open, with the clause
// that allows it. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { variant, variantsOf } from './variant-info.ts';

export const ORDER_ID_VARIANTS = variantsOf('order-id', [
  variant(
    'malformed-id-404',
    'spec §4 cancelOrder (only 404 is listed for an id that names no order); RFC 9110 §15.5',
    'An orderId that is no int64 at all (letters, fractions, beyond int64) is answered 404 ORDER_NOT_FOUND with an Error, not 400.',
  ),
  variant(
    'leading-zeros-same-id',
    'spec §4 cancelOrder (orderId: integer, int64; no canonical spelling is defined)',
    'Leading zeros are read as the same id: DELETE /store/orders/007 cancels order 7 (a sign or anything else still is 400).',
  ),
  variant(
    'plus-sign-same-id',
    'spec §4 cancelOrder (orderId: integer, int64; no canonical spelling is defined); RFC 3986 §3.3',
    "A leading plus sign is read as the same id, as Ruby's Integer() and Falcon's int converter read it: DELETE /store/orders/+7 cancels order 7 (leading zeros or anything else still is 400).",
  ),
]);
