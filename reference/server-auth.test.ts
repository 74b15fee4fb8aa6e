// HTTP tests of bearer auth (spec §5) and the deprecated pets read (spec §9 rule 3) on the faithful server.

import { afterEach, describe, expect, it } from 'vitest';
import { call, withServer } from '../test/support/reference-calls.ts';
import { DEMO_KEY } from './server.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((close) => close()));
});

const CHALLENGE = 'Bearer realm="order-store"';
const INVALID = 'Bearer realm="order-store", error="invalid_token"';

describe('bearer auth', () => {
  it.each([
    ['no header', undefined, CHALLENGE],
    ['empty value', '', CHALLENGE],
    ['scheme only', 'Bearer', CHALLENGE],
    ['unknown key', 'Bearer osk_not_a_real_key_123', INVALID],
    ['key with a typo', `Bearer ${DEMO_KEY}x`, INVALID],
    ['two tokens', `Bearer ${DEMO_KEY} ${DEMO_KEY}`, INVALID],
    ['another scheme', `Basic ${Buffer.from(`user:${DEMO_KEY}`).toString('base64')}`, CHALLENGE],
    ['token scheme', `Token ${DEMO_KEY}`, CHALLENGE],
    ['tab separator', `Bearer\t${DEMO_KEY}`, CHALLENGE],
    ['key without scheme', DEMO_KEY, CHALLENGE],
  ])('%s → 401 UNAUTHORIZED with the Bearer challenge', async (_, authorization, challenge) => {
    const server = await withServer(cleanups);
    const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
    const answer = await call(server, '/store/orders', { key: null, headers });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe(challenge);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.json).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String), status: 401n });
  });

  it('refuses the key sent only as a query parameter', async () => {
    const server = await withServer(cleanups);
    const answer = await call(server, `/store/orders?api_key=${DEMO_KEY}&access_token=${DEMO_KEY}`, {
      key: null,
    });
    expect(answer.status).toBe(401);
  });

  it('refuses two Authorization headers, even when both carry the key', async () => {
    const server = await withServer(cleanups);
    const twice = [`Bearer ${DEMO_KEY}`, `Bearer ${DEMO_KEY}`];
    expect(
      (await call(server, '/store/orders', { key: null, headers: { authorization: twice } })).status,
    ).toBe(401);
  });

  it.each(['bearer', 'BEARER', 'bEaReR', 'Bearer  '])(
    'accepts the scheme spelled "%s" (RFC 9110 §11.1, 1*SP)',
    async (scheme) => {
      const server = await withServer(cleanups);
      const answer = await call(server, '/store/orders', {
        key: null,
        headers: { authorization: `${scheme} ${DEMO_KEY}` },
      });
      expect(answer.status).toBe(200);
    },
  );

  it('accepts every configured key, each on its plan', async () => {
    const server = await withServer(cleanups, {
      keys: [
        { key: 'k-free-0123456789', plan: 'free' },
        { key: 'k-pro-0123456789', plan: 'pro' },
        { key: 'k-biz-0123456789', plan: 'business' },
        { key: 'k-ent-0123456789', plan: 'enterprise' },
      ],
      enterpriseLimits: { perMinute: 77, perDay: 7777 },
    });
    expect(server.demoKey).toBe('k-free-0123456789');
    const limits: string[] = [];
    for (const key of ['k-free-0123456789', 'k-pro-0123456789', 'k-biz-0123456789', 'k-ent-0123456789']) {
      limits.push((await call(server, '/store/orders', { key })).headers['x-ratelimit-limit'] ?? '');
    }
    expect(limits).toEqual(['60', '300', '1000', '77']);
    expect((await call(server, '/store/orders', { key: DEMO_KEY })).status).toBe(401);
  });

  it('checks auth before anything: an unauthenticated caller never learns whether an order or route exists', async () => {
    const server = await withServer(cleanups);
    const probes: Array<[string, string]> = [
      ['DELETE', '/store/orders/5'],
      ['DELETE', '/store/orders/42'],
      ['DELETE', '/store/orders/1'],
      ['DELETE', '/store/orders/abc'],
      ['GET', '/no/such/route'],
      ['PUT', '/store/orders'],
      ['GET', '/pets/101'],
      ['GET', '/pets/999'],
    ];
    const statuses = [];
    for (const [method, path] of probes)
      statuses.push((await call(server, path, { method, key: null })).status);
    expect(statuses).toEqual(probes.map(() => 401));
    expect(server.orders().every((o) => o.status !== 'cancelled')).toBe(true);
  });
});

describe('GET /pets/{petId} (deprecated)', () => {
  function expectDeprecation(headers: Record<string, string | undefined>) {
    expect(headers.deprecation).toMatch(/^@\d+$/);
    expect(headers.sunset).toBe('Wed, 30 Jun 2027 23:59:59 GMT');
    expect(Date.parse(headers.sunset ?? '')).toBeGreaterThan(Number(headers.deprecation?.slice(1)) * 1000);
    expect(headers.link).toBe('<https://example.invalid/docs/deprecations#pets>; rel="sunset"');
  }

  it('answers a pet named in an order, int64 exact, with the deprecation headers', async () => {
    const server = await withServer(cleanups);
    const answer = await call(server, '/pets/9223372036854775806');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ id: 9223372036854775806n, name: expect.any(String), status: 'available' });
    expectDeprecation(answer.headers);
  });

  it.each([
    ['unknown pet', '/pets/5', 404, 'PET_NOT_FOUND'],
    ['malformed id', '/pets/1.5', 400, 'INVALID_PET_ID'],
    ['empty id', '/pets/', 400, 'INVALID_PET_ID'],
  ])('%s → %i %s, still with the deprecation headers', async (_, path, status, code) => {
    const server = await withServer(cleanups);
    const answer = await call(server, path);
    expect(answer.status).toBe(status);
    expect(answer.json).toEqual({ code, message: expect.any(String), status: BigInt(status) });
    expectDeprecation(answer.headers);
  });

  it('carries the deprecation headers on 401 and 405 too, and stays behind auth', async () => {
    const server = await withServer(cleanups);
    const unauthenticated = await call(server, '/pets/101', { key: null });
    expect(unauthenticated.status).toBe(401);
    expectDeprecation(unauthenticated.headers);
    const wrongMethod = await call(server, '/pets/101', { method: 'DELETE' });
    expect([wrongMethod.status, wrongMethod.headers.allow]).toEqual([405, 'GET, HEAD']);
    expectDeprecation(wrongMethod.headers);
  });

  it('keeps the deprecation headers off the order routes', async () => {
    const server = await withServer(cleanups);
    const answer = await call(server, '/store/orders');
    expect([answer.headers.deprecation, answer.headers.sunset, answer.headers.link]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
