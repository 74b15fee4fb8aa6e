// The proofs of the variants of Error bodies.
// Test support: each probe is the smallest exchange that tells the variant from the default server.
import { del } from '../support/probes.ts';
import { call } from '../support/reference-calls.ts';
import { PLAIN, type VariantProofs } from './proof.ts';

export const ERRORS_VARIANTS = {
  'error-extra-fields': {
    probe: async (s) => Object.keys((await call(s, '/store/orders/5', del)).json as object),
    standard: ['code', 'message', 'status'],
    variant: ['code', 'message', 'status', 'requestId', 'details'],
    runs: [{ ...PLAIN }],
  },
} satisfies VariantProofs<'errors'>;
