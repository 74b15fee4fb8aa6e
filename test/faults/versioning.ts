// The proofs of the faults in where the API is served (spec §9 rule 1).
// Test support: each probe is the smallest exchange that tells the fault from the faithful server.
import { call } from '../support/reference-calls.ts';
import { type FaultProofs, NO_PROBE } from './proof.ts';

export const VERSIONING_FAULTS = {
  'api-not-under-v1': {
    masking: {
      // No route answers below /v1: OPTIONS and writes there are 404s, not a route's 405.
      removes: ['405'],
      hides: {
        'auth-after-id-validation':
          'no list answers below /v1, so no id is proven absent and the cancel of a malformed id without the key (the absent id with a letter after it) is not sent',
        'request-body-unread':
          'no list answers below /v1, so no plain GET of the list succeeds for the request after the content to be compared with',
        'ratelimit-limit-by-status':
          'every /v1 path answers 404 with the key, so every answer is an error and carries the Limit the second doubles: no success answer is left to differ from',
      },
    },
    probe: async (s) => (await call(s, '/store/orders')).status,
    faithful: 200,
    faulty: 404,
    caught: [{ fails: ['VER-BASE-PATH-V1', 'LIST-STATUS-200'], args: NO_PROBE, exit: 1 }],
  },
} satisfies FaultProofs<'versioning'>;
