// The proofs of the variants of the order list: Order bodies with more or fewer fields, an empty store, a large one.
// Test support: each probe is the smallest exchange that tells the variant from the default server.

import { fixturesOf } from '../../lib/check/needs.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { del } from '../support/probes.ts';
import { call } from '../support/reference-calls.ts';
import { PLAIN, SHORT_WINDOW, type VariantProofs } from './proof.ts';

const DEFAULT_LIST =
  '[{"id":1,"petId":101,"quantity":1,"shipDate":"2026-11-22T10:00:00Z","complete":false},{"id":2,"petId":102,"quantity":3,"shipDate":"2026-11-23T08:30:00.250+02:00","complete":false},{"id":3,"petId":103,"quantity":2,"shipDate":"2026-11-24T17:45:10-05:00","complete":false},{"id":7,"petId":107,"quantity":12,"shipDate":"2026-12-01T00:00:00.000Z","complete":false},{"id":9007199254740992,"petId":9007199254740993,"quantity":1,"shipDate":"2026-12-24T23:59:59Z","complete":false},{"id":9007199254740993,"petId":9223372036854775806,"quantity":5,"shipDate":"2027-01-15T12:00:00.123456+05:30","complete":false},{"id":42,"petId":142,"quantity":1,"shipDate":"2026-10-30T09:15:00Z","complete":true},{"id":9223372036854775807,"petId":9223372036854775807,"quantity":4,"shipDate":"2026-09-01T06:00:00+00:00","complete":true}]';

/** The reasons a check gives when the store holds no fixture, or none is left. */
const NO_FIXTURES = /--cancellable-order-ids|--shipped-order-ids|holds 0 order|no remaining fixture/;

export const LIST_VARIANTS = {
  'list-negotiates-accept': {
    probe: async (s) =>
      Promise.all(
        [
          'application/*',
          'Application/JSON',
          '*/*;q=0.1',
          'text/html',
          'application/json;q=0, */*;q=0.1',
        ].map(async (accept) => (await call(s, '/store/orders', { headers: { accept } })).status),
      ),
    standard: [200, 200, 200, 200, 200],
    variant: [200, 200, 200, 406, 406],
    runs: [
      { ...PLAIN },
      // Every Accept of the surface and of the list check goes out.
      { args: ['--exhaustive', '--only', 'LIST-,HTTP-SURFACE-PROPERTY'], reference: {} },
    ],
  },
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
    runs: [
      {
        ...SHORT_WINDOW,
        records: { 'STATE-LIST-LATER-INFO': /listed with status "cancelled"/ } as Record<string, RegExp>,
      },
      // The held fixture listed "pending" on a store that keeps cancelled orders: the probe's 429 changed
      // nothing, so its next cancel succeeds, whatever the lists say (fixtures given, not minted).
      {
        args: ['--only', 'STATE-429'],
        // A window roomy enough that the held fixture's cancel past the limit is never too near its end.
        reference: { rateLimit: { limit: 5, windowSeconds: 4 }, banAfter: 1 },
        records: { 'STATE-429-CHANGES-NOTHING': /refused cancel \(429\) changed nothing/ },
      },
    ],
  },
  'order-id-only': {
    probe: async (s) => ((await call(s, '/store/orders')).json as unknown[])[0],
    standard: { id: 1n, petId: 101n, quantity: 1n, shipDate: '2026-11-22T10:00:00Z', complete: false },
    variant: { id: 1n },
    runs: [{ ...PLAIN }],
  },
  'empty-store': {
    probe: async (s) => [(await call(s, '/store/orders')).text, s.fixtures],
    standard: [
      DEFAULT_LIST,
      {
        pending: ['1', '2', '3', '7', '9007199254740992', '9007199254740993'],
        shipped: ['42', '9223372036854775807'],
      },
    ],
    variant: ['[]', { pending: [], shipped: [] }],
    runs: [
      {
        ...PLAIN,
        records: { 'LIST-BODY-ARRAY': /a JSON array of 0 items/ },
        // Every check that needs a fixture to cancel or a shipped order, and those that need orders in the list.
        skips: Object.fromEntries([
          ...[
            ...ALL_CHECKS.filter(
              (c) =>
                (fixturesOf(c.needs, new Set()) > 0 || c.needs.shipped || c.needs.held) && !c.needs.probe,
            ).map((c) => c.id),
            'LIST-NO-NARROWING',
            'LIST-HOLDS-FIXTURES',
            // Its query names a shipped order, or its path a spare pending one.
            'HTTP-CANCEL-PATH-ID',
            // They read the spelling run, which spells fixtures only when some are given.
            'ID-CANCEL-MISREAD',
            'ID-CANCEL-SPELLING',
            'ID-CANCEL-LEADING-ZEROS-INFO',
            'ID-CANCEL-PLUS-SIGN-INFO',
          ].map((id): [string, RegExp] => [id, NO_FIXTURES]),
          // An empty list holds no order to judge: no pass over nothing.
          ...[
            'LIST-ITEMS-ORDER',
            'LIST-IDS-UNIQUE',
            'LIST-IDS-INT64',
            'ID-LIST-LOSSLESS',
            'EVERY-LIST-IDS-UNIQUE',
            'EVERY-LIST-IDS-INT64',
          ].map((id): [string, RegExp] => [id, /^nothing to judge: .*\b0\b/]),
          // Nothing is cancelled, so no list comes after a cancel.
          ...['STATE-LIST-AFTER-CANCEL', 'STATE-LIST-LAG-INFO'].map((id): [string, RegExp] => [
            id,
            NO_FIXTURES,
          ]),
        ]),
      },
    ],
  },
  'large-store': {
    probe: async (s) => [
      ((await call(s, '/store/orders')).json as unknown[]).length,
      s.fixtures.pending.length,
    ],
    standard: [8, 6],
    variant: [50_000, 6],
    runs: [{ ...PLAIN, records: { 'LIST-BODY-ARRAY': /a JSON array of 50000 items/ } }],
  },
  'page-sized-store': {
    probe: async (s) => [
      ((await call(s, '/store/orders')).json as unknown[]).length,
      s.fixtures.pending.length,
    ],
    standard: [8, 6],
    variant: [10, 6],
    // The spec's whole list, shown whole by the run itself: every check that needs an absent id runs.
    runs: [
      {
        ...PLAIN,
        untrusted: true,
        records: {
          'LIST-BODY-ARRAY': /a JSON array of 10 items/,
          'LIST-NO-NARROWING': /all 10 orders returned/,
        },
      },
    ],
  },
} satisfies VariantProofs<'list'>;
