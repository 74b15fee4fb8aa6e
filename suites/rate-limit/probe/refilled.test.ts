// Unit tests of whether the held fixture's cancel, served past Remaining 0, was the walk's count refilled (a
// token bucket under a slow round trip) or a count of its own. Synthetic samples shaped as the zoo's node-http
// over TLS answered them; nothing is sent.
import { describe, expect, it } from 'vitest';
import { sample, T0 } from '../../../test/support/probe-records.ts';
import type { Sample } from './record.ts';
import { refilledSince } from './refill.ts';

/** An answer read at `at` after `durationMs` on the wire, Limit 60, Reset 6.5 s after T0, the server's Date. */
function answer(n: number, at: number, durationMs: number, remaining: number): Sample {
  const s = sample(
    n,
    n === 0 ? 404 : 204,
    {
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(T0 / 1000 + 7),
      date: new Date(Math.floor(at / 1000) * 1000).toUTCString(),
    },
    at,
  );
  Object.assign(s.response.exchange, { durationMs });
  return s;
}

describe("the held fixture's cancel served past Remaining 0", () => {
  // Recorded on node-http/https-deep-path at load 6-14: the walk's #130 said 0, the cancel #131 was served
  // 143 ms after #130 left and said 1 (two tokens back at 10 a second): the walk's own count, refilled.
  const prev = answer(0, T0 + 505, 29, 0);

  it('saying what a refill at the rate its headers allow gives back is the walk count', () => {
    expect(refilledSince(prev, answer(1, T0 + 619, 79, 1))).toBe(true);
  });

  it('saying a fresh count (Limit − 1) is a count of its own', () => {
    expect(refilledSince(prev, answer(1, T0 + 619, 79, 59))).toBe(false);
  });

  it('decides nothing without a Reset moment far enough ahead to bound the rate', () => {
    const late = answer(0, T0 + 5500, 29, 0);
    expect(refilledSince(late, answer(1, T0 + 5600, 79, 1))).toBe(false);
  });
});
