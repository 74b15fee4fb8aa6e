// The named variants of cancelling an order: each a choice the spec or an RFC leaves open, with the clause
// that allows it. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { variant, variantsOf } from './variant-info.ts';

export const CANCEL_VARIANTS = variantsOf('cancel', [
  variant(
    'conflict-no-body',
    'spec §7 rule 2 (the body of the 409 response: not shown); spec §7 (error responses that carry a body)',
    'A 409 (the order has shipped, or is no longer pending) has no body.',
  ),
  variant(
    'cancelled-removed',
    'spec §3 (the state after a cancel: not shown); spec §4 cancelOrder rule 3',
    'A cancelled order is removed: it leaves the list, and a second cancel is 404 (the default keeps it: a second cancel is 409).',
  ),
  variant(
    'repeat-cancel-410',
    'spec §3 (the state after a cancel: not shown; the answer to cancelling an order no longer pending is not named)',
    'A cancel of an order already cancelled (a repeat, or the loser of a race) answers 410 Gone with an Error body (the default: 409).',
  ),
]);
