// The key's requests served while its count stood spent: a list replayed from a cache (its Remaining and
// Reset repeated) or a placeholder at the Limit reads as counted by nothing, a count of its own as apart; a
// token that came back (Remaining 0 on the served answer) or a window that turned is no such request.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { routeRepeats, servedWhileSpent } from './limiter-spent.ts';

const BASE = 'http://127.0.0.1:9/v1';
const RESET = 1_795_700_000;
const T0 = (RESET - 30) * 1000;

interface Sent {
  method?: string;
  path: string;
  remaining: number;
  status?: number;
  reset?: number;
  /** When it was sent, ms after the first (one every 10 ms unless said), and how long it took. */
  at?: number;
  took?: number;
}

function run(...sent: Sent[]): Exchange[] {
  return sent.map((s, i) => ({
    seq: i + 1,
    bucket: 'primary',
    startedAt: new Date(T0 + (s.at ?? i * 10)).toISOString(),
    durationMs: s.took ?? 2,
    request: { method: s.method ?? 'GET', url: `${BASE}${s.path}`, headers: {} },
    response: {
      status: s.status ?? 200,
      headers: {
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': String(s.remaining),
        'x-ratelimit-reset': String(s.reset ?? RESET),
      },
      body: '',
      bodyBytes: 0,
      bodyTruncated: false,
    },
  }));
}

const del = (remaining: number, more: Partial<Sent> = {}): Sent => ({
  method: 'DELETE',
  path: '/store/orders/987654',
  remaining,
  status: 404,
  ...more,
});
const list = (remaining: number, more: Partial<Sent> = {}): Sent => ({
  path: '/store/orders',
  remaining,
  ...more,
});

describe('servedWhileSpent', () => {
  it('reads a list replayed from a cache between a Remaining 0 and the 429 as counted by nothing', () => {
    const x = run(list(59), del(58), list(59), del(1), del(0), list(59), del(0, { status: 429 }));
    const found = servedWhileSpent(x, BASE);
    expect(found).toHaveLength(1);
    expect(found[0]!.served.x.seq).toBe(6);
    expect(found[0]!.uncounted).toMatch(/repeat those of the previous GET \/store\/orders \(#3\)/);
    expect(routeRepeats(x, BASE, 'GET /store/orders')).toBe(true);
  });

  it('reads the list sent after the last few went together, once every one of them was answered', () => {
    const group = [del(1, { at: 20, took: 8 }), del(0, { at: 20, took: 9 })];
    const x = run(
      list(59),
      list(59, { at: 10 }),
      ...group,
      list(59, { at: 40 }),
      del(0, { status: 429, at: 50 }),
    );
    expect(servedWhileSpent(x, BASE)[0]?.served.x.seq).toBe(5);
    const early = [del(1, { at: 20, took: 30 }), del(0, { at: 20, took: 9 })];
    const y = run(
      list(59),
      list(59, { at: 10 }),
      ...early,
      list(59, { at: 40 }),
      del(0, { status: 429, at: 60 }),
    );
    expect(servedWhileSpent(y, BASE)).toEqual([]);
  });

  it('reads a placeholder Remaining at the Limit as counted by nothing', () => {
    const x = run(list(1), list(0), del(60, { status: 204 }), list(0, { status: 429 }));
    expect(servedWhileSpent(x, BASE)[0]?.uncounted).toMatch(/whole Limit 60/);
  });

  it('reads a count of its own (per route) as served apart, not uncounted', () => {
    const x = run(list(50), del(1), del(0), list(49), del(0, { status: 429 }));
    const found = servedWhileSpent(x, BASE);
    expect(found).toHaveLength(1);
    expect(found[0]!.uncounted).toBeUndefined();
    expect(routeRepeats(x, BASE, 'GET /store/orders')).toBe(false);
  });

  it('finds nothing on one count per key: the list refused, a token spent, or a window turned', () => {
    expect(servedWhileSpent(run(list(59), del(1), del(0), list(0, { status: 429 })), BASE)).toEqual([]);
    expect(servedWhileSpent(run(list(59), del(1), del(0), list(0), del(0, { status: 429 })), BASE)).toEqual(
      [],
    );
    const turned = run(
      list(59),
      del(0),
      list(59, { reset: RESET + 60 }),
      del(0, { status: 429, reset: RESET + 60 }),
    );
    expect(servedWhileSpent(turned, BASE)).toEqual([]);
    expect(routeRepeats(run(list(59), del(58), list(57), del(56), list(55)), BASE, 'GET /store/orders')).toBe(
      false,
    );
  });
});
