import { describe, expect, it } from 'vitest';
import { Transcript } from '../http/transcript.ts';
import { harPieces, harText } from './har.ts';

describe('harPieces', () => {
  it('writes the very text harText does, piece by piece', () => {
    const t = new Transcript();
    const creator = { name: 'order-store-conformance', version: '0.1.0' };
    expect([...harPieces(t.all(), creator, 'none')].join('')).toBe(harText(t.all(), creator, 'none'));
    for (let i = 0; i < 3; i++)
      t.add({
        bucket: 'primary',
        startedAt: '2026-11-22T10:00:00.000Z',
        durationMs: 3,
        request: {
          method: 'GET',
          url: `https://a.example/v1/store/orders?x=${i}`,
          headers: { a: ['1', '2'] },
        },
        response: {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: '[{"id":1},\n"\\u0000entries"]',
          bodyBytes: 24,
          bodyTruncated: false,
        },
      });
    const comment = 'run x against "\\u0000entries"';
    const pieces = [...harPieces(t.all(), creator, comment)];
    expect(pieces.length).toBe(5);
    expect(pieces.join('')).toBe(harText(t.all(), creator, comment));
  });
});
