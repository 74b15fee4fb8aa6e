// What a passive run keeps of each recorded exchange stays small whatever the recording holds: no body text
// past the transcript's cap (the whole body is read once, as it arrives), and one copy of what recurs (the
// same request, the same header lines). A structural guard of the judge's memory per exchange, not a figure.
import { describe, expect, it } from 'vitest';
import type { RecordedEntry } from '../../lib/formats/har.ts';
import { Redactor } from '../../lib/http/redact.ts';
import { rawOf } from '../../lib/http/transcript.ts';
import { loadTraffic, RECORDED_BODY_BYTES } from '../../suites/kit/traffic-load.ts';

const BASE = 'https://api.example.com/v1';

/** A list of `n` orders as a client recorded it, whole. */
function listEntry(at: number, n: number): RecordedEntry {
  const orders = Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    petId: 7,
    quantity: 1,
    shipDate: '2026-11-22T10:00:00Z',
    complete: false,
  }));
  const body = Buffer.from(JSON.stringify(orders));
  return {
    source: `recording#${at}`,
    startedMs: Date.UTC(2026, 10, 22, 10) + at * 10,
    durationMs: 3,
    method: 'GET',
    url: `${BASE}/store/orders`,
    requestHeaders: [
      ['host', 'api.example.com'],
      ['authorization', 'Bearer osk_live_0123456789abcdefABCDEF'],
    ],
    status: 200,
    responseHeaders: [
      ['content-type', 'application/json'],
      ['x-ratelimit-limit', '1000'],
    ],
    body,
    bodyBytes: body.length,
    bodyWhole: true,
    ours: {},
  };
}

describe('a recorded exchange as the passive run keeps it', () => {
  it('holds no body text past the cap, and one copy of a recurring request and header lines', () => {
    // Lists of some 100 KiB each, six times the cap.
    const entries = Array.from({ length: 20 }, (_, i) => listEntry(i, 1500));
    expect(entries[0]!.body!.length).toBeGreaterThan(6 * RECORDED_BODY_BYTES);
    const loaded = loadTraffic({ entries, baseUrl: BASE, redactor: new Redactor() });
    const xs = loaded.transcript.all();
    expect(xs).toHaveLength(20);
    for (const x of xs) {
      const r = x.response!;
      expect(r.body.length).toBeLessThanOrEqual(RECORDED_BODY_BYTES);
      expect(rawOf(r).body.length).toBeLessThanOrEqual(RECORDED_BODY_BYTES);
      expect(r.bodyTruncated).toBe(true);
      expect(r.bodyBytes).toBe(entries[0]!.body!.length);
      // Recurring values are one copy, not one each.
      expect(x.request).toBe(xs[0]!.request);
      expect(r.headers).toBe(xs[0]!.response!.headers);
      expect(r.body).toBe(xs[0]!.response!.body);
    }
    // The whole body was still read as it arrived: its findings are known, shared by every equal body.
    expect(loaded.listBodies.bodies).toHaveLength(20);
    expect(loaded.listBodies.findingsOf(xs[19]!)).toBe(loaded.listBodies.findingsOf(xs[0]!));
    expect(loaded.listBodies.sameBytes(xs[0]!, xs[19]!)).toBe(true);
  });
});
