// The proofs of the variants in authentication.
// Test support: each probe is the smallest exchange that tells the variant from the default server.
import { call } from '../support/reference-calls.ts';
import { PLAIN, type VariantProofs } from './proof.ts';

export const AUTH_VARIANTS = {
  'challenge-lower-case': {
    probe: async (s) => (await call(s, '/store/orders', { key: null })).headers['www-authenticate'],
    standard: 'Bearer realm="order-store"',
    variant: 'bearer realm="order-store"',
    runs: [{ ...PLAIN }],
  },
  'authorization-first-line': {
    probe: async (s) =>
      (
        await call(s, '/store/orders', {
          key: null,
          headers: { authorization: [`Bearer ${s.demoKey}`, 'Bearer osc_not_a_key'] },
        })
      ).status,
    standard: 401,
    variant: 200,
    runs: [
      {
        ...PLAIN,
        // Let in by the first line: not 401, whichever operation the seed gave the form (the cancel of an
        // absent id then answers 404).
        records: { 'AUTH-REPEATED-AUTHORIZATION-INFO': /answered (?!401)\d{3}/ },
      },
    ],
  },
} satisfies VariantProofs<'auth'>;
