// A strong ETag on two different list bodies, read from exchanges alone: the finding of HTTP-ETAG-STRONG and
// the stale 304 of HTTP-CONDITIONAL-304 it leads to; weak tags may be shared, equal bodies may share a tag.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { stale304 } from './conditional.ts';
import { sharedStrongTags } from './etag-strength.ts';
import { sameRecorded } from './list-exchanges.ts';

function list(seq: number, body: string, etag?: string, request: Record<string, string> = {}): Exchange {
  return {
    seq,
    bucket: 'primary',
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    request: { method: 'GET', url: 'http://127.0.0.1:9/v1/store/orders', headers: request },
    response: {
      status: request['if-none-match'] ? 304 : 200,
      headers: etag ? { etag } : {},
      body,
      bodyBytes: body.length,
      bodyTruncated: false,
    },
  };
}

const BEFORE = '[{"id":1},{"id":2}]';
const AFTER = '[{"id":2}]';

describe('one strong ETag on two list bodies', () => {
  it('is found for a strong tag carried on other bytes, not for equal bodies', () => {
    const a = list(1, BEFORE, '"t"');
    const b = list(2, BEFORE, '"t"');
    const c = list(3, AFTER, '"t"');
    expect(sharedStrongTags([a, b], sameRecorded)).toEqual([]);
    expect(sharedStrongTags([a, b, c], sameRecorded).map((s) => [s.x.seq, s.earlier.seq])).toEqual([[3, 1]]);
  });

  it('is no finding for a weak tag (RFC 9110 §8.8.1), nor for distinct tags', () => {
    expect(sharedStrongTags([list(1, BEFORE, 'W/"t"'), list(2, AFTER, 'W/"t"')], sameRecorded)).toEqual([]);
    expect(sharedStrongTags([list(1, BEFORE, '"a"'), list(2, AFTER, '"b"')], sameRecorded)).toEqual([]);
  });

  it('is not judged where a body was cut at the transcript cap', () => {
    const cut = { ...list(2, AFTER, '"t"') };
    cut.response = { ...cut.response!, bodyTruncated: true };
    expect(sharedStrongTags([list(1, BEFORE, '"t"'), cut], sameRecorded)).toEqual([]);
  });

  it('makes a 304 to that tag stale once the list changed, and only a strong one', () => {
    const ask = (tag: string) => list(4, '', undefined, { 'if-none-match': tag });
    const strong = [list(1, BEFORE, '"t"'), list(2, AFTER, '"t"')];
    expect(stale304(ask('"t"'), strong, '/v1')).toEqual([
      'a 304 to If-None-Match with a strong ETag the list had carried on other bytes than its latest (the list had changed since)',
    ]);
    // Unchanged bytes under the one tag: the 304 is due.
    expect(stale304(ask('"t"'), [list(1, AFTER, '"t"'), list(2, AFTER, '"t"')], '/v1')).toEqual([]);
    // A weak tag may stay while the data changes.
    expect(stale304(ask('W/"t"'), [list(1, BEFORE, 'W/"t"'), list(2, AFTER, 'W/"t"')], '/v1')).toEqual([]);
  });
});
