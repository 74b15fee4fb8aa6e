// The proofs of the variants in Order and Error bodies and their media type.
// Test support: each probe is the smallest exchange that tells the variant from the default server.
import { call } from '../../reference/test-helpers.ts';
import { del } from '../support/probes.ts';
import { PLAIN, SHORT_WINDOW, type VariantProofs } from './proof.ts';

export const BODIES_VARIANTS = {
  'order-extra-fields': {
    probe: async (s) => {
      await call(s, '/store/orders/1', del);
      return Object.entries((await call(s, '/store/orders')).json as object)[0];
    },
    standard: ['0', { id: 1n, petId: 101n, quantity: 1n, shipDate: '2026-11-22T10:00:00Z', complete: false }],
    variant: [
      '0',
      {
        id: 1n,
        petId: 101n,
        quantity: 1n,
        shipDate: '2026-11-22T10:00:00Z',
        complete: false,
        status: 'cancelled',
        createdAt: '2026-11-01T00:00:00Z',
      },
    ],
    runs: [{ ...SHORT_WINDOW, records: { 'STATE-LIST-LATER-INFO': /listed with status "cancelled"/ } }],
  },
  'order-id-only': {
    probe: async (s) => ((await call(s, '/store/orders')).json as unknown[])[0],
    standard: { id: 1n, petId: 101n, quantity: 1n, shipDate: '2026-11-22T10:00:00Z', complete: false },
    variant: { id: 1n },
    runs: [{ ...PLAIN }],
  },
  'error-extra-fields': {
    probe: async (s) => Object.keys((await call(s, '/store/orders/5', del)).json as object),
    standard: ['code', 'message', 'status'],
    variant: ['code', 'message', 'status', 'requestId', 'details'],
    runs: [{ ...PLAIN }],
  },
  'json-charset': {
    probe: async (s) => [
      (await call(s, '/store/orders')).headers['content-type'],
      (await call(s, '/store/orders/5', del)).headers['content-type'],
    ],
    standard: ['application/json', 'application/json'],
    variant: ['application/json; charset=utf-8', 'application/json; charset=utf-8'],
    runs: [{ ...PLAIN, records: { 'CANCEL-REPEAT-INFO': /application\/json; charset=utf-8/ } }],
  },
} satisfies VariantProofs<'bodies'>;
