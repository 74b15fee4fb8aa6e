// HTTP tests of rate limiting (spec §8): headers on every response, 429, the ban, address buckets, atomicity.

import { afterEach, describe, expect, it } from 'vitest';
import { type Answer, burstStatuses, call, fakeClock, withServer } from '../test/support/reference-calls.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((close) => close()));
});

const rate = (a: Answer) => [
  a.headers['x-ratelimit-limit'],
  a.headers['x-ratelimit-remaining'],
  a.headers['x-ratelimit-reset'],
];

describe('X-RateLimit-* headers', () => {
  it('are on every response, 200 to 429 and pets, counting down one per request', async () => {
    const clock = fakeClock();
    const server = await withServer(cleanups, { clock: clock.read });
    const reset = String(Math.ceil((clock.now + 60_000) / 1000));
    const answers = [
      await call(server, '/store/orders'),
      await call(server, '/store/orders/1', { method: 'DELETE' }),
      await call(server, '/store/orders/x', { method: 'DELETE' }),
      await call(server, '/store/orders/5', { method: 'DELETE' }),
      await call(server, '/store/orders', { method: 'POST' }),
      await call(server, '/store/orders/42', { method: 'DELETE' }),
      await call(server, '/pets/101'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 204, 400, 404, 405, 409, 200]);
    expect(answers.map(rate)).toEqual(
      [59, 58, 57, 56, 55, 54, 53].map((remaining) => ['60', String(remaining), reset]),
    );
    const anonymous = await call(server, '/store/orders', { key: null });
    expect([anonymous.status, ...rate(anonymous)]).toEqual([401, '60', '59', reset]);
  });

  it('describe the binding window of two: the day window once it has less left', async () => {
    const clock = fakeClock();
    const start = clock.now;
    const server = await withServer(cleanups, {
      clock: clock.read,
      keys: [{ key: 'enterprise-key-0001', plan: 'enterprise' }],
      enterpriseLimits: { perMinute: 3, perDay: 4 },
    });
    const first = await call(server, '/store/orders');
    expect(rate(first)).toEqual(['3', '2', String(Math.ceil((start + 60_000) / 1000))]);
    const second = await call(server, '/store/orders');
    // minute 2 of 3 used, day 2 of 4: the minute window binds.
    expect(rate(second)).toEqual(['3', '1', String(Math.ceil((start + 60_000) / 1000))]);
    clock.advance(60_000);
    const third = await call(server, '/store/orders');
    // minute 1 of 3 used, day 3 of 4: the day window binds.
    expect(rate(third)).toEqual(['4', '1', String(Math.ceil((start + 86_400_000) / 1000))]);
    await call(server, '/store/orders');
    const refused = await call(server, '/store/orders');
    expect([refused.status, ...rate(refused), refused.headers['retry-after']]).toEqual([
      429,
      '4',
      '0',
      String(Math.ceil((start + 86_400_000) / 1000)),
      String(Math.ceil((start + 86_400_000 - clock.now) / 1000)),
    ]);
  });
});

describe('429 Too Many Requests', () => {
  it('refuses past the limit with RATE_LIMITED and Retry-After, consumes nothing, and resets', async () => {
    const clock = fakeClock();
    const start = clock.now;
    const server = await withServer(cleanups, {
      clock: clock.read,
      rateLimit: { limit: 5, windowSeconds: 2 },
    });
    const remaining: Array<string | undefined> = [];
    for (let i = 0; i < 5; i += 1)
      remaining.push((await call(server, '/store/orders')).headers['x-ratelimit-remaining']);
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    clock.advance(600);
    const refused = await call(server, '/store/orders/1', { method: 'DELETE' });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ code: 'RATE_LIMITED', message: expect.any(String), status: 429n });
    expect(refused.headers['content-type']).toBe('application/json');
    // 1.4 s left: delay-seconds round up; Reset rounds up the same instant.
    expect([...rate(refused), refused.headers['retry-after']]).toEqual([
      '5',
      '0',
      String(Math.ceil((start + 2000) / 1000)),
      '2',
    ]);
    expect(server.orders().find((o) => o.id === '1')?.status).toBe('pending');
    clock.advance(2000);
    const after = await call(server, '/store/orders');
    expect([after.status, after.headers['x-ratelimit-remaining']]).toEqual([200, '4']);
    expect(server.stats()).toEqual({ requests: 7, limited: 1, early: 0, bans: 0 });
  });

  it('a client that waits for Retry-After is served, never banned', async () => {
    const clock = fakeClock();
    const server = await withServer(cleanups, {
      clock: clock.read,
      rateLimit: { limit: 1, windowSeconds: 3 },
      banAfter: 1,
    });
    for (let round = 0; round < 3; round += 1) {
      expect((await call(server, '/store/orders')).status).toBe(200);
      clock.advance(250);
      const refused = await call(server, '/store/orders');
      expect(refused.status).toBe(429);
      clock.advance(Number(refused.headers['retry-after']) * 1000);
    }
    expect(server.stats()).toMatchObject({ limited: 3, early: 0, bans: 0 });
  });

  it('bans a key that keeps sending before Retry-After: KEY_BANNED for --ban seconds', async () => {
    const clock = fakeClock();
    const server = await withServer(cleanups, {
      clock: clock.read,
      rateLimit: { limit: 2, windowSeconds: 2 },
      banAfter: 3,
      banSeconds: 600,
    });
    await call(server, '/store/orders');
    await call(server, '/store/orders');
    const codes: unknown[] = [];
    for (let i = 0; i < 4; i += 1)
      codes.push(((await call(server, '/store/orders')).json as { code: string }).code);
    expect(codes).toEqual(['RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED', 'KEY_BANNED']);
    const banEnd = clock.now + 600_000;
    clock.advance(100_500);
    const banned = await call(server, '/store/orders');
    expect([banned.status, ...rate(banned), banned.headers['retry-after']]).toEqual([
      429,
      '2',
      '0',
      String(Math.ceil(banEnd / 1000)),
      String(Math.ceil((banEnd - clock.now) / 1000)),
    ]);
    expect(server.stats()).toEqual({ requests: 7, limited: 5, early: 3, bans: 1 });
    clock.now = banEnd;
    expect((await call(server, '/store/orders')).status).toBe(200);
  });
});

describe('unauthenticated callers', () => {
  it('are limited per address with the Free plan numbers, whatever credential they sent', async () => {
    const clock = fakeClock();
    const server = await withServer(cleanups, { clock: clock.read, banAfter: 1 });
    const sent = [undefined, 'Bearer nope-0000', 'Basic Zm9vOmJhcg=='];
    const statuses: number[] = [];
    for (let i = 0; i < 62; i += 1) {
      const authorization = sent[i % sent.length];
      const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
      statuses.push((await call(server, '/store/orders', { key: null, headers })).status);
    }
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(401));
    expect(statuses.slice(60)).toEqual([429, 429]);
    // The address bucket does not touch the key's, and an address is never banned.
    const keyed = await call(server, '/store/orders');
    expect([keyed.status, keyed.headers['x-ratelimit-remaining']]).toEqual([200, '59']);
    expect(server.stats()).toMatchObject({ bans: 0, early: 0 });
  });
});

describe('atomicity', () => {
  it('a burst of 200 concurrent requests never lets more than the limit through', async () => {
    const server = await withServer(cleanups, { rateLimit: { limit: 5, windowSeconds: 60 } });
    const statuses = await burstStatuses(server, 200);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(195);
  });
});
