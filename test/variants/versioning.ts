// The proofs of the variants of the base address (a deeper path before /v1).
// Test support: each probe is the smallest exchange that tells the variant from the default server.
import { call } from '../support/reference-calls.ts';
import { PLAIN, type VariantProofs } from './proof.ts';

export const VERSIONING_VARIANTS = {
  'base-path-deep': {
    probe: async (s) => [new URL(s.baseUrl).pathname, (await call(s, '/store/orders')).status],
    standard: ['/v1', 200],
    variant: ['/api/store/v1', 200],
    runs: [{ ...PLAIN, records: { 'VER-BASE-PATH-V1': /base path \/api\/store\/v1/ } }],
  },
} satisfies VariantProofs<'versioning'>;
