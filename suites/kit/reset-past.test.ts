// A Reset that names a moment already past (a window's start) on many of a key's answers is told apart from one
// ahead of them, and from a single late answer near a window's end.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { pastResets } from './reset-past.ts';

const BASE = 'http://127.0.0.1:9/v1';
const T0 = 1_795_700_000_000;

/** One list request every 100 ms, each answered with the Reset `resetOf(i)` (Unix seconds). */
function run(n: number, resetOf: (i: number) => number): Exchange[] {
  return Array.from({ length: n }, (_, i) => ({
    seq: i + 1,
    bucket: 'primary' as const,
    startedAt: new Date(T0 + i * 100).toISOString(),
    durationMs: 2,
    request: { method: 'GET', url: `${BASE}/store/orders`, headers: {} },
    response: {
      status: 200,
      headers: {
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': String(59 - i),
        'x-ratelimit-reset': String(resetOf(i)),
      },
      body: '',
      bodyBytes: 0,
      bodyTruncated: false,
    },
  }));
}

describe('pastResets', () => {
  it("says so when most answers name a moment already past (the window's start)", () => {
    expect(
      pastResets(
        run(5, () => T0 / 1000 - 30),
        BASE,
      ),
    ).toEqual({ past: 5, of: 5 });
  });

  it("is silent on a window's end ahead, and on one answer that came as its window ended", () => {
    expect(
      pastResets(
        run(5, () => T0 / 1000 + 30),
        BASE,
      ),
    ).toBeUndefined();
    expect(
      pastResets(
        run(5, (i) => (i === 4 ? T0 / 1000 - 2 : T0 / 1000 + 30)),
        BASE,
      ),
    ).toBeUndefined();
  });
});
