// The proofs of the faults in what a request does to the store over the run (spec §1, §3, §4, §8 rule 3).
// Test support: each probe is the smallest exchange that tells the fault from the faithful server.
import { HIDDEN_FOR_MS, LIST_CACHE_MS } from '../../../reference/orders-route.ts';
import { DEMO_KEY, type RunningReference, SECOND_DEMO_KEY } from '../../../reference/server.ts';
import { cancelled, del, TWO_PER_MINUTE } from '../../support/probes.ts';
import { call } from '../../support/reference-calls.ts';
import {
  type Caught,
  DEFAULT_RUN_FIVE_PENDING,
  type FaultProofs,
  MINTED,
  NO_PROBE,
  SHORT_WINDOW,
} from '../proof.ts';
import { STATE_UNKNOWN_FAULTS } from './unknown.ts';

/** The reference's two demo keys, each on the Free plan: a list cached per key shows with the second. */
const BOTH_KEYS = [
  { key: DEMO_KEY, plan: 'free' as const },
  { key: SECOND_DEMO_KEY, plan: 'free' as const },
];

/**
 * What STATE-LIST-LAG-INFO says of lists that showed a cancelled order one way, then the other: a lag, an order
 * that stayed listed, or one listed again; never "at once", which STATE-LIST-AFTER-CANCEL's finding contradicts.
 */
const SHOWN_STALE =
  /lagged a cancel by|stayed listed in every list after|listed again after a list had shown/;

/** A list after a cancel that went on showing the store before it: the check fails, its lag INFO says how. */
const STALE_LIST_CAUGHT: Caught = {
  fails: ['STATE-LIST-AFTER-CANCEL'],
  says: { 'STATE-LIST-LAG-INFO': SHOWN_STALE },
  ...SHORT_WINDOW,
  exit: 1,
};

/** Whether the list holds order `id`. */
const listed = async (s: RunningReference, id: bigint): Promise<boolean> =>
  ((await call(s, '/store/orders')).json as Array<{ id: bigint }>).some((o) => o.id === id);

