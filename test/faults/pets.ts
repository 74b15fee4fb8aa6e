// The proofs of the faults in the deprecated pets read (spec §9 rule 3).
// Test support: each probe is the smallest exchange that tells the fault from the faithful server.
import { call } from '../support/reference-calls.ts';
import { type FaultProofs, NO_PROBE } from './proof.ts';

export const PETS_FAULTS = {
  'pets-no-auth': {
    probe: async (s) => [
      (await call(s, '/pets/101', { key: null })).status,
      (await call(s, '/store/orders', { key: null })).status,
    ],
    faithful: [401, 401],
    faulty: [200, 401],
    caught: [{ fails: ['PETS-401-WITHOUT-CREDENTIALS', 'AUTH-MISSING-401'], args: NO_PROBE, exit: 1 }],
  },
} satisfies FaultProofs<'pets'>;
