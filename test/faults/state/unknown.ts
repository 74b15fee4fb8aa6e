// The proofs of the faults where a cancel of an id no order has (a 404) changes the store all the same: an
// order dropped, one made under the id or another, an empty record. Spread into STATE_FAULTS (state.ts).
import type { RunningReference } from '../../../reference/server.ts';
import { del } from '../../support/probes.ts';
import { call } from '../../support/reference-calls.ts';
import { type FaultProofs, NO_PROBE } from '../proof.ts';

/** Whether the list holds order `id`. */
const listed = async (s: RunningReference, id: bigint): Promise<boolean> =>
  ((await call(s, '/store/orders')).json as Array<{ id: bigint }>).some((o) => o.id === id);

/** How many items of the list are empty records ({}). */
const empties = async (s: RunningReference): Promise<number> =>
  ((await call(s, '/store/orders')).json as object[]).filter((o) => Object.keys(o).length === 0).length;

export const STATE_UNKNOWN_FAULTS = {
  'cancel-unknown-drops-last': {
    probe: async (s) => [
      (await call(s, '/store/orders/5', del)).status,
      await listed(s, 9223372036854775807n),
    ],
    faithful: [404, true],
    faulty: [404, false],
    // Its last refusals come between two lists with nothing else between them: STATE-404-CHANGES-NOTHING's.
    caught: [{ fails: ['STATE-404-CHANGES-NOTHING', 'STATE-LIST-EXPLAINED'], args: NO_PROBE, exit: 1 }],
  },
  'cancel-unknown-creates': {
    // The blank order it leaves is written cancelled: a list without cancelled orders never shows it.
    masking: { reads: ['absent-404', 'listed-cancelled'] },
    probe: async (s) => [(await call(s, '/store/orders/5', del)).status, await listed(s, 5n)],
    faithful: [404, false],
    faulty: [404, true],
    // Its absent-id cancel comes between two lists with nothing else between them: the later shows the order.
    caught: [{ fails: ['STATE-404-CHANGES-NOTHING'], args: NO_PROBE, exit: 1 }],
  },
  'cancel-unknown-upserts-empty': {
    masking: { reads: ['absent-404', 'listed-cancelled'] },
    probe: async (s) => [(await call(s, '/store/orders/5', del)).status, await empties(s)],
    faithful: [404, 0],
    faulty: [404, 1],
    // Items without an id: no order the store model names, but counted in the lists around a 404.
    caught: [
      {
        fails: ['STATE-404-CHANGES-NOTHING'],
        says: { 'STATE-404-CHANGES-NOTHING': /without an id/ },
        args: NO_PROBE,
        exit: 1,
      },
    ],
  },
  'cancel-unknown-adds-blank': {
    // The blank order it leaves is written cancelled: a list without cancelled orders never shows it.
    masking: { reads: ['absent-404', 'listed-cancelled'] },
    probe: async (s) => [(await call(s, '/store/orders/5', del)).status, await listed(s, 1000n)],
    faithful: [404, false],
    faulty: [404, true],
    // The new order has an id no list showed and no request named (never a repeat: EVERY-LIST-IDS-UNIQUE stays
    // silent); the refusals between two lists alone made it.
    caught: [
      {
        fails: ['STATE-404-CHANGES-NOTHING'],
        says: {
          'STATE-404-CHANGES-NOTHING':
            /order 1000 is listed by .*no list before it held it.*the refusals made it/,
        },
        args: NO_PROBE,
        exit: 1,
      },
    ],
  },
} satisfies Partial<FaultProofs<'state'>>;
