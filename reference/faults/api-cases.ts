// Fault cases for status codes, Error bodies, auth, the list, orderId parsing and the deprecated pets route.
// Test support only: each probe is the smallest exchange that tells the fault from the faithful server.

import { call, rawExchange } from '../test-helpers.ts';
import type { FaultCase } from './fault-case.ts';

const del = { method: 'DELETE' };
const cancelled = (s: { orders(): Array<{ id: string; status: string }> }) =>
  s
    .orders()
    .filter((o) => o.status === 'cancelled')
    .map((o) => o.id);

export const API_CASES: FaultCase[] = [
  {
    id: 'cancel-200-instead-of-204',
    probe: async (s) => {
      const a = await call(s, '/store/orders/1', del);
      return [a.status, a.headers['content-type'], (a.json as { id?: bigint } | undefined)?.id];
    },
    faithful: [204, undefined, undefined],
    faulty: [200, 'application/json', 1n],
  },
  {
    id: 'cancel-204-with-body',
    probe: async (s) => {
      const raw = await rawExchange(
        s,
        `DELETE /v1/store/orders/1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.demoKey}\r\nConnection: close\r\n\r\n`,
      );
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      return [
        head.split('\r\n')[0],
        /^content-type:/im.test(head),
        /^content-length:/im.test(head),
        body.startsWith('{'),
      ];
    },
    faithful: ['HTTP/1.1 204 No Content', false, false, false],
    faulty: ['HTTP/1.1 204 No Content', true, true, true],
  },
  {
    id: 'cancel-unknown-204',
    probe: async (s) => (await call(s, '/store/orders/5', del)).status,
    faithful: 404,
    faulty: 204,
  },
  {
    id: 'cancel-shipped-204',
    probe: async (s) => [(await call(s, '/store/orders/42', del)).status, cancelled(s)],
    faithful: [409, []],
    faulty: [204, ['42']],
  },
  {
    id: 'cancel-repeat-204',
    probe: async (s) => {
      const id = s.fixtures.pending[0]!;
      return [
        (await call(s, `/store/orders/${id}`, del)).status,
        (await call(s, `/store/orders/${id}`, del)).status,
      ];
    },
    faithful: [204, 409],
    faulty: [204, 204],
  },
  {
    id: 'error-missing-message',
    probe: async (s) => Object.keys((await call(s, '/nowhere')).json as object),
    faithful: ['code', 'message', 'status'],
    faulty: ['code', 'status'],
  },
  {
    id: 'error-status-string',
    probe: async (s) => ((await call(s, '/nowhere')).json as { status: unknown }).status,
    faithful: 404n,
    faulty: '404',
  },
  {
    id: 'error-status-mismatch',
    probe: async (s) => [
      ((await call(s, '/nowhere')).json as { status: unknown }).status,
      ((await call(s, '/store/orders/x', del)).json as { status: unknown }).status,
    ],
    faithful: [404n, 400n],
    faulty: [400n, 422n],
  },
  {
    id: 'error-text-plain',
    probe: async (s) => {
      const a = await call(s, '/store/orders/5', del);
      return [a.status, a.headers['content-type'], a.json === undefined];
    },
    faithful: [404, 'application/json', false],
    faulty: [404, 'text/plain; charset=utf-8', true],
  },
  {
    id: 'auth-any-token',
    probe: async (s) => (await call(s, '/store/orders', { key: 'anything-at-all' })).status,
    faithful: 401,
    faulty: 200,
  },
  {
    id: 'auth-query-key',
    probe: async (s) => (await call(s, `/store/orders?api_key=${s.demoKey}`, { key: null })).status,
    faithful: 401,
    faulty: 200,
  },
  {
    id: 'auth-after-existence',
    probe: async (s) => {
      const statuses = [];
      for (const path of ['/store/orders/5', '/store/orders/42', '/store/orders/1']) {
        statuses.push((await call(s, path, { ...del, key: null })).status);
      }
      return [statuses, cancelled(s)];
    },
    faithful: [[401, 401, 401], []],
    faulty: [[404, 409, 401], []],
  },
  {
    id: 'auth-no-www-authenticate',
    probe: async (s) => {
      const a = await call(s, '/store/orders', { key: null });
      return [a.status, a.headers['www-authenticate']];
    },
    faithful: [401, 'Bearer realm="order-store"'],
    faulty: [401, undefined],
  },
  {
    id: 'auth-other-scheme-accepted',
    probe: async (s) =>
      Promise.all(
        ['Token', 'ApiKey', 'Digest'].map(
          async (scheme) =>
            (
              await call(s, '/store/orders', {
                key: null,
                headers: { authorization: `${scheme} ${s.demoKey}` },
              })
            ).status,
        ),
      ),
    faithful: [401, 401, 401],
    faulty: [200, 200, 200],
  },
  {
    id: 'auth-trailing-text-accepted',
    probe: async (s) =>
      (await call(s, '/store/orders', { key: null, headers: { authorization: `Bearer ${s.demoKey} x` } }))
        .status,
    faithful: 401,
    faulty: 200,
  },
  {
    id: 'auth-key-case-insensitive',
    probe: async (s) =>
      (
        await call(s, '/store/orders', {
          key: s.demoKey.toUpperCase() === s.demoKey ? s.demoKey.toLowerCase() : s.demoKey.toUpperCase(),
        })
      ).status,
    faithful: 401,
    faulty: 200,
  },
  {
    id: 'auth-scheme-case-sensitive',
    probe: async (s) => {
      const statuses = [];
      for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
        statuses.push(
          (
            await call(s, '/store/orders', {
              key: null,
              headers: { authorization: `${scheme} ${s.demoKey}` },
            })
          ).status,
        );
      }
      return statuses;
    },
    faithful: [200, 200, 200],
    faulty: [200, 401, 401],
  },
  {
    id: 'list-status-206',
    probe: async (s) => (await call(s, '/store/orders')).status,
    faithful: 200,
    faulty: 206,
  },
  {
    id: 'list-content-type-text',
    probe: async (s) => (await call(s, '/store/orders')).headers['content-type'],
    faithful: 'application/json',
    faulty: 'text/plain; charset=utf-8',
  },
  {
    id: 'list-duplicate-ids',
    probe: async (s) => {
      const ids = ((await call(s, '/store/orders')).json as Array<{ id: bigint }>).map((o) => String(o.id));
      return ids.length - new Set(ids).size;
    },
    faithful: 0,
    faulty: 1,
  },
  {
    id: 'conflict-body-not-error',
    probe: async (s) =>
      Object.keys((await call(s, `/store/orders/${s.fixtures.shipped[0]}`, del)).json as object),
    faithful: ['code', 'message', 'status'],
    faulty: ['error'],
  },
  {
    id: 'auth-empty-bearer-accepted',
    probe: async (s) =>
      (await call(s, '/store/orders', { key: null, headers: { authorization: 'Bearer' } })).status,
    faithful: 401,
    faulty: 200,
  },
  {
    id: 'auth-challenge-basic',
    probe: async (s) => (await call(s, '/store/orders', { key: null })).headers['www-authenticate'],
    faithful: 'Bearer realm="order-store"',
    faulty: 'Basic realm="order-store"',
  },
  {
    id: 'api-not-under-v1',
    probe: async (s) => (await call(s, '/store/orders')).status,
    faithful: 200,
    faulty: 404,
  },
  {
    id: 'list-wrapped',
    probe: async (s) => Array.isArray((await call(s, '/store/orders')).json),
    faithful: true,
    faulty: false,
  },
  {
    id: 'list-id-string',
    probe: async (s) =>
      ((await call(s, '/store/orders')).json as Array<{ id: unknown }>).map((o) => typeof o.id),
    faithful: Array(8).fill('bigint'),
    faulty: Array(8).fill('string'),
  },
  {
    id: 'list-shipdate-not-rfc3339',
    probe: async (s) => ((await call(s, '/store/orders')).json as Array<{ shipDate: string }>)[1]?.shipDate,
    faithful: '2026-11-23T08:30:00.250+02:00',
    faulty: '2026-11-23 06:30:00',
  },
  {
    id: 'list-quantity-not-integer',
    probe: async (s) => ((await call(s, '/store/orders')).json as Array<{ quantity: unknown }>)[0]?.quantity,
    faithful: 1n,
    faulty: 1.5,
  },
  {
    id: 'list-query-narrows',
    probe: async (s) => [
      ((await call(s, '/store/orders?limit=2')).json as unknown[]).length,
      ((await call(s, '/store/orders?status=shipped')).json as unknown[]).length,
      ((await call(s, '/store/orders?offset=7')).json as unknown[]).length,
    ],
    faithful: [8, 8, 8],
    faulty: [2, 2, 1],
  },
  {
    id: 'int64-number-ids',
    probe: async (s) => {
      const text = (await call(s, '/store/orders')).text;
      const ids = [...text.matchAll(/"id":(-?\d+)/g)].map((m) => m[1]);
      const statuses = [];
      for (const path of ['/store/orders/9007199254740993', '/store/orders/+7']) {
        statuses.push((await call(s, path, del)).status);
      }
      return [ids.slice(4), statuses, cancelled(s)];
    },
    faithful: [
      ['9007199254740992', '9007199254740993', '42', '9223372036854775807'],
      [204, 400],
      ['9007199254740993'],
    ],
    faulty: [
      ['9007199254740992', '9007199254740992', '42', '9223372036854776000'],
      [204, 204],
      ['7', '9007199254740992'],
    ],
  },
  {
    id: 'orderid-malformed-500',
    probe: async (s) => {
      const a = await call(s, '/store/orders/1.5', del);
      return [a.status, a.headers['content-type']];
    },
    faithful: [400, 'application/json'],
    faulty: [500, 'text/plain; charset=utf-8'],
  },
  {
    id: 'orderid-lenient-parse',
    probe: async (s) => {
      const statuses = [];
      for (const raw of ['7abc', '0x7', '+2', '003'])
        statuses.push((await call(s, `/store/orders/${raw}`, del)).status);
      return [statuses, cancelled(s)];
    },
    faithful: [[400, 400, 400, 400], []],
    faulty: [
      [204, 404, 204, 204],
      ['2', '3', '7'],
    ],
  },
  {
    id: 'pets-no-auth',
    probe: async (s) => [
      (await call(s, '/pets/101', { key: null })).status,
      (await call(s, '/store/orders', { key: null })).status,
    ],
    faithful: [401, 401],
    faulty: [200, 401],
  },
];
