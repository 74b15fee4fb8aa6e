// The named variants of what a request does to the store over time: each a choice a server may make and
// declare, with the clause that allows it. Data only (catalogue.ts assembles every area); ids are stable,
// never reused.
import { variant, variantsOf } from './variant-info.ts';

export const STATE_VARIANTS = variantsOf('state', [
  variant(
    'list-lags-cancel',
    'spec §3 (the state after a cancel: not shown), declared eventual consistency (the suite: --consistency-seconds)',
    'A cancelled order leaves the list, and lists are read from a copy that catches up 2 s after a cancel (eventually consistent): a list read within those 2 s still shows the order.',
  ),
  variant(
    'list-cache-per-key-evicted',
    'spec §4 listOrders rule 1 (the list always holds all orders); spec §5 rule 5 (how keys are scoped: not shown)',
    'Orders are listed with their status and each key\'s list is cached for 30 s, but a cancel drops every key\'s entry: whichever key lists next reads the order "cancelled".',
  ),
]);
