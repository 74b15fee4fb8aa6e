// Requests the run sent together (a race, a burst) read as no Remaining step, however fast the server answered
// them: their answers come back counted in another order than sent. Synthetic exchanges; nothing is sent.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { readBuckets, unruled } from './limiter-counts.ts';
import { keyRequests } from './limiter-requests.ts';

const BASE = 'http://127.0.0.1:9/v1';
const RESET = 1_795_700_000;
const T0 = (RESET - 30) * 1000;

/** One exchange with the key: `at` ms after T0, answered in `took` ms, sent together with `together`'s others. */
function x(
  seq: number,
  method: string,
  path: string,
  remaining: number,
  at: number,
  took = 2,
  together?: number,
): Exchange {
  return {
    seq,
    bucket: 'primary',
    startedAt: new Date(T0 + at).toISOString(),
    durationMs: took,
    ...(together !== undefined ? { together } : {}),
    request: { method, url: `${BASE}${path}`, headers: {} },
    response: {
      status: 200,
      headers: {
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': String(remaining),
        'x-ratelimit-reset': String(RESET),
      },
      body: '',
      bodyBytes: 0,
      bodyTruncated: false,
    },
  } as Exchange;
}

describe('requests sent together', () => {
  it('read no step, however fast the server answered them', () => {
    // Recorded on go-nethttp: two cancels and a list sent at one moment, each answered within a millisecond
    // (no overlap a millisecond clock shows), counted in another order than sent: 52, 53, then 51.
    const xs = [
      x(1, 'GET', '/store/orders', 56, 0),
      x(2, 'DELETE', '/store/orders/1', 55, 10),
      x(3, 'DELETE', '/store/orders/5', 54, 20),
      x(4, 'DELETE', '/store/orders/1000', 52, 100, 1, 3),
      x(5, 'DELETE', '/store/orders/1000', 53, 100, 1, 3),
      x(6, 'GET', '/store/orders', 51, 100, 1, 3),
      x(7, 'GET', '/store/orders', 50, 110),
    ];
    const steps = readBuckets(keyRequests(xs, '/v1')).steps;
    expect(unruled(steps)).toEqual([]);
    expect(steps.map((p) => p.r.remaining)).toEqual([55, 54]);
  });
});
