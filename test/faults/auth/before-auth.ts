// The proofs of the faults where the cancel operation reads its request before the auth guard refuses it: the
// order looked up (a 404 or 409 without the key), the id validated (a 400 without the key).
import { cancelled, del } from '../../support/probes.ts';
import { call } from '../../support/reference-calls.ts';
import { type FaultProof, NO_PROBE } from '../proof.ts';

export const BEFORE_AUTH_FAULTS = {
  'auth-after-existence': {
    probe: async (s) => {
      const statuses = [];
      for (const path of ['/store/orders/5', '/store/orders/42', '/store/orders/1']) {
        statuses.push((await call(s, path, { ...del, key: null })).status);
      }
      return [statuses, cancelled(s)];
    },
    faithful: [[401, 401, 401], []],
    faulty: [[404, 409, 401], []],
    caught: [{ fails: ['AUTH-BEFORE-EXISTENCE', 'AUTH-MISSING-401'], args: NO_PROBE, exit: 1 }],
  },
  'auth-after-id-validation': {
    // A lenient reader takes the absent id with a letter after it as that id: nothing to refuse as malformed.
    masking: { reads: ['strict-reader'] },
    probe: async (s) => {
      const statuses = [];
      for (const path of ['/store/orders/5x', '/store/orders/5', '/store/orders/42']) {
        statuses.push((await call(s, path, { ...del, key: null })).status);
      }
      return [statuses, cancelled(s)];
    },
    faithful: [[401, 401, 401], []],
    faulty: [[400, 401, 401], []],
    caught: [{ fails: ['AUTH-BEFORE-EXISTENCE'], args: NO_PROBE, exit: 1 }],
  },
} satisfies Record<string, FaultProof>;
