// The named faults of cancelling an order (statuses, the 204, what a cancel does): a realistic deviation each, with where it acts and the rule it
// breaks. Data only (catalogue.ts assembles every area); ids are stable, never reused.
import { fault, faultsOf } from './fault-info.ts';

export const CANCEL_FAULTS = faultsOf('cancel', [
  fault(
    'cancel-200-instead-of-204',
    'cancel',
    'spec §4 cancelOrder, response 204',
    'Cancelling a pending order answers 200 with the order as body instead of 204.',
  ),
  fault(
    'cancel-204-with-body',
    'cancel',
    'RFC 9110 §15.3.5',
    'Cancelling answers 204 but sends Content-Type, Content-Length and a JSON body (then closes the connection).',
  ),
  fault(
    'cancel-unknown-204',
    'cancel',
    'spec §4 cancelOrder rule 3',
    'Cancelling an unknown order id answers 204.',
  ),
  fault(
    'cancel-shipped-204',
    'cancel',
    'spec §4 cancelOrder rule 2',
    'Cancelling a shipped order answers 204 and marks it cancelled.',
  ),
  fault(
    'cancel-204-content-length-0',
    'cancel',
    'RFC 9110 §8.6',
    'The 204 to a cancel carries Content-Length: 0, which a server must not send on a 204.',
  ),
  fault(
    'cancel-shipped-beyond-2-53',
    'cancel',
    'spec §4 cancelOrder rule 2',
    'The shipped check looks orders up by their JS number, which misses ids beyond 2^53: such a shipped order is cancelled (204).',
  ),
  fault(
    'cancel-repeat-204',
    'cancel',
    'spec §4 cancelOrder rule 1',
    'Cancelling an order that is already cancelled answers 204 again.',
  ),
  fault(
    'cancel-forgotten',
    'cancel',
    'spec §4 cancelOrder rule 1',
    'A cancellation lasts three seconds (it went to a cache entry that expires): then the order is pending again and a later cancel answers 204; a repeat sent at once still gets 409.',
  ),
  fault(
    'orderid-query-overrides-path',
    'cancel',
    'spec §4 cancelOrder (path parameter)',
    "The cancel reads the order id from the query when one is there, else from the path (a merged parameter bag, request.input('orderId', params.orderId)): DELETE /store/orders/1?orderId=2 cancels order 2.",
  ),
]);
