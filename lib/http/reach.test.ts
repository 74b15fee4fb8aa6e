// "No operation answers" is tight: the list and a cancel alike, one status, nothing API-like. A broken server
// that still answers with an Error body or a limiter's header is judged, never taken for a wrong prefix.
import { describe, expect, it } from 'vitest';
import { noOperationAnswers } from './reach.ts';
import type { Exchange } from './transcript.ts';

const BASE = 'http://127.0.0.1:8080/api/v1';

function x(
  method: string,
  path: string,
  status: number,
  body = '',
  headers: Record<string, string> = {},
): Exchange {
  return {
    seq: 0,
    bucket: 'primary',
    startedAt: '2026-12-06T00:00:00.000Z',
    durationMs: 1,
    request: { method, url: `${BASE}${path}`, headers: {} },
    response: { status, headers, body, bodyBytes: body.length, bodyTruncated: false },
  } as Exchange;
}

const html = { 'content-type': 'text/html' };

describe('noOperationAnswers', () => {
  it('names the statuses when the list and a cancel got the same framework 404', () => {
    const seen = noOperationAnswers(BASE, [
      x('GET', '/store/orders', 404, '<pre>Cannot GET</pre>', html),
      x('DELETE', '/store/orders/1', 404, '{"detail":"Not Found"}', { 'content-type': 'application/json' }),
    ]);
    expect(seen).toBe(
      '2 requests below it (GET /store/orders, DELETE /store/orders/{id}) all answered 404, with no Error body and no rate-limit header',
    );
  });

  it('is undefined with an Error body, a rate-limit header, two statuses, a JSON 200, or no cancel yet', () => {
    const list = x('GET', '/store/orders', 404, '', html);
    const error = '{"code":"NOT_FOUND","message":"no","status":404}';
    for (const answers of [
      [list, x('DELETE', '/store/orders/1', 404, error)],
      [list, x('DELETE', '/store/orders/1', 404, '', { 'x-ratelimit-limit': '60' })],
      [list, x('DELETE', '/store/orders/1', 405, '', html)],
      // A server broken or moved on every route is the checks' to judge, not a wrong prefix.
      [x('GET', '/store/orders', 500, 'boom'), x('DELETE', '/store/orders/1', 500, 'boom')],
      [x('GET', '/store/orders', 302, ''), x('DELETE', '/store/orders/1', 302, '')],
      [x('GET', '/store/orders', 200, '[]'), x('DELETE', '/store/orders/1', 200, '[]')],
      [list],
    ])
      expect(noOperationAnswers(BASE, answers)).toBeUndefined();
    // An HTML page served for every path, 200 and all, is no API either.
    expect(
      noOperationAnswers(BASE, [
        x('GET', '/store/orders', 200, '<html></html>', html),
        x('DELETE', '/store/orders/1', 200, '<html></html>', html),
      ]),
    ).toMatch(/all answered 200/);
  });
});
