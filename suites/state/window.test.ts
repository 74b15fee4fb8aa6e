// The key's window as the answers received by each moment announced it: a recording reads "a window had
// passed" as the run did when it sent, not from answers that came later (a loaded run's later Resets read long).
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { keyWindow, keyWindowsBy } from './window.ts';

const T0 = 1_800_000_000_000;

/** A keyed answer received at `at` (local ms) whose Date reads `at` and whose Reset is `ahead` ms later. */
function answer(at: number, aheadMs: number): Exchange {
  return {
    seq: 0,
    bucket: 'primary',
    startedAt: new Date(at - 5).toISOString(),
    durationMs: 5,
    request: { method: 'GET', url: 'http://127.0.0.1/v1/store/orders', headers: {} },
    response: {
      status: 200,
      headers: {
        date: new Date(at).toUTCString(),
        'x-ratelimit-limit': '10',
        'x-ratelimit-remaining': '9',
        'x-ratelimit-reset': String((at + aheadMs) / 1000),
      },
      body: '[]',
      bodyBytes: 2,
      bodyTruncated: false,
    },
  } as unknown as Exchange;
}

describe('keyWindowsBy', () => {
  it('reads the window from the answers before a moment, as the run knew it then', () => {
    const xs = [answer(T0, 5_000), answer(T0 + 1_000, 4_000), answer(T0 + 7_000, 6_000)];
    const at = keyWindowsBy(xs);
    expect(at(T0 - 1).source).toBe('the spec minute');
    expect(at(T0 + 500).ms).toBe(5_000);
    expect(at(T0 + 6_500).ms).toBe(5_000);
    // Only once the longer announcement has come does it count; the whole recording reads it from the start.
    expect(at(T0 + 7_000).ms).toBe(6_000);
    expect(keyWindow(xs).ms).toBe(6_000);
  });
});
