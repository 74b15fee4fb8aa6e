// One case per variant: the smallest exchange that tells the variant from the default server.
// Test support only; the server never imports this.

import type { ReferenceServerOptions, RunningReference } from '../server.ts';
import { call, type FakeClock, rawExchange } from '../test-helpers.ts';
import type { VariantId } from './catalogue.ts';

export interface VariantCase {
  id: VariantId;
  options?: ReferenceServerOptions;
  probe: (server: RunningReference, clock: FakeClock) => Promise<unknown>;
  /** What the probe observes on the default server. */
  standard: unknown;
  /** What it observes with only this variant on; must differ from `standard`. */
  variant: unknown;
}

const del = { method: 'DELETE' };
const DEFAULT_LIST =
  '[{"id":1,"petId":101,"quantity":1,"shipDate":"2026-11-22T10:00:00Z","complete":false},{"id":2,"petId":102,"quantity":3,"shipDate":"2026-11-23T08:30:00.250+02:00","complete":false},{"id":3,"petId":103,"quantity":2,"shipDate":"2026-11-24T17:45:10-05:00","complete":false},{"id":7,"petId":107,"quantity":12,"shipDate":"2026-12-01T00:00:00.000Z","complete":false},{"id":9007199254740992,"petId":9007199254740993,"quantity":1,"shipDate":"2026-12-24T23:59:59Z","complete":false},{"id":9007199254740993,"petId":9223372036854775806,"quantity":5,"shipDate":"2027-01-15T12:00:00.123456+05:30","complete":false},{"id":42,"petId":142,"quantity":1,"shipDate":"2026-10-30T09:15:00Z","complete":true},{"id":9223372036854775807,"petId":9223372036854775807,"quantity":4,"shipDate":"2026-09-01T06:00:00+00:00","complete":true}]';
const THREE_PER_10S: ReferenceServerOptions = { rateLimit: { limit: 3, windowSeconds: 10 } };

/** Four requests 1 s apart (the fourth refused), then one 7.5 s later: status, Remaining, Reset − now, Retry-After. */
async function limiterSequence(s: RunningReference, clock: FakeClock): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let i = 0; i < 5; i++) {
    const a = await call(s, '/store/orders');
    const reset = Number(a.headers['x-ratelimit-reset']) - Math.floor(clock.now / 1000);
    out.push([a.status, a.headers['x-ratelimit-remaining'], reset, a.headers['retry-after']]);
    clock.advance(i === 3 ? 7500 : 1000);
  }
  return out;
}

/** The fourth request of a 3-per-10 s window, from a clock that is not on a whole second. */
async function retryAfterOf(s: RunningReference): Promise<string | undefined> {
  for (let i = 0; i < 3; i++) await call(s, '/store/orders');
  return (await call(s, '/store/orders')).headers['retry-after'];
}

/** The default limiter: a fixed window opened by the first request (10:00:00.250 to 10:00:10.250). */
const STANDARD_SEQUENCE = [
  [200, '2', 11, undefined],
  [200, '1', 10, undefined],
  [200, '0', 9, undefined],
  [429, '0', 8, '7'],
  [200, '2', 11, undefined],
];

const cancelledIds = (s: RunningReference) =>
  s
    .orders()
    .filter((o) => o.status === 'cancelled')
    .map((o) => o.id);

