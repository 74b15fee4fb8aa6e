// The request surface's pure parts: which DELETEs may be sent (no reading names a known order), which 304s
// are stale by the list's own validators, and the id spellings (each beyond int64 where it says so).
import { describe, expect, it } from 'vitest';
import { INT64_MAX, INT64_MIN } from '../../lib/formats/int64.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { NO_SUCH_TAG, stale304 } from './conditional.ts';
import {
  admissible,
  FIXED_MAX,
  fixedCases,
  idSpellings,
  requestOf,
  surfaceCatalogue,
} from './surface-catalogue.ts';
import { headUnlikeGet } from './surface-judge.ts';

const ABSENT = 4_503_599_627_370_496n;

function exchange(
  seq: number,
  method: string,
  status: number,
  request: Record<string, string> = {},
  response: Record<string, string> = {},
): Exchange {
  return {
    seq,
    bucket: 'primary',
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    request: { method, url: 'http://127.0.0.1:9/v1/store/orders', headers: request },
    response: { status, headers: response, body: '', bodyBytes: 0, bodyTruncated: false },
  };
}

describe('the request surface', () => {
  it('never admits a DELETE spelling one reading of which names a known order', () => {
    const pending = 7n;
    const known = (n: bigint) => n === pending;
    const near = () => false;
    const cases = surfaceCatalogue(pending + 2n ** 64n).filter((c) => c.method === 'DELETE');
    expect(cases.length).toBeGreaterThan(10);
    // Around 7 + 2^64 every spelling that wraps or reads to 7 stays unsent; only those that read elsewhere go.
    expect(cases.filter((c) => admissible(c, known, near)).map((c) => c.kind)).toEqual([
      'DELETE id: beyond int64, negative',
      'DELETE id: beyond int64, far',
      'DELETE id: negative',
      'DELETE id: int64 max plus one',
    ]);
    // Around an absent id every spelling may, unless the guard says a hidden order could be there.
    const all = surfaceCatalogue(ABSENT).filter((c) => c.method === 'DELETE');
    expect(
      all.every((c) =>
        admissible(
          c,
          () => false,
          () => false,
        ),
      ),
    ).toBe(true);
    const nearAbsent = (n: bigint) => n === ABSENT;
    const refused = all.filter((c) => !admissible(c, () => false, nearAbsent)).map((c) => c.kind);
    expect(refused).toContain('DELETE id: decimal');
    expect(refused).toContain('DELETE id: hex');
  });

  it('sends writes with no content only, to the list or an order path, and DELETE only with an id segment', () => {
    const cases = surfaceCatalogue(ABSENT);
    expect(new Set(cases.map((c) => c.method))).toEqual(
      new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE', 'POST', 'PUT', 'PATCH']),
    );
    for (const c of cases.filter((x) => x.method === 'DELETE')) expect(c.segment, c.kind).toBeTruthy();
    const writes = cases.filter((c) => ['POST', 'PUT', 'PATCH'].includes(c.method));
    expect(writes).toHaveLength(9);
    for (const c of writes) {
      // No content: none is ever given; a length, when named, is zero.
      expect(c.headers ?? { 'content-length': '0' }, c.kind).toEqual({ 'content-length': '0' });
      if (c.path !== '/store/orders')
        expect([c.path, c.segment]).toEqual([`/store/orders/${ABSENT}`, `${ABSENT}`]);
      expect(requestOf(c).omitContentLength, c.kind).toBe(c.headers ? undefined : true);
    }
    // A write of an order path goes only where no reading of its id names an order; of the list, always.
    const known = (n: bigint) => n === ABSENT;
    expect(writes.filter((c) => !admissible(c, known, () => false)).map((c) => c.kind)).toEqual([
      'method: POST of an order, no Content-Length',
      'method: PUT of an order, no Content-Length',
      'method: PATCH of an order, no Content-Length',
    ]);
    expect(fixedCases(cases).map((c) => c.kind)).toEqual([
      'method: HEAD of the list',
      'method: OPTIONS of the list',
      'accept: any application subtype',
      'method: POST of the list, no Content-Length',
      'DELETE id: beyond int64',
    ]);
    expect(fixedCases(cases).length).toBeLessThanOrEqual(FIXED_MAX);
  });

  it('takes a HEAD refused as a method, or failing where GET succeeds, for unlike its GET', () => {
    expect(headUnlikeGet(405, 200)).toMatch(/HEAD refused as a method \(405\)/);
    expect(headUnlikeGet(501, 404)).toMatch(/HEAD refused as a method \(501\)/);
    expect(headUnlikeGet(404, 200)).toMatch(/HEAD answered 404/);
    // As GET is: a route that refuses GET may refuse HEAD; nothing to compare with, or a limiter's refusal.
    expect(headUnlikeGet(405, 405)).toBeUndefined();
    expect(headUnlikeGet(404, 404)).toBeUndefined();
    expect(headUnlikeGet(200, 200)).toBeUndefined();
    expect(headUnlikeGet(405, undefined)).toBeUndefined();
    expect(headUnlikeGet(405, 429)).toBeUndefined();
    expect(headUnlikeGet(429, 200)).toBeUndefined();
  });

  it('spells ids beyond int64 in both signs', () => {
    const beyond = idSpellings(ABSENT)
      .filter((s) => s.kind.startsWith('id: beyond int64') || s.kind.includes('plus one'))
      .map((s) => BigInt(s.segment));
    expect(beyond.length).toBe(4);
    for (const n of beyond) expect(n > INT64_MAX || n < INT64_MIN).toBe(true);
    expect(beyond.some((n) => n < INT64_MIN)).toBe(true);
  });

  it('takes a 304 for stale only by the validators the list itself carried last', () => {
    const first = exchange(1, 'GET', 200, {}, { etag: '"v0"' });
    const later = exchange(2, 'GET', 200, {}, { etag: '"v1"' });
    const ask = (seq: number, tag: string, status = 304) =>
      exchange(seq, 'GET', status, { 'if-none-match': tag });
    expect(stale304(ask(3, '"v0"'), [first, later], '/v1')).toEqual([
      'a 304 to If-None-Match with none of the ETag the list had last carried',
    ]);
    expect(stale304(ask(3, '"v1"'), [first, later], '/v1')).toEqual([]);
    expect(stale304(ask(3, 'W/"v1"'), [first, later], '/v1')).toEqual([]);
    expect(stale304(ask(3, '"v0"', 200), [first, later], '/v1')).toEqual([]);
    // Before any change the first tag is current: its 304 is due.
    expect(stale304(ask(2, '"v0"'), [first], '/v1')).toEqual([]);
    // A list with no ETag matches no tag: a 304 to the tag no server has is never due.
    const bare = exchange(1, 'GET', 200);
    expect(stale304(ask(2, NO_SUCH_TAG), [bare], '/v1')).toHaveLength(1);
  });

  it('takes a 304 to If-Modified-Since for stale only when the list says it changed later', () => {
    const lm = (seq: number, date: string) => exchange(seq, 'GET', 200, {}, { 'last-modified': date });
    const since = (seq: number) =>
      exchange(seq, 'GET', 304, { 'if-modified-since': 'Sun, 06 Dec 2026 06:00:00 GMT' });
    expect(stale304(since(2), [lm(1, 'Sun, 06 Dec 2026 06:00:00 GMT')], '/v1')).toEqual([]);
    expect(stale304(since(2), [lm(1, 'Sun, 06 Dec 2026 06:00:01 GMT')], '/v1')).toHaveLength(1);
  });
});
