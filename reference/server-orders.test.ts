// HTTP tests of listOrders and cancelOrder on the faithful server, over loopback.

import { afterEach, describe, expect, it } from 'vitest';
import { type Answer, call, rawExchange, withServer } from '../test/support/reference-calls.ts';
import { DEFAULT_PENDING_IDS, DEFAULT_SHIPPED_IDS, DEMO_KEY, startReferenceServer } from './server.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((close) => close()));
});

function expectError(answer: Answer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json');
  expect(answer.json).toEqual({ code, message: expect.any(String), status: BigInt(status) });
}

describe('GET /store/orders', () => {
  it('returns every order as a JSON array of exactly the Order fields, int64 exact', async () => {
    const server = await withServer(cleanups);
    const answer = await call(server, '/store/orders');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    const list = answer.json as Array<Record<string, unknown>>;
    expect(list.map((o) => String(o.id))).toEqual([...DEFAULT_PENDING_IDS, ...DEFAULT_SHIPPED_IDS]);
    expect(answer.text).toContain('"id":9007199254740993,');
    expect(answer.text).toContain('"id":9223372036854775807,');
    for (const order of list) {
      expect(Object.keys(order)).toEqual(['id', 'petId', 'quantity', 'shipDate', 'complete']);
      expect(typeof order.id).toBe('bigint');
      expect(typeof order.quantity).toBe('bigint');
      expect(order.shipDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
    }
    expect(list.find((o) => o.id === 42n)?.complete).toBe(true);
  });

  it('ignores query parameters: never narrows or pages', async () => {
    const server = await withServer(cleanups);
    const answer = await call(server, '/store/orders?limit=1&offset=2&status=shipped&page=3');
    expect((answer.json as unknown[]).length).toBe(8);
  });

  it('answers HEAD like GET, without a body', async () => {
    const server = await withServer(cleanups);
    const answer = await call(server, '/store/orders', { method: 'HEAD' });
    expect([answer.status, answer.text, answer.headers['content-type']]).toEqual([
      200,
      '',
      'application/json',
    ]);
  });

  it('serves a custom seed given as options', async () => {
    const server = await withServer(cleanups, {
      orders: [
        {
          id: '-9223372036854775808',
          petId: 5,
          quantity: 0,
          shipDate: '2026-01-01T00:00:00Z',
          complete: false,
          status: 'pending',
        },
        {
          id: 10n,
          petId: 6n,
          quantity: 2,
          shipDate: '2026-01-02T00:00:00+01:00',
          complete: true,
          status: 'shipped',
        },
      ],
    });
    expect(server.fixtures).toEqual({ pending: ['-9223372036854775808'], shipped: ['10'] });
    const answer = await call(server, '/store/orders');
    expect(answer.text).toBe(
      '[{"id":-9223372036854775808,"petId":5,"quantity":0,"shipDate":"2026-01-01T00:00:00Z","complete":false},' +
        '{"id":10,"petId":6,"quantity":2,"shipDate":"2026-01-02T00:00:00+01:00","complete":true}]',
    );
    expect((await call(server, '/store/orders/-9223372036854775808', { method: 'DELETE' })).status).toBe(204);
  });
});

describe('DELETE /store/orders/{orderId}', () => {
  it('cancels a pending order: 204, no body, no body headers; it stays listed; a second cancel is 409', async () => {
    const server = await withServer(cleanups);
    const answer = await call(server, '/store/orders/1', { method: 'DELETE' });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect(answer.headers['content-type']).toBeUndefined();
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(server.orders().find((o) => o.id === '1')?.status).toBe('cancelled');
    const list = await call(server, '/store/orders');
    expect((list.json as Array<{ id: bigint }>).some((o) => o.id === 1n)).toBe(true);
    expectError(await call(server, '/store/orders/1', { method: 'DELETE' }), 409, 'ORDER_NOT_PENDING');
  });

  it('refuses a shipped order with 409 ORDER_ALREADY_SHIPPED and changes nothing', async () => {
    const server = await withServer(cleanups);
    for (const id of DEFAULT_SHIPPED_IDS) {
      expectError(
        await call(server, `/store/orders/${id}`, { method: 'DELETE' }),
        409,
        'ORDER_ALREADY_SHIPPED',
      );
    }
    expect(
      server
        .orders()
        .filter((o) => o.status === 'shipped')
        .map((o) => o.id),
    ).toEqual([...DEFAULT_SHIPPED_IDS]);
  });

  it.each(['5', '0', '-1', '9223372036854775806', '-9223372036854775808'])(
    'answers 404 for the unknown id %s',
    async (id) => {
      const server = await withServer(cleanups);
      expectError(await call(server, `/store/orders/${id}`, { method: 'DELETE' }), 404, 'ORDER_NOT_FOUND');
    },
  );

  it('acts on exactly the id sent, above 2^53', async () => {
    const server = await withServer(cleanups);
    expect((await call(server, '/store/orders/9007199254740993', { method: 'DELETE' })).status).toBe(204);
    const states = Object.fromEntries(server.orders().map((o) => [o.id, o.status]));
    expect(states['9007199254740993']).toBe('cancelled');
    expect(states['9007199254740992']).toBe('pending');
  });

  it('accepts a percent-encoded canonical id', async () => {
    const server = await withServer(cleanups);
    expect((await call(server, '/store/orders/%37', { method: 'DELETE' })).status).toBe(204);
    expect(server.orders().find((o) => o.id === '7')?.status).toBe('cancelled');
  });

  it.each([
    ['empty', ''],
    ['letters', 'abc'],
    ['fraction', '1.5'],
    ['exponent', '1e3'],
    ['plus sign', '+1'],
    ['encoded plus', '%2B1'],
    ['negative zero', '-0'],
    ['leading zeros', '007'],
    ['hex', '0x10'],
    ['encoded space', '%201'],
    ['trailing space', '1%20'],
    ['tab', '%091'],
    ['2^63', '9223372036854775808'],
    ['2^64', '18446744073709551616'],
    ['below -2^63', '-9223372036854775809'],
    ['U+0663 arabic-indic three', '%D9%A3'],
    ['U+FF17 fullwidth seven', '%EF%BC%97'],
    ['bad escape', '%ZZ'],
    ['truncated escape', '%E2%82'],
    ['encoded slash', '1%2F2'],
    ['very long', '9'.repeat(5000)],
  ])('answers 400 INVALID_ORDER_ID for %s', async (_, raw) => {
    const server = await withServer(cleanups);
    expectError(await call(server, `/store/orders/${raw}`, { method: 'DELETE' }), 400, 'INVALID_ORDER_ID');
    expect(server.orders().every((o) => o.status !== 'cancelled')).toBe(true);
  });
});

describe('routing', () => {
  it('answers 404 NOT_FOUND for unknown routes and 405 with Allow for known ones', async () => {
    const server = await withServer(cleanups);
    for (const path of ['/store', '/store/orders/1/items', '/pets', '/orders']) {
      expectError(await call(server, path), 404, 'NOT_FOUND');
    }
    const outside = await call(server, '/../v2/store/orders');
    expect(outside.status).toBe(404);
    const post = await call(server, '/store/orders', { method: 'POST' });
    expectError(post, 405, 'METHOD_NOT_ALLOWED');
    expect(post.headers.allow).toBe('GET, HEAD');
    const get = await call(server, '/store/orders/1');
    expectError(get, 405, 'METHOD_NOT_ALLOWED');
    expect(get.headers.allow).toBe('DELETE');
  });

  it('answers a request line too long for the parser with a 431 Error body', async () => {
    const server = await withServer(cleanups);
    const answer = await call(server, `/store/orders/${'1'.repeat(70_000)}`, { method: 'DELETE' });
    expectError(answer, 431, 'HEADERS_TOO_LARGE');
    expect(answer.headers['x-ratelimit-limit']).toBe('60');
  });
});

describe('requests the HTTP parser refuses', () => {
  it('get a 400 Error body with the address limits, then the connection closes', async () => {
    const server = await withServer(cleanups);
    const raw = await rawExchange(server, 'NOT HTTP AT ALL\r\n\r\n');
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toMatch(/\r\nX-RateLimit-Remaining: 59\r\n/);
    expect(head).toMatch(/\r\nConnection: close/);
    expect(JSON.parse(body)).toEqual({ code: 'BAD_REQUEST', message: expect.any(String), status: 400 });
  });
});

describe('startReferenceServer options', () => {
  it('refuses unknown faults naming them and --list-faults', async () => {
    await expect(startReferenceServer({ faults: ['cancel-unknown-204', 'nope', 'nada'] })).rejects.toThrow(
      /"nope", "nada".*--list-faults/,
    );
  });

  it.each([
    [{ keys: [] }, /at least one/],
    [{ keys: [{ key: 'has space', plan: 'free' as const }] }, /token68/],
    [{ keys: [{ key: 'abc', plan: 'gold' as never }] }, /plan must be one of/],
    [{ rateLimit: { limit: 0, windowSeconds: 1 } }, /rateLimit.limit/],
    [{ banAfter: 1.5 }, /banAfter/],
    [
      {
        orders: [
          { id: 2 ** 53, petId: 1, quantity: 1, shipDate: 'x', complete: false, status: 'pending' as const },
        ],
      },
      /orders\[0\].id/,
    ],
  ])('refuses %j', async (options, message) => {
    await expect(startReferenceServer(options)).rejects.toThrow(message);
  });

  it('defaults to the demo key on the free plan, close() is idempotent', async () => {
    const server = await startReferenceServer();
    expect(server.demoKey).toBe(DEMO_KEY);
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    await Promise.all([server.close(), server.close()]);
  });

  it('logs each request without any credential', async () => {
    const lines: string[] = [];
    const server = await withServer(cleanups, { log: (line) => lines.push(line) });
    await call(server, `/store/orders?api_key=${server.demoKey}&x=1`);
    await call(server, '/store/orders', { key: 'wrong-key-value' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^GET \/v1\/store\/orders\?api_key=\[redacted\]&x=1 200 key\(free\) \d+ms$/);
    expect(lines.join('\n')).not.toContain(server.demoKey);
    expect(lines.join('\n')).not.toContain('wrong-key-value');
  });
});