export const VARIANT_CASES: VariantCase[] = [
  {
    id: 'retry-after-http-date',
    options: THREE_PER_10S,
    probe: retryAfterOf,
    standard: '10',
    // The fake clock starts at 10:00:00.250, so the window ends at 10:00:10.250, rounded up.
    variant: 'Sun, 22 Nov 2026 10:00:11 GMT',
  },
  {
    id: 'retry-after-rounded-up',
    options: THREE_PER_10S,
    probe: async (s, clock) => {
      clock.advance(600);
      return retryAfterOf(s);
    },
    // The window opened at .850 ends at 10:00:10.850: 10 s exactly, or 11 counted from whole seconds.
    standard: '10',
    variant: '11',
  },
  {
    id: 'limiter-epoch-window',
    options: THREE_PER_10S,
    probe: limiterSequence,
    standard: STANDARD_SEQUENCE,
    // Windows are [10:00:00, 10:00:10): Reset is 10 s from the start of the minute, whatever the first request.
    variant: [
      [200, '2', 10, undefined],
      [200, '1', 9, undefined],
      [200, '0', 8, undefined],
      [429, '0', 7, '7'],
      [200, '2', 10, undefined],
    ],
  },
  {
    id: 'limiter-sliding-log',
    options: THREE_PER_10S,
    probe: limiterSequence,
    standard: STANDARD_SEQUENCE,
    // Each served request counts for 10 s after it: at 10.75 s the first has left, the next two still
    // count, and Reset is when the oldest of them (1.25 s) leaves.
    variant: [
      [200, '2', 11, undefined],
      [200, '1', 10, undefined],
      [200, '0', 9, undefined],
      [429, '0', 8, '7'],
      [200, '0', 2, undefined],
    ],
  },
  {
    id: 'limiter-token-bucket',
    options: THREE_PER_10S,
    probe: limiterSequence,
    standard: STANDARD_SEQUENCE,
    // A token every 3.33 s: Reset is when the bucket is full again, Retry-After the wait for one token,
    // and Remaining rises between requests.
    variant: [
      [200, '2', 4, undefined],
      [200, '1', 6, undefined],
      [200, '0', 9, undefined],
      [429, '0', 8, '1'],
      [200, '2', 5, undefined],
    ],
  },
  {
    id: 'address-limit-separate',
    options: { rateLimit: { limit: 100, windowSeconds: 10 } },
    probe: async (s) => (await call(s, '/store/orders', { key: null })).headers['x-ratelimit-limit'],
    standard: '100',
    variant: '25',
  },
  {
    id: 'order-extra-fields',
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
  },
  {
    id: 'order-id-only',
    probe: async (s) => ((await call(s, '/store/orders')).json as unknown[])[0],
    standard: { id: 1n, petId: 101n, quantity: 1n, shipDate: '2026-11-22T10:00:00Z', complete: false },
    variant: { id: 1n },
  },
  {
    id: 'error-extra-fields',
    probe: async (s) => Object.keys((await call(s, '/store/orders/5', del)).json as object),
    standard: ['code', 'message', 'status'],
    variant: ['code', 'message', 'status', 'requestId', 'details'],
  },
  {
    id: 'json-charset',
    probe: async (s) => [
      (await call(s, '/store/orders')).headers['content-type'],
      (await call(s, '/store/orders/5', del)).headers['content-type'],
    ],
    standard: ['application/json', 'application/json'],
    variant: ['application/json; charset=utf-8', 'application/json; charset=utf-8'],
  },
  {
    id: 'malformed-id-404',
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
  },
  {
    id: 'leading-zeros-same-id',
    probe: async (s) => [
      (await call(s, '/store/orders/007', del)).status,
      (await call(s, '/store/orders/+3', del)).status,
      cancelledIds(s),
    ],
    standard: [400, 400, []],
    variant: [204, 400, ['7']],
  },
  {
    id: 'conflict-no-body',
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
  },
  {
    id: 'cancelled-removed',
    probe: async (s) => {
      await call(s, '/store/orders/1', del);
      const again = await call(s, '/store/orders/1', del);
      const ids = ((await call(s, '/store/orders')).json as Array<{ id: bigint }>).map((o) => o.id);
      return [again.status, ids.includes(1n)];
    },
    standard: [409, true],
    variant: [404, false],
  },
  {
    id: 'connection-close',
    probe: async (s) => (await call(s, '/store/orders')).headers.connection,
    standard: 'keep-alive',
    variant: 'close',
  },
  {
    id: 'chunked-list',
    probe: async (s) => {
      const a = await call(s, '/store/orders');
      return [a.headers['transfer-encoding'], a.headers['content-length'] !== undefined];
    },
    standard: [undefined, true],
    variant: ['chunked', false],
  },
  {
    id: 'header-case',
    probe: async (s) => {
      const raw = await rawExchange(
        s,
        'GET /v1/store/orders HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      return raw.match(/^(x-ratelimit-\w+|www-authenticate|content-type):/gim);
    },
    standard: [
      'X-RateLimit-Limit:',
      'X-RateLimit-Remaining:',
      'X-RateLimit-Reset:',
      'WWW-Authenticate:',
      'Content-Type:',
    ],
    variant: [
      'x-ratelimit-limit:',
      'X-RATELIMIT-REMAINING:',
      'x-ratelimit-reset:',
      'www-authenticate:',
      'content-type:',
    ],
  },
  {
    id: 'challenge-lower-case',
    probe: async (s) => (await call(s, '/store/orders', { key: null })).headers['www-authenticate'],
    standard: 'Bearer realm="order-store"',
    variant: 'bearer realm="order-store"',
  },
  {
    id: 'authorization-first-line',
    probe: async (s) =>
      (
        await call(s, '/store/orders', {
          key: null,
          headers: { authorization: [`Bearer ${s.demoKey}`, 'Bearer osc_not_a_key'] },
        })
      ).status,
    standard: 401,
    variant: 200,
  },
  {
    id: 'no-deprecation-headers',
    probe: async (s) => {
      const a = await call(s, '/pets/101');
      return [
        a.status,
        a.headers.deprecation !== undefined,
        a.headers.sunset !== undefined,
        a.headers.link !== undefined,
      ];
    },
    standard: [200, true, true, true],
    variant: [200, false, false, false],
  },
  {
    id: 'base-path-deep',
    probe: async (s) => [new URL(s.baseUrl).pathname, (await call(s, '/store/orders')).status],
    standard: ['/v1', 200],
    variant: ['/api/store/v1', 200],
  },
  {
    id: 'empty-store',
    probe: async (s) => [(await call(s, '/store/orders')).text, s.fixtures],
    standard: [
      DEFAULT_LIST,
      {
        pending: ['1', '2', '3', '7', '9007199254740992', '9007199254740993'],
        shipped: ['42', '9223372036854775807'],
      },
    ],
    variant: ['[]', { pending: [], shipped: [] }],
  },
  {
    id: 'large-store',
    probe: async (s) => [
      ((await call(s, '/store/orders')).json as unknown[]).length,
      s.fixtures.pending.length,
    ],
    standard: [8, 6],
    variant: [50_000, 6],
  },
];
