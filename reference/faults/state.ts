// The named faults of what a request does to the store over time (a list that does not show it, a refused
// request carried out, a cancel that is not one step, a cancel that changes another order): a realistic
// deviation each, with where it acts and the rule it breaks. Data only (catalogue.ts assembles every area);
// ids are stable, never reused.
import { fault, faultsOf } from './fault-info.ts';

export const STATE_FAULTS = faultsOf('state', [
  fault(
    'list-cache-after-cancel',
    'list',
    'spec §4 listOrders (200: all orders in the store)',
    'A cancelled order leaves the list, but the list is cached and a cancel drops the entry only 4 s later: a list read within 4 s of a cancel still shows the order.',
  ),
  fault(
    'list-status-stale-after-cancel',
    'list',
    'spec §4 listOrders (200: all orders in the store); spec §3 (pending → cancelled)',
    'Orders are listed with their status and a cancelled order stays listed, but the list is cached and a cancel refreshes the entry only 4 s later: a list read within 4 s of a cancel still shows the order "pending", as before it.',
  ),
  fault(
    'list-cache-per-key',
    'list',
    'spec §4 listOrders (200: all orders in the store)',
    'Orders are listed with their status and the list is cached per key for 30 s; a cancel drops only the cancelling key\'s entry, so a list read with another key still shows the cancelled order "pending", as before it.',
  ),
  fault(
    'cancelled-reappears',
    'list',
    'spec §4 listOrders (200: all orders in the store)',
    'A cancelled order is hidden from the list for 4 s (a "recently cancelled" filter that expires), then listed again.',
  ),
  fault(
    'cancel-then-401',
    'cancel',
    'spec §1 (every operation requires authentication)',
    'A cancel without a valid key is carried out before the credentials are checked, then answered 401.',
  ),
  fault(
    'cancel-then-409',
    'cancel',
    'spec §3 (a shipped order: no change, rejected with 409)',
    'Cancelling a shipped order deletes it first and answers 409 after: the order leaves the list and a later cancel is 404.',
  ),
  fault(
    'cancel-409-clears-complete',
    'cancel',
    'spec §3 (a shipped order: no change, rejected with 409)',
    'The cancel handler resets `complete` to false before it reads the status: a shipped order is refused with 409, but the list shows it with complete false from then on.',
  ),
  fault(
    'cancel-then-429',
    'cancel',
    'spec §8 rule 3',
    'A cancel over the rate limit is carried out, then answered 429 (the limiter counts after the handler).',
  ),
  fault(
    'cancel-not-atomic',
    'cancel',
    'spec §4 cancelOrder rule 1',
    'A cancel checks that the order is pending, awaits another write, then cancels it without checking again: cancels of one order at the same moment all answer 204.',
  ),
  fault(
    'cancel-lost-update',
    'cancel',
    'spec §4 cancelOrder rule 1; spec §3',
    'Each cancel saves the whole store from a copy it read before a slow audit write: cancels of two pending orders at the same moment both answer 204, and the later save puts the other order back to pending.',
  ),
  fault(
    'cancel-unknown-drops-last',
    'cancel',
    'spec §4 cancelOrder rule 3 (no order has the id: 404, nothing to cancel)',
    "A cancel of an unknown id answers 404, but first splices the cached list at findIndex's -1, dropping its last order until a cancel that succeeds rebuilds the cache.",
  ),
  fault(
    'cancel-unknown-creates',
    'cancel',
    'spec §4 cancelOrder rule 3 (no order has the id: 404, nothing to cancel)',
    'A cancel of an id no order has answers 404, but its lookup is an upsert (a defaultdict, a find-or-create): a blank order with that id (quantity 0, written cancelled) is left in the store, and later lists show it.',
  ),
  fault(
    'cancel-unknown-adds-blank',
    'cancel',
    'spec §4 cancelOrder rule 3 (no order has the id: 404, nothing to cancel)',
    "A cancel of an id no order has answers 404, but its lookup saves the zero-value order it built (a Go struct) under the store's next free id: every 404 leaves one more blank order, of a new id each time, in later lists.",
  ),
  fault(
    'cancel-unknown-upserts-empty',
    'cancel',
    'spec §4 cancelOrder rule 3 (no order has the id: 404, nothing to cancel)',
    'A cancel of an id no order has answers 404, but its store is a defaultdict: the lookup leaves an empty record behind, which later lists show as {} (no member of Order is required, so every item is schema-valid, and none has an id).',
  ),
  fault(
    'cancel-drops-neighbour',
    'cancel',
    'spec §4 listOrders (200: all orders in the store)',
    'Cancelling an order also drops the next order of the store from every later list (an off-by-one in the delete).',
  ),
]);
