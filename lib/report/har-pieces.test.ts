import { describe, expect, it } from 'vitest';
import { Transcript } from '../http/transcript.ts';
import { harPieces, harText } from './har.ts';

describe('harPieces', () => {
  it('writes the very text harText does, piece by piece', () => {
    const t = new Transcript();
    const creator = { name: 'order-store-conformance', version: '0.1.0' };
    expect([...harPieces(t.all(), creator, 'none')].join('')).toBe(harText(t.all(), creator, 'none'));
    // Past two batches of entries, some with a query, some without, a transport error, a Content-Type
    // spelled in capitals and one listed on no line.
    for (let i = 0; i < 600; i++)
      if (i % 97 === 5)
        t.add({
          bucket: 'anonymous',
          startedAt: '2026-11-22T10:00:01.000Z',
          durationMs: 0,
          request: { method: 'DELETE', url: 'https://a.example/v1/store/orders/%zz', headers: {} },
          error: { code: 'ECONNRESET', message: 'reset' },
        });
      else
        t.add({
          bucket: 'primary',
          startedAt: '2026-11-22T10:00:00.000Z',
          durationMs: 3,
          request: {
            method: 'GET',
            url: `https://a.example/v1/store/orders${i % 2 ? `?x=${i}&y=%20` : ''}`,
            headers: { a: ['1', '2'] },
          },
          response: {
            status: 200,
            headers:
              i % 3 === 0
                ? { 'Content-Type': 'application/json' }
                : i % 3 === 1
                  ? { 'content-type': [] as string[], x: 'y' }
                  : { 'content-type': ['text/plain', 'application/json'] },
            body: '[{"id":1},\n"\\u0000entries"]',
            bodyBytes: 24,
            bodyTruncated: i % 5 === 0,
          },
        });
    const comment = 'run x against "\\u0000entries"';
    const pieces = [...harPieces(t.all(), creator, comment)];
    // The head, the entries in pieces of some 100 KiB (never one piece for them all), the tail.
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) expect(piece.length).toBeLessThan(100 * 1024);
    expect(pieces.join('')).toBe(harText(t.all(), creator, comment));
  });
});
