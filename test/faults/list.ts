// The proofs of the faults in the order list (spec §4 listOrders, §2 Order).
// Test support: each probe is the smallest exchange that tells the fault from the faithful server.

import { del } from '../support/probes.ts';
import { call } from '../support/reference-calls.ts';
import { type FaultProofs, NO_PROBE } from './proof.ts';

export const LIST_FAULTS = {
  'list-wrapped': {
    masking: { removes: ['list-array'] },
    probe: async (s) => Array.isArray((await call(s, '/store/orders')).json),
    faithful: true,
    faulty: false,
    caught: [{ fails: ['LIST-BODY-ARRAY'], args: NO_PROBE, exit: 1 }],
  },
  'list-id-string': {
    probe: async (s) =>
      ((await call(s, '/store/orders')).json as Array<{ id: unknown }>).map((o) => typeof o.id),
    faithful: Array(8).fill('bigint'),
    faulty: Array(8).fill('string'),
    caught: [
      {
        fails: ['LIST-ITEMS-ORDER', 'LIST-IDS-INT64', 'EVERY-LIST-ITEMS-ORDER', 'EVERY-LIST-IDS-INT64'],
        args: NO_PROBE,
        exit: 1,
      },
    ],
  },
  'list-shipdate-not-rfc3339': {
    probe: async (s) => ((await call(s, '/store/orders')).json as Array<{ shipDate: string }>)[1]?.shipDate,
    faithful: '2026-11-23T08:30:00.250+02:00',
    faulty: '2026-11-23 06:30:00',
    caught: [{ fails: ['LIST-ITEMS-ORDER', 'EVERY-LIST-ITEMS-ORDER'], args: NO_PROBE, exit: 1 }],
  },
  'list-shipdate-null-after-cancel': {
    // Only a cancelled order's shipDate turns null: a list without cancelled orders never shows it.
    masking: { reads: ['listed-cancelled'] },
    probe: async (s) => {
      const shipDate = async () =>
        ((await call(s, '/store/orders')).json as Array<{ id: bigint; shipDate: unknown }>).find(
          (o) => o.id === 1n,
        )?.shipDate;
      const before = await shipDate();
      await call(s, '/store/orders/1', del);
      return [before, await shipDate()];
    },
    faithful: ['2026-11-22T10:00:00Z', '2026-11-22T10:00:00Z'],
    faulty: ['2026-11-22T10:00:00Z', null],
    // Only lists after a cancel show it, never the first: the finding names the cancel that brought it in.
    caught: [
      {
        fails: ['EVERY-LIST-ITEMS-ORDER'],
        says: {
          'EVERY-LIST-ITEMS-ORDER':
            /shipDate.*found null \(order (\d+)'s item\).*after #\d+ DELETE \/store\/orders\/\1 → 204 cancelled order \1, order \1's \/shipDate became null \(none of the \d+ list bod(y|ies) before it showed this\)/,
        },
        args: NO_PROBE,
        exit: 1,
      },
    ],
  },
  'list-quantity-not-integer': {
    probe: async (s) => ((await call(s, '/store/orders')).json as Array<{ quantity: unknown }>)[0]?.quantity,
    faithful: 1n,
    faulty: 1.5,
    caught: [{ fails: ['LIST-ITEMS-ORDER'], args: NO_PROBE, exit: 1 }],
  },
  'list-query-narrows': {
    masking: { reads: ['list-array'] },
    probe: async (s) => [
      ((await call(s, '/store/orders?limit=2')).json as unknown[]).length,
      ((await call(s, '/store/orders?status=shipped')).json as unknown[]).length,
      ((await call(s, '/store/orders?offset=7')).json as unknown[]).length,
    ],
    faithful: [8, 8, 8],
    faulty: [2, 2, 1],
    caught: [{ fails: ['LIST-NO-NARROWING'], args: NO_PROBE, exit: 1 }],
  },
  'list-status-206': {
    masking: { removes: ['list-200'] },
    probe: async (s) => (await call(s, '/store/orders')).status,
    faithful: 200,
    faulty: 206,
    caught: [{ fails: ['LIST-STATUS-200'], args: NO_PROBE, exit: 1 }],
  },
  'list-content-type-text': {
    probe: async (s) => (await call(s, '/store/orders')).headers['content-type'],
    faithful: 'application/json',
    faulty: 'text/plain; charset=utf-8',
    caught: [{ warns: ['LIST-CONTENT-TYPE-JSON'], args: NO_PROBE, exit: 0 }],
  },
  'list-duplicate-ids': {
    probe: async (s) => {
      const ids = ((await call(s, '/store/orders')).json as Array<{ id: bigint }>).map((o) => String(o.id));
      return ids.length - new Set(ids).size;
    },
    faithful: 0,
    faulty: 1,
    caught: [{ fails: ['LIST-IDS-UNIQUE'], args: NO_PROBE, exit: 1 }],
  },
  'list-xml-unless-json-asked': {
    masking: {
      reads: ['list-array', 'list-by-accept'],
      hides: {
        'list-406-accept-wildcard-subtype':
          'it answers XML to an Accept not naming application/json before the other refuses it with 406',
      },
    },
    probe: async (s) =>
      (await call(s, '/store/orders', { headers: { accept: '*/*' } })).headers['content-type'],
    faithful: 'application/json',
    faulty: 'application/xml',
    caught: [{ fails: ['LIST-JSON-ANY-ACCEPT'], args: NO_PROBE, exit: 1 }],
  },
  'list-406-accept-wildcard-subtype': {
    masking: { reads: ['list-by-accept'] },
    probe: async (s) =>
      Promise.all(
        ['application/*', 'Application/JSON', '*/*;q=0.1'].map(
          async (accept) => (await call(s, '/store/orders', { headers: { accept } })).status,
        ),
      ),
    faithful: [200, 200, 200],
    faulty: [406, 406, 200],
    caught: [
      // Every run's request surface asks for the list with "Accept: application/*".
      {
        fails: ['HTTP-SURFACE-PROPERTY'],
        args: NO_PROBE,
        exit: 1,
        notFromTraffic:
          'HTTP-SURFACE-PROPERTY judges only its own sending (LIST-JSON-ANY-ACCEPT reads it in the recording)',
      },
      // --exhaustive: the list check asks with every Accept admitting JSON itself.
      { fails: ['LIST-JSON-ANY-ACCEPT'], args: ['--exhaustive', '--only', 'LIST-JSON-ANY-ACCEPT'], exit: 1 },
    ],
    onlyBy: ['HTTP-SURFACE-PROPERTY'],
  },
  'list-404-non-json-accept': {
    masking: { reads: ['list-by-accept'] },
    probe: async (s) =>
      Promise.all(
        ['text/html', 'application/xml', 'application/*'].map(
          async (accept) => (await call(s, '/store/orders', { headers: { accept } })).status,
        ),
      ),
    faithful: [200, 200, 200],
    faulty: [404, 404, 200],
    // Every run asks for the list with "Accept: text/html" (LIST-NON-JSON-ACCEPT's own sending).
    caught: [{ fails: ['LIST-NON-JSON-ACCEPT'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['LIST-NON-JSON-ACCEPT'],
  },
  'list-pending-only': {
    masking: { removes: ['listed-cancelled'] },
    probe: async (s) =>
      ((await call(s, '/store/orders')).json as Array<{ id: bigint }>).map((o) => String(o.id)).length,
    faithful: 8,
    faulty: 6,
    caught: [{ fails: ['LIST-HOLDS-FIXTURES'], args: NO_PROBE, exit: 1 }],
  },
  'list-cancelled-twice': {
    masking: { reads: ['listed-cancelled'] },
    probe: async (s) => {
      const ids = async () =>
        ((await call(s, '/store/orders')).json as Array<{ id: bigint }>).map((o) => String(o.id));
      const before = await ids();
      await call(s, '/store/orders/1', del);
      const after = await ids();
      return [before.length - new Set(before).size, after.length - new Set(after).size];
    },
    faithful: [0, 0],
    faulty: [0, 1],
    // The first list comes before any cancel: only a list read later shows it (AUTH-SCHEME-CASE-INSENSITIVE's).
    caught: [{ fails: ['EVERY-LIST-IDS-UNIQUE'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['EVERY-LIST-IDS-UNIQUE'],
  },
} satisfies FaultProofs<'list'>;
