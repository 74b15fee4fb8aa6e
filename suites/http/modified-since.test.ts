// A 304 to If-Modified-Since after the run's own cancel changed the list, judged by that cancel's Date and the
// lists around it; none where the cancel came in the same second or changed no bytes.
import { describe, expect, it } from 'vitest';
import { type Exchange, recordedHeaders } from '../../lib/http/transcript.ts';
import { modifiedAfter } from './modified-since.ts';

const BASE = 'http://127.0.0.1:1/v1';
const L = Date.UTC(2026, 11, 6, 23, 0, 0);
let seq = 0;
function exchange(method: string, path: string, status: number, headers: Record<string, string>, body = '') {
  seq += 1;
  return {
    seq,
    bucket: 'primary',
    startedAt: new Date(L + seq * 1000).toISOString(),
    durationMs: 10,
    request: { method, url: `${BASE}${path}`, headers: {} },
    response: { status, headers: recordedHeaders(headers).headers, body, bodyBytes: body.length },
  } as unknown as Exchange;
}
const date = (s: number) => new Date(L + s * 1000).toUTCString();
const sameText = (a: Exchange, b: Exchange) => a.response!.body === b.response!.body;

describe('modifiedAfter', () => {
  const before = exchange('GET', '/store/orders', 200, { 'last-modified': date(0) }, '[1,2]');
  const cancel = (s: number) => exchange('DELETE', '/store/orders/2', 204, { date: date(s) });

  it('names a cancel dated a second after the date sent, between lists whose bytes differ', () => {
    const c = cancel(2);
    const after = exchange('GET', '/store/orders', 200, { 'last-modified': date(0) }, '[1]');
    const x = exchange('GET', '/store/orders', 304, {});
    expect(modifiedAfter(x, [before, c, after, x], '/v1', L, sameText)).toMatch(
      /after #\d+ \(DELETE answered 204/,
    );
  });

  it('names none in the same second, nor when the list kept its bytes', () => {
    const c = cancel(0.5);
    const after = exchange('GET', '/store/orders', 200, {}, '[1]');
    const x = exchange('GET', '/store/orders', 304, {});
    expect(modifiedAfter(x, [before, c, after, x], '/v1', L, sameText)).toBeUndefined();
    const c2 = cancel(3);
    const same = exchange('GET', '/store/orders', 200, {}, '[1,2]');
    const y = exchange('GET', '/store/orders', 304, {});
    expect(modifiedAfter(y, [before, c2, same, y], '/v1', L, sameText)).toBeUndefined();
  });
});
