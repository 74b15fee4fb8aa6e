// The proofs of the variants in what a cancel leaves and answers.
// Test support: each probe is the smallest exchange that tells the variant from the default server.

import { del } from '../support/probes.ts';
import { call } from '../support/reference-calls.ts';
import { PLAIN, SHORT_WINDOW, type VariantProofs } from './proof.ts';

export const CANCEL_VARIANTS = {
  'conflict-no-body': {
    probe: async (s) => {
      const a = await call(s, '/store/orders/42', del);
      return [a.status, a.text, a.headers['content-type']];
    },
    standard: [
      409,
      '{"code":"ORDER_ALREADY_SHIPPED","message":"Order 42 has already shipped; shipping cannot be reversed.","status":409}',
      'application/json',
    ],
    variant: [409, '', undefined],
    runs: [
      {
        ...PLAIN,
        records: {
          'CANCEL-REPEAT-INFO': /answered 409, no body/,
          'CANCEL-SHIPPED-409-BODY': /without a body/,
        },
      },
    ],
  },
  'cancelled-removed': {
    probe: async (s) => {
      await call(s, '/store/orders/1', del);
      const again = await call(s, '/store/orders/1', del);
      const ids = ((await call(s, '/store/orders')).json as Array<{ id: bigint }>).map((o) => o.id);
      return [again.status, ids.includes(1n)];
    },
    standard: [409, true],
    variant: [404, false],
    runs: [
      {
        ...SHORT_WINDOW,
        records: {
          'CANCEL-REPEAT-INFO': /answered 404/,
          'STATE-CANCEL-LATER-INFO': /^later: 404 .*, as at once/,
          'STATE-LIST-LATER-INFO': /: listed before its cancel, not listed /,
        },
      },
    ],
  },
  'repeat-cancel-410': {
    probe: async (s) => {
      await call(s, '/store/orders/1', del);
      const again = await call(s, '/store/orders/1', del);
      return [again.status, (again.json as { code?: string }).code];
    },
    standard: [409, 'ORDER_NOT_PENDING'],
    variant: [410, 'ORDER_GONE'],
    runs: [
      {
        ...PLAIN,
        records: {
          'CANCEL-REPEAT-INFO': /answered 410/,
          'STATE-CANCEL-RACE': /\b410\b/,
        },
      },
    ],
  },
} satisfies VariantProofs<'cancel'>;
