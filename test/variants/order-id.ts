// The proofs of the variants in reading an orderId.
// Test support: each probe is the smallest exchange that tells the variant from the default server.

import { cancelled, del } from '../support/probes.ts';
import { call } from '../support/reference-calls.ts';
import { PLAIN, type VariantProofs } from './proof.ts';

export const ORDER_ID_VARIANTS = {
  'malformed-id-404': {
    probe: async (s) =>
      Promise.all(
        ['abc', '1.5', '9223372036854775808', '-5'].map(async (id) => {
          const a = await call(s, `/store/orders/${id}`, del);
          return [a.status, (a.json as { code?: string }).code];
        }),
      ),
    standard: [
      [400, 'INVALID_ORDER_ID'],
      [400, 'INVALID_ORDER_ID'],
      [400, 'INVALID_ORDER_ID'],
      [404, 'ORDER_NOT_FOUND'],
    ],
    variant: [
      [404, 'ORDER_NOT_FOUND'],
      [404, 'ORDER_NOT_FOUND'],
      [404, 'ORDER_NOT_FOUND'],
      [404, 'ORDER_NOT_FOUND'],
    ],
    runs: [
      {
        ...PLAIN,
        records: { 'ID-MALFORMED-STATUS-INFO': /malformed ids answered 404 ORDER_NOT_FOUND(\n|$)/ },
      },
    ],
  },
  'leading-zeros-same-id': {
    probe: async (s) => [
      (await call(s, '/store/orders/007', del)).status,
      (await call(s, '/store/orders/+3', del)).status,
      cancelled(s),
    ],
    standard: [400, 400, []],
    variant: [204, 400, ['7']],
    runs: [
      {
        ...PLAIN,
        records: { 'ID-CANCEL-LEADING-ZEROS-INFO': /^leading zeros name the same order/ },
      },
    ],
  },
  // Round four's thin-rack (Ruby's Integer("+14")) and falcon (Falcon's int converter): no warning, recorded.
  'plus-sign-same-id': {
    probe: async (s) => [
      (await call(s, '/store/orders/+7', del)).status,
      (await call(s, '/store/orders/007', del)).status,
      cancelled(s),
    ],
    standard: [400, 400, []],
    variant: [204, 400, ['7']],
    runs: [
      {
        ...PLAIN,
        records: { 'ID-CANCEL-PLUS-SIGN-INFO': /^a leading plus sign names the same order/ },
      },
    ],
  },
} satisfies VariantProofs<'order-id'>;
