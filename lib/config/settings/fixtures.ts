// The settings of the orders a run may use: those it may cancel or knows shipped, the command that mints them,
// the ledger of those spent, and how far the order list is trusted. Rows only (settings.ts assembles them).
import type { Setting } from './row.ts';

export const FIXTURE_SETTINGS = [
  {
    key: 'cancellableOrderIds',
    flag: '--cancellable-order-ids',
    env: 'ORDER_STORE_CANCELLABLE_ORDER_IDS',
    kind: 'list',
    default: '',
    help: 'Comma-separated pending orders the run may cancel. Unset: no order is ever cancelled and the checks that need one are skipped.',
  },
  {
    key: 'shippedOrderIds',
    flag: '--shipped-order-ids',
    env: 'ORDER_STORE_SHIPPED_ORDER_IDS',
    kind: 'list',
    default: '',
    help: 'Comma-separated orders known to have shipped (for the 409 checks, and the orderId spellings once no pending fixture is left).',
  },
  {
    key: 'fixturesCommand',
    flag: '--fixtures-command',
    env: 'ORDER_STORE_FIXTURES_COMMAND',
    kind: 'string',
    default: '',
    help: 'A command (run by /bin/sh before the first request) that mints this run\'s fixtures and prints them as JSON {"cancellable": [ids], "shipped": [ids]}; it gets the number of pending orders the plan needs as an argument after the command\'s own (its first, for a command given alone) and in ORDER_STORE_FIXTURES_NEEDED, and the environment the run was given (no key is added). Its ids replace those of ⟦flag:cancellableOrderIds⟧ and ⟦flag:shippedOrderIds⟧ (a list it leaves out keeps the given one). A failing or malformed command: exit 2, nothing sent.',
  },
  {
    key: 'fixturesLedger',
    flag: '--fixtures-ledger',
    env: 'ORDER_STORE_FIXTURES_LEDGER',
    kind: 'string',
    default: '',
    help: 'The ledger of pending fixtures earlier runs consumed, per target: a run never takes one of them for a pending order (exit 2 when it would need one). Unset: fixtures-ledger.json in ⟦flag:reportDir⟧; off: no ledger. A pipeline with a pool of fixtures caches this file between jobs.',
  },
  {
    key: 'trustOrderList',
    flag: '--trust-order-list',
    env: 'ORDER_STORE_TRUST_ORDER_LIST',
    kind: 'boolean',
    default: 'false',
    help: 'Opt-in: trust that the order list holds every order, so ids near listed ones (0, 1, -1 included) may be cancelled as absent. Off: only ids far outside the list, never after signs of paging. On by itself when the run starts its own reference server.',
  },
  {
    key: 'consistencySeconds',
    flag: '--consistency-seconds',
    env: 'ORDER_STORE_CONSISTENCY_SECONDS',
    kind: 'integer',
    default: '0',
    help: "How long the server declares its lists may lag a cancel (eventual consistency): a list read within this many seconds of a cancel may still show the order as before. The report says how long lists lagged. 0: read-your-writes, the spec's reading (STATE-LIST-AFTER-CANCEL).",
  },
] as const satisfies readonly Setting[];
