// A 304 to a weak list ETag is recorded only where the list's own bytes changed under that tag; a strong tag,
// a tag the list no longer carries, a 200 and a list with no ETag are left to HTTP-CONDITIONAL-304 (or pass).
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { stale304 } from './conditional.ts';
import { weak304 } from './conditional-weak.ts';

function list(seq: number, body: string, etag?: string): Exchange {
  return {
    seq,
    bucket: 'primary',
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    request: { method: 'GET', url: 'http://127.0.0.1:9/v1/store/orders', headers: {} },
    response: {
      status: 200,
      headers: etag ? { etag } : {},
      body,
      bodyBytes: body.length,
      bodyTruncated: false,
    },
  };
}

function ask(seq: number, tag: string, status = 304): Exchange {
  return {
    ...list(seq, ''),
    request: {
      method: 'GET',
      url: 'http://127.0.0.1:9/v1/store/orders',
      headers: { 'if-none-match': tag },
    },
    response: { status, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false },
  };
}

describe('a 304 to a weak list ETag', () => {
  // Before the cancel, and after it: the same count, other bytes.
  const before = list(1, '[{"id":1,"status":"pending"}]', 'W/"orders-1"');
  const after = list(3, '[{"id":1,"status":"cancelled"}]', 'W/"orders-1"');

  it('is recorded when the list carried the tag on other bytes before, and never failed', () => {
    const x = ask(4, 'W/"orders-1"');
    expect(weak304(x, [before, after], '/v1')).toMatch(
      /^#4 If-None-Match W\/"orders-1" answered 304: the list's weak ETag W\/"orders-1" stayed while its bytes changed \(#1, 29 bytes; #3, 31 bytes\)$/,
    );
    // The strong-tag rule does not reach it (RFC 9110 §8.8.1 lets a weak tag stay).
    expect(stale304(x, [before, after], '/v1')).toEqual([]);
  });

  it('is not recorded while the bytes are the same, nor for a 200, a strong tag, an old tag or no tag', () => {
    const same = list(3, before.response!.body, 'W/"orders-1"');
    expect(weak304(ask(4, 'W/"orders-1"'), [before, same], '/v1')).toBeUndefined();
    expect(weak304(ask(4, 'W/"orders-1"', 200), [before, after], '/v1')).toBeUndefined();
    const strong = [list(1, 'a', '"orders-1"'), list(3, 'b', '"orders-1"')];
    expect(weak304(ask(4, '"orders-1"'), strong, '/v1')).toBeUndefined();
    expect(stale304(ask(4, '"orders-1"'), strong, '/v1')).toHaveLength(1);
    const moved = list(3, 'b', 'W/"orders-2"');
    expect(weak304(ask(4, 'W/"orders-1"'), [before, moved], '/v1')).toBeUndefined();
    expect(weak304(ask(4, 'W/"orders-1"'), [list(1, 'a'), list(3, 'b')], '/v1')).toBeUndefined();
  });
});