export const STATE_FAULTS = {
  'list-cache-after-cancel': {
    masking: {
      hides: {
        'cancelled-reappears':
          'both bend how the list shows a cancelled order in its first seconds, each undoing the other: the second hides it for 4 s, just as long as the first keeps showing it from its cache, so every list shows it gone',
        'cancel-forgotten':
          'the second makes a cancelled order pending again 3 s after its cancel, before the first would drop it from the cached list: it never leaves the list, and listing it is then right',
      },
    },
    probe: async (s, clock) => {
      const status = (await call(s, '/store/orders/1', del)).status;
      const soon = await listed(s, 1n);
      clock.advance(LIST_CACHE_MS + 1);
      return [status, soon, await listed(s, 1n)];
    },
    // The faithful server keeps a cancelled order listed; this one drops it, but only once its cache does.
    faithful: [204, true, true],
    faulty: [204, true, false],
    // The look a window after the first cancel finds it gone; the list right after the race still shows the
    // order the race cancelled.
    caught: [STALE_LIST_CAUGHT],
    onlyBy: ['STATE-LIST-AFTER-CANCEL'],
  },
  'list-status-stale-after-cancel': {
    probe: async (s, clock) => {
      const statusOf = async () =>
        ((await call(s, '/store/orders')).json as Array<{ id: bigint; status?: string }>).find(
          (o) => o.id === 1n,
        )?.status;
      const status = (await call(s, '/store/orders/1', del)).status;
      const soon = await statusOf();
      clock.advance(LIST_CACHE_MS + 1);
      return [status, soon, await statusOf()];
    },
    // The faithful server writes no status (the spec shows none); this one writes it, stale for 4 s.
    faithful: [204, undefined, undefined],
    faulty: [204, 'pending', 'cancelled'],
    // A list soon after a cancel still shows the order as before it; the look a window later shows it changed.
    caught: [{ fails: ['STATE-LIST-AFTER-CANCEL'], ...SHORT_WINDOW, exit: 1 }],
  },
  'list-cache-per-key': {
    options: { keys: BOTH_KEYS },
    probe: async (s) => {
      const statusOf = async (key: string) =>
        ((await call(s, '/store/orders', { key })).json as Array<{ id: bigint; status?: string }>).find(
          (o) => o.id === 1n,
        )?.status;
      const before = await statusOf(SECOND_DEMO_KEY);
      const status = (await call(s, '/store/orders/1', del)).status;
      return [before, status, await statusOf(DEMO_KEY), await statusOf(SECOND_DEMO_KEY)];
    },
    // The faithful server writes no status (the spec shows none); this one writes it, and the second key's
    // cached list still says "pending" after the first key's cancel.
    faithful: [undefined, 204, undefined, undefined],
    faulty: ['pending', 204, 'cancelled', 'pending'],
    // The race reads a list with the second key before and after it: the one after is the cached one.
    caught: [
      {
        fails: ['STATE-LIST-AFTER-CANCEL'],
        args: [...NO_PROBE, '--second-api-key', SECOND_DEMO_KEY],
        reference: { keys: BOTH_KEYS },
        exit: 1,
      },
      // One fixture, so no race (issue 37's srvx server): the first cancel's second-key lists, one before it
      // and one after, show the cached copy.
      {
        fails: ['STATE-LIST-AFTER-CANCEL'],
        args: [...NO_PROBE, '--second-api-key', SECOND_DEMO_KEY, '--cancellable-order-ids', '1'],
        reference: { keys: BOTH_KEYS },
        exit: 1,
      },
    ],
    onlyBy: ['STATE-LIST-AFTER-CANCEL'],
  },
  'cancelled-reappears': {
    probe: async (s, clock) => {
      await call(s, '/store/orders/1', del);
      const soon = await listed(s, 1n);
      clock.advance(HIDDEN_FOR_MS + 1);
      return [soon, await listed(s, 1n)];
    },
    faithful: [true, true],
    faulty: [false, true],
    caught: [STALE_LIST_CAUGHT],
    onlyBy: ['STATE-LIST-AFTER-CANCEL'],
  },
  'cancel-then-401': {
    probe: async (s) => [(await call(s, '/store/orders/1', { ...del, key: null })).status, cancelled(s)],
    faithful: [401, []],
    faulty: [401, ['1']],
    // The run's first cancel of that fixture then finds it cancelled: blamed on the refusal once the fixtures
    // were minted for the run (shown pending); with ids merely given, an earlier run may have cancelled it.
    caught: [
      {
        fails: ['STATE-401-CHANGES-NOTHING', 'CANCEL-PENDING-204'],
        // The run saw the fixture pending: its own DELETE without a key is named, not an earlier run.
        says: {
          'CANCEL-PENDING-204':
            /shown pending to this run .*DELETEs? of it without a valid key .*\(see STATE-401-CHANGES-NOTHING\)/,
        },
        args: [...NO_PROBE, ...MINTED],
        exit: 1,
      },
      {
        // Ids merely given (no ledger entry, not shown pending): an earlier run may have cancelled the fixture,
        // so the run's own refused DELETEs are named as a third reading beside the two (blind round 23).
        fails: ['CANCEL-PENDING-204'],
        says: {
          'CANCEL-PENDING-204':
            /answered 409.*either the server refuses a pending order .*, or order \d+ was no longer pending .*, or the run's own DELETEs? of it without a valid key \(#\d+ DELETE .*\), sent before this cancel, (was|were) carried out although refused .*\(see STATE-401-CHANGES-NOTHING\)/,
        },
        args: [...NO_PROBE],
        exit: 1,
      },
    ],
  },
  'cancel-then-409': {
    // It acts on the way to a shipped order's 409: a server that cancels shipped orders never takes it.
    masking: {
      reads: ['shipped-409'],
      hides: {
        'orderid-query-overrides-path':
          "the run's first cancel of the shipped order deletes it: the query naming it later names an absent order, 404 as the path's",
      },
    },
    probe: async (s) => [(await call(s, '/store/orders/42', del)).status, await listed(s, 42n)],
    faithful: [409, true],
    faulty: [409, false],
    // The sequences' cancels of the shipped order then meet a 404.
    caught: [
      {
        fails: ['STATE-409-CHANGES-NOTHING', 'STATE-LIST-EXPLAINED', 'STATE-SEQUENCE'],
        args: NO_PROBE,
        exit: 1,
      },
    ],
  },
  'cancel-409-clears-complete': {
    masking: {
      reads: ['list-array', 'shipped-409'],
      hides: {
        'list-pending-only': 'the second lists no shipped order, so no list shows what the first changed',
      },
    },
    probe: async (s) => {
      const complete = async () =>
        ((await call(s, '/store/orders')).json as Array<{ id: bigint; complete: boolean }>).find(
          (o) => o.id === 42n,
        )?.complete;
      const before = await complete();
      return [before, (await call(s, '/store/orders/42', del)).status, await complete()];
    },
    faithful: [true, 409, true],
    faulty: [true, 409, false],
    // The first list holds the shipped fixture complete; every list after its first 409 shows it not.
    caught: [{ fails: ['STATE-409-CHANGES-NOTHING'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['STATE-409-CHANGES-NOTHING'],
  },
  'cancel-then-429': {
    options: TWO_PER_MINUTE,
    probe: async (s) => {
      await call(s, '/store/orders');
      await call(s, '/store/orders');
      return [(await call(s, '/store/orders/1', del)).status, cancelled(s)];
    },
    faithful: [429, []],
    faulty: [429, ['1']],
    // The probe's request past the limit cancels the held fixture; the race then finds it cancelled.
    caught: [
      {
        fails: ['STATE-429-CHANGES-NOTHING'],
        args: ['--only', 'STATE-429', ...MINTED],
        reference: { rateLimit: { limit: 5, windowSeconds: 2 }, banAfter: 1 },
        exit: 1,
      },
      // Given fixtures, not minted, on a store that keeps a cancelled order listed: only the lists' status
      // "pending" before the probe shows the held fixture pending, and its 409 after the 429 is blamed.
      {
        fails: ['STATE-429-CHANGES-NOTHING'],
        says: { 'STATE-429-CHANGES-NOTHING': /showed it with the status "pending"/ },
        args: ['--only', 'STATE-429'],
        reference: {
          rateLimit: { limit: 5, windowSeconds: 4 },
          banAfter: 1,
          variants: ['order-extra-fields'],
        },
        exit: 1,
      },
    ],
  },
  'cancel-not-atomic': {
    probe: async (s) =>
      (await Promise.all([call(s, '/store/orders/1', del), call(s, '/store/orders/1', del)]))
        .map((a) => a.status)
        .sort(),
    faithful: [204, 409],
    faulty: [204, 204],
    caught: [
      {
        fails: ['STATE-CANCEL-RACE'],
        // A repeat sent one after the other is refused: only the cancels at one moment both succeed.
        says: {
          'STATE-CANCEL-RACE':
            /cancelled more than once, though the first left it no longer pending;[\s\S]*; a repeat sent after its cancel was answered is refused \(order \d+: #\d+, 409\)/,
        },
        args: NO_PROBE,
        exit: 1,
      },
      // The whole command on five fixtures: the probe's cancel past the limit may spend the held fixture (a
      // limiter that lets it through), and the race then takes one another check gave back proven pending.
      { fails: ['STATE-CANCEL-RACE'], ...DEFAULT_RUN_FIVE_PENDING, exit: 1 },
    ],
    onlyBy: ['STATE-CANCEL-RACE'],
  },
  'cancel-lost-update': {
    masking: { reads: ['spare-fixture'] },
    probe: async (s) => {
      const together = await Promise.all([call(s, '/store/orders/1', del), call(s, '/store/orders/2', del)]);
      const again = [
        (await call(s, '/store/orders/1', del)).status,
        (await call(s, '/store/orders/2', del)).status,
      ];
      return [together.map((a) => a.status), again];
    },
    faithful: [
      [204, 204],
      [409, 409],
    ],
    // The later save, order 2's, puts order 1 back to pending: cancelled again, it is answered 204.
    faulty: [
      [204, 204],
      [204, 409],
    ],
    caught: [
      // The race cancels a spare fixture beside the held one, then each again: one of them is pending again.
      {
        fails: ['STATE-CANCEL-RACE'],
        says: {
          'STATE-CANCEL-RACE':
            /stayed pending .*: a cancel answered 2xx did not take effect: either each cancel saves the whole store .*, or .*check-then-act/,
        },
        args: NO_PROBE,
        exit: 1,
      },
    ],
    onlyBy: ['STATE-CANCEL-RACE'],
  },
  'cancel-drops-neighbour': {
    probe: async (s) => {
      await call(s, '/store/orders/1', del);
      return listed(s, 2n);
    },
    faithful: true,
    faulty: false,
    caught: [{ fails: ['STATE-LIST-EXPLAINED'], args: NO_PROBE, exit: 1 }],
  },
  ...STATE_UNKNOWN_FAULTS,
} satisfies FaultProofs<'state'>;
