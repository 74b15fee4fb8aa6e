// The key's window as the run's answers announce it: the longest Reset ahead, at most a minute, and the
// minute when nothing usable was announced. Pure; built on hand-made exchanges.
import { describe, expect, it } from 'vitest';
import type { Bucket, Exchange } from '../../lib/http/transcript.ts';
import { keyWindow, keyWindowsBy, MINUTE_MS, windowPassed } from './key-window.ts';

const AT = Date.UTC(2026, 10, 26, 12, 0, 0, 0);

function answer(bucket: Bucket, status: number, reset: string | undefined, offsetMs = 0): Exchange {
  return {
    seq: 1,
    bucket,
    startedAt: new Date(AT + offsetMs).toISOString(),
    durationMs: 0,
    request: { method: 'GET', url: 'http://127.0.0.1/v1/store/orders', headers: {} },
    response: {
      status,
      headers: {
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '10',
        ...(reset !== undefined ? { 'x-ratelimit-reset': reset } : {}),
      },
      body: '',
      bodyBytes: 0,
      bodyTruncated: false,
    },
  };
}

const seconds = (ms: number) => String((AT + ms) / 1000);

describe('keyWindow', () => {
  it("takes the longest Reset ahead of the key's own answers", () => {
    const w = keyWindow([
      answer('primary', 200, seconds(10_000)),
      answer('primary', 204, seconds(10_000), 4000),
    ]);
    expect(w).toEqual({ ms: 10_000, source: 'announced' });
    expect(windowPassed(AT, w)).toBe(AT + 11_000);
  });

  it("reads neither the address's answers nor a 401; the minute when the key's answers announce nothing", () => {
    const w = keyWindow([
      answer('anonymous', 401, seconds(30_000)),
      answer('primary', 401, seconds(30_000)),
      answer('primary', 200, undefined),
    ]);
    expect(w).toEqual({ ms: MINUTE_MS, source: 'the spec minute' });
  });

  it('reads a Reset in the wrong unit (a delta, milliseconds) for its moment all the same', () => {
    expect(keyWindow([answer('primary', 200, '12')])).toEqual({ ms: 12_000, source: 'announced' });
    expect(keyWindow([answer('primary', 200, String(AT + 7_000))])).toEqual({
      ms: 7_000,
      source: 'announced',
    });
  });

  it('waits for no window longer than the minute (a daily Reset)', () => {
    expect(keyWindow([answer('primary', 200, seconds(86_000_000))]).ms).toBe(MINUTE_MS);
  });
});

// The window as the answers received by each moment announced it: a recording reads "a window had passed" as
// the run did when it sent, not from answers that came later (a loaded run's later Resets read longer).
const T0 = 1_800_000_000_000;

/** A keyed answer received at `at` (local ms) whose Date reads `at` and whose Reset is `ahead` ms later. */
function keyed(at: number, aheadMs: number): Exchange {
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
    const xs = [keyed(T0, 5_000), keyed(T0 + 1_000, 4_000), keyed(T0 + 7_000, 6_000)];
    const at = keyWindowsBy(xs);
    expect(at(T0 - 1).source).toBe('the spec minute');
    expect(at(T0 + 500).ms).toBe(5_000);
    expect(at(T0 + 6_500).ms).toBe(5_000);
    // Only once the longer announcement has come does it count; the whole recording reads it from the start.
    expect(at(T0 + 7_000).ms).toBe(6_000);
    expect(keyWindow(xs).ms).toBe(6_000);
  });
});

describe('one reading of the answers per array', () => {
  it('reads an array again once it has grown, and agrees with keyWindow over answers out of order', () => {
    // Answers recorded out of the order they came in: the window by a moment counts only those in by then.
    const xs = [keyed(T0 + 7_000, 6_000), keyed(T0, 5_000), keyed(T0 + 1_000, 9_000)];
    expect(keyWindow(xs).ms).toBe(9_000);
    const at = keyWindowsBy(xs);
    expect([at(T0).ms, at(T0 + 1_000).ms, at(T0 + 8_000).ms]).toEqual([5_000, 9_000, 9_000]);
    xs.push(keyed(T0 + 9_000, 20_000));
    expect(keyWindow(xs).ms).toBe(20_000);
    expect(keyWindowsBy(xs)(T0 + 8_000).ms).toBe(9_000);
    expect(keyWindowsBy(xs)(T0 + 9_000).ms).toBe(20_000);
  });

  it('reads no window from an empty array, nor from answers that announce nothing ahead', () => {
    expect(keyWindow([])).toEqual({ ms: MINUTE_MS, source: 'the spec minute' });
    expect(keyWindowsBy([keyed(T0, -3_000)])(T0 + 1).source).toBe('the spec minute');
  });
});
