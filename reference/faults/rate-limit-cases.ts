// Fault cases for the X-RateLimit-* headers and the 429 behaviour (spec §8), on a fake clock.
// Test support only: each probe is the smallest exchange that tells the fault from the faithful server.

import type { RunningReference } from '../server.ts';
import { type Answer, burstStatuses, call, fakeClock } from '../test-helpers.ts';
import type { FaultCase } from './fault-case.ts';

const START = fakeClock().now;
const TWO_PER_MINUTE = { rateLimit: { limit: 2, windowSeconds: 60 } };

async function calls(server: RunningReference, n: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < n; i += 1) answers.push(await call(server, '/store/orders'));
  return answers;
}

async function burst(server: RunningReference, n: number): Promise<number> {
  return (await burstStatuses(server, n)).filter((s) => s === 200).length;
}

export const RATE_LIMIT_CASES: FaultCase[] = [
  {
    id: 'ratelimit-headers-missing-on-errors',
    probe: async (s) => [
      (await call(s, '/store/orders')).headers['x-ratelimit-limit'],
      (await call(s, '/nowhere')).headers['x-ratelimit-remaining'],
      (await call(s, '/store/orders', { key: null })).headers['x-ratelimit-reset'],
    ],
    faithful: ['60', '58', String(Math.ceil((START + 60_000) / 1000))],
    faulty: ['60', undefined, undefined],
  },
  {
    id: 'ratelimit-headers-missing-on-404',
    probe: async (s) => [
      (await call(s, '/store/orders')).headers['x-ratelimit-limit'],
      (await call(s, '/nowhere')).headers['x-ratelimit-remaining'],
      (await call(s, '/store/orders/x', { method: 'DELETE' })).headers['x-ratelimit-remaining'],
    ],
    faithful: ['60', '58', '57'],
    faulty: ['60', undefined, '57'],
  },
  {
    id: 'ratelimit-reset-ms',
    probe: async (s) => (await call(s, '/store/orders')).headers['x-ratelimit-reset'],
    faithful: String(Math.ceil((START + 60_000) / 1000)),
    faulty: String(START + 60_000),
  },
  {
    id: 'ratelimit-reset-delta',
    probe: async (s) => (await call(s, '/store/orders')).headers['x-ratelimit-reset'],
    faithful: String(Math.ceil((START + 60_000) / 1000)),
    faulty: '60',
  },
  {
    id: 'ratelimit-reset-rolling',
    probe: async (s, clock) => {
      const first = (await call(s, '/store/orders')).headers['x-ratelimit-reset'];
      clock.advance(5000);
      return [first, (await call(s, '/store/orders')).headers['x-ratelimit-reset']];
    },
    faithful: [String(Math.ceil((START + 60_000) / 1000)), String(Math.ceil((START + 60_000) / 1000))],
    faulty: [String(Math.ceil((START + 60_000) / 1000)), String(Math.ceil((START + 65_000) / 1000))],
  },
  {
    id: 'ratelimit-reset-frozen',
    probe: async (s, clock) => {
      await call(s, '/store/orders');
      clock.advance(61_000);
      return (await call(s, '/store/orders')).headers['x-ratelimit-reset'];
    },
    faithful: String(Math.ceil((START + 121_000) / 1000)),
    faulty: String(Math.ceil((START + 60_000) / 1000)),
  },
  {
    id: 'ratelimit-limit-by-status',
    probe: async (s) => [
      (await call(s, '/store/orders')).headers['x-ratelimit-limit'],
      (await call(s, '/nowhere')).headers['x-ratelimit-limit'],
    ],
    faithful: ['60', '60'],
    faulty: ['60', '120'],
  },
  {
    id: 'ratelimit-limit-fixed-100',
    probe: async (s) => (await call(s, '/store/orders')).headers['x-ratelimit-limit'],
    faithful: '60',
    faulty: '100',
  },
  {
    id: 'ratelimit-429-body-text',
    options: TWO_PER_MINUTE,
    probe: async (s) => (await calls(s, 3))[2]!.headers['content-type'],
    faithful: 'application/json',
    faulty: 'text/plain; charset=utf-8',
  },
  {
    id: 'ratelimit-remaining-stuck',
    options: TWO_PER_MINUTE,
    probe: async (s) => (await calls(s, 3)).map((a) => [a.status, a.headers['x-ratelimit-remaining']]),
    faithful: [
      [200, '1'],
      [200, '0'],
      [429, '0'],
    ],
    faulty: [
      [200, '2'],
      [200, '2'],
      [429, '2'],
    ],
  },
  {
    id: 'ratelimit-remaining-negative',
    options: TWO_PER_MINUTE,
    probe: async (s) => (await calls(s, 4)).map((a) => a.headers['x-ratelimit-remaining']),
    faithful: ['1', '0', '0', '0'],
    faulty: ['1', '0', '-1', '-2'],
  },
  {
    id: 'ratelimit-never-limits',
    options: TWO_PER_MINUTE,
    probe: async (s) => (await calls(s, 4)).map((a) => [a.status, a.headers['x-ratelimit-remaining']]),
    faithful: [
      [200, '1'],
      [200, '0'],
      [429, '0'],
      [429, '0'],
    ],
    faulty: [
      [200, '1'],
      [200, '0'],
      [200, '0'],
      [200, '0'],
    ],
  },
  {
    id: 'ratelimit-off-by-one',
    options: TWO_PER_MINUTE,
    probe: async (s) => (await calls(s, 4)).map((a) => a.status),
    faithful: [200, 200, 429, 429],
    faulty: [200, 200, 200, 429],
  },
  {
    id: 'ratelimit-no-retry-after',
    options: TWO_PER_MINUTE,
    probe: async (s) => (await calls(s, 3)).map((a) => a.headers['retry-after']),
    faithful: [undefined, undefined, '60'],
    faulty: [undefined, undefined, undefined],
  },
  {
    id: 'ratelimit-retry-after-inconsistent',
    options: TWO_PER_MINUTE,
    probe: async (s, clock) => {
      await calls(s, 2);
      clock.advance(20_000);
      const refused = await call(s, '/store/orders');
      return [refused.headers['retry-after'], refused.headers['x-ratelimit-reset']];
    },
    faithful: ['40', String(Math.ceil((START + 60_000) / 1000))],
    faulty: ['40000', String(Math.ceil((START + 60_000) / 1000))],
  },
  {
    id: 'ratelimit-retry-after-short',
    options: TWO_PER_MINUTE,
    probe: async (s, clock) => {
      const refused = (await calls(s, 3))[2]!;
      clock.advance(1000);
      return [refused.headers['retry-after'], (await call(s, '/store/orders')).status];
    },
    faithful: ['60', 429],
    faulty: ['1', 429],
  },
  {
    id: 'ratelimit-not-atomic',
    options: { rateLimit: { limit: 5, windowSeconds: 60 } },
    probe: async (s) => (await burst(s, 200)) > 5,
    faithful: false,
    faulty: true,
  },
  {
    id: 'ratelimit-window-never-resets',
    options: { rateLimit: { limit: 1, windowSeconds: 2 } },
    probe: async (s, clock) => {
      const before = await calls(s, 2);
      clock.advance(2000);
      const after = await call(s, '/store/orders');
      const advanced =
        Number(after.headers['x-ratelimit-reset']) > Number(before[1]?.headers['x-ratelimit-reset']);
      return [[...before, after].map((a) => a.status), advanced];
    },
    faithful: [[200, 429, 200], true],
    faulty: [[200, 429, 429], true],
  },
];
