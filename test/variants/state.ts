// The proofs of the variants in what a request does to the store over the run.
// Test support: each probe is the smallest exchange that tells the variant from the default server.
import { LIST_LAG_MS } from '../../reference/orders-route.ts';
import { DEMO_KEY, type RunningReference, SECOND_DEMO_KEY } from '../../reference/server.ts';
import { del } from '../support/probes.ts';
import { call } from '../support/reference-calls.ts';
import { PLAIN, SHORT_WINDOW, type VariantProofs } from './proof.ts';

/** The reference's two demo keys, each on the Free plan. */
const BOTH_KEYS = [
  { key: DEMO_KEY, plan: 'free' as const },
  { key: SECOND_DEMO_KEY, plan: 'free' as const },
];

const listed = async (s: RunningReference, id: bigint): Promise<boolean> =>
  ((await call(s, '/store/orders')).json as Array<{ id: bigint }>).some((o) => o.id === id);

export const STATE_VARIANTS = {
  'list-lags-cancel': {
    probe: async (s, clock) => {
      await call(s, '/store/orders/1', del);
      const soon = await listed(s, 1n);
      clock.advance(LIST_LAG_MS + 1);
      return [soon, await listed(s, 1n)];
    },
    standard: [true, true],
    variant: [true, false],
    // Declared, as a server that is eventually consistent by design would be: --consistency-seconds 3. The
    // lag the run measures depends on how soon after a cancel it lists (at once, unless the machine stalls).
    runs: [
      {
        ...SHORT_WINDOW,
        args: [...SHORT_WINDOW.args, '--consistency-seconds', '3'],
        records: {
          'STATE-LIST-LAG-INFO':
            /(lists lagged a cancel by at least|lists reflected every cancel at once|left the list with no list showing).*allowed: a lag of 3 s \(declared with --consistency-seconds\)/,
          'STATE-LIST-AFTER-CANCEL': /cancelled orders leave the list/,
        },
        // The declared 3 s lag unpairs a HEAD from GETs that follow a cancel by less: on a short run, every one.
        maySkip: {
          'HTTP-HEAD-CONTENT-LENGTH':
            /none had GETs of the same URL and Accept on both sides.*nothing to judge/,
        },
      },
    ],
  },
  'orders-placed-meanwhile': {
    probe: async (s) => {
      const first = await listed(s, 1000n);
      return [first, await listed(s, 1000n), await listed(s, 2000n)];
    },
    standard: [false, false, false],
    variant: [false, true, true],
    // Orders no request of the run made appear between lists with nothing but reads between them, so one
    // appearing after a refusal is no refusal's doing: the refusal checks and STATE-LIST-EXPLAINED stay silent.
    runs: [
      {
        ...PLAIN,
        // A HEAD's list is one order longer than the GET's before it, and one shorter than the GET's after.
        skips: {
          'HTTP-HEAD-CONTENT-LENGTH':
            /HEADs with the key carried Content-Length, but none had GETs .* of one length/,
        },
        records: { 'STATE-LIST-EXPLAINED': /the store grows on its own/ },
      },
    ],
  },
  'list-cache-per-key-evicted': {
    options: { keys: BOTH_KEYS },
    probe: async (s) => {
      const statusOf = async (key: string) =>
        ((await call(s, '/store/orders', { key })).json as Array<{ id: bigint; status?: string }>).find(
          (o) => o.id === 1n,
        )?.status;
      const before = await statusOf(SECOND_DEMO_KEY);
      const status = (await call(s, '/store/orders/1', del)).status;
      return [before, status, await statusOf(SECOND_DEMO_KEY)];
    },
    standard: [undefined, 204, undefined],
    variant: ['pending', 204, 'cancelled'],
    // The conformant neighbour of fault list-cache-per-key: the second key's lists around the first cancel
    // (one fixture, so no race) and the race's (the default fixtures) show the cancel.
    runs: [
      {
        ...PLAIN,
        args: [
          ...PLAIN.args,
          ...['--second-api-key', SECOND_DEMO_KEY, '--cancellable-order-ids', '1'],
          // One fixture leaves the checks that need two out: only those that read this one's cancel run.
          ...['--only', 'CANCEL-PENDING-204,STATE-LIST-'],
        ],
        records: { 'STATE-LIST-AFTER-CANCEL': /cancelled orders stay listed: [1-9]\d* lists after/ },
        reference: { keys: BOTH_KEYS },
      },
      {
        ...PLAIN,
        args: [...PLAIN.args, '--second-api-key', SECOND_DEMO_KEY],
        reference: { keys: BOTH_KEYS },
      },
    ],
  },
} satisfies VariantProofs<'state'>;
