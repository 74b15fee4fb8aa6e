// Every list body is read once as it arrives: equal bytes share one reading, the reading made on arrival is
// the one the run's list check reads, and only list responses (a 2xx to GET /store/orders) are kept.
import { describe, expect, it } from 'vitest';
import type { Response } from '../../lib/http/client.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { isListRequest, ListBodies } from './list-bodies.ts';
import { findingsOf, int64Problem } from './list-findings.ts';
import { readList } from './order-list.ts';

let seq = 0;
function exchange(status: number): Exchange {
  seq += 1;
  return {
    seq,
    bucket: 'primary',
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    request: { method: 'GET', url: 'http://127.0.0.1/v1/store/orders', headers: {} },
    response: { status, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false },
  };
}

function response(x: Exchange, text: string): Response {
  const body = Buffer.from(text);
  return {
    exchange: x,
    status: x.response!.status,
    headers: {},
    body,
    text,
    bytes: body.length,
    receivedAtMs: 0,
    json: () => ({ ok: false, error: 'not read here' }),
  };
}

const LIST = { method: 'GET' as const, path: '/store/orders' };

describe('ListBodies', () => {
  it('shares the reading of a body equal to the one just before, and of one seen earlier, whatever became of the bytes', () => {
    const lists = new ListBodies();
    const xs = [exchange(200), exchange(200), exchange(200), exchange(200), exchange(200)];
    const texts = ['[{"id":1}]', '[{"id":2}]', '[{"id":2}]', '[{"id":1}]', '[{"id":2}]'];
    xs.forEach((x, i) => {
      const bytes = Buffer.from(texts[i]!);
      lists.observe(x, bytes, LIST);
      // The caller's buffer reused for something else: what was read stays what was received.
      bytes.fill(0x20);
    });
    expect(lists.bodies.map((b) => b.sameAs?.seq)).toEqual([
      undefined,
      undefined,
      xs[1]!.seq,
      xs[0]!.seq,
      xs[1]!.seq,
    ]);
    expect(lists.sameBytes(xs[1]!, xs[4]!)).toBe(true);
    expect(lists.sameBytes(xs[0]!, xs[2]!)).toBe(false);
  });

  it('counts each body received as often as it was received, the picker asked once per distinct body', () => {
    const lists = new ListBodies();
    const texts = ['[{"id":1},{"id":1}]', '[]', '[{"id":1},{"id":1}]', '[{"id":1},{"id":1}]', '[]'];
    for (const text of texts) lists.observe(exchange(200), Buffer.from(text), LIST);
    let asked = 0;
    const repeated = lists.count((f) => {
      asked += 1;
      return f.duplicates.length > 0;
    });
    expect([repeated, asked]).toEqual([3, 2]);
    expect(lists.count(() => true)).toBe(5);
  });

  it('reads each new body once and shares the reading of equal bytes', () => {
    const lists = new ListBodies();
    const a = exchange(200);
    const b = exchange(200);
    const c = exchange(200);
    lists.observe(a, Buffer.from('[{"id":1},{"id":2}]'), LIST);
    lists.observe(b, Buffer.from('[{"id":1},{"id":2}]'), { ...LIST, path: '/store/orders?limit=1' });
    lists.observe(c, Buffer.from('[{"id":1},{"id":2},{"id":1}]'), LIST);
    expect(lists.bodies.map((x) => [x.exchange.seq, x.sameAs?.seq, x.findings.duplicates])).toEqual([
      [a.seq, undefined, []],
      [b.seq, a.seq, []],
      [c.seq, undefined, ['1']],
    ]);
    expect(lists.bodies[1]!.findings).toBe(lists.bodies[0]!.findings);
    expect([lists.sameBytes(a, b), lists.sameBytes(a, c)]).toEqual([true, false]);
  });

  it('hands the reading made on arrival to the response it came with, and only to that one', () => {
    const lists = new ListBodies();
    const a = exchange(200);
    const text = '[{"id":9007199254740993}]';
    lists.observe(a, Buffer.from(text), LIST);
    const got = lists.readingOf(response(a, text));
    expect([...got.ids.all()]).toEqual([9007199254740993n]);
    expect(got.response.exchange).toBe(a);
    // Taken once: a second reading of the same response is made afresh, with the same result.
    expect([...lists.readingOf(response(a, text)).ids.all()]).toEqual([9007199254740993n]);
    // Anything observed in between drops it (nothing is held beyond the response it came with).
    const b = exchange(200);
    lists.observe(b, Buffer.from('[{"id":5}]'), LIST);
    lists.observe(exchange(404), Buffer.from('{}'), { method: 'DELETE', path: '/store/orders/5' });
    expect([...lists.readingOf(response(b, '[{"id":6}]')).ids.all()]).toEqual([6]);
  });

  it('keeps list responses only, and names those whose body did not arrive whole', () => {
    const lists = new ListBodies();
    lists.observe(exchange(401), Buffer.from('{"code":"x"}'), LIST);
    lists.observe(exchange(200), Buffer.from('[]'), { method: 'GET', path: '/pets/1' });
    lists.observe(exchange(204), Buffer.alloc(0), { method: 'DELETE', path: '/store/orders' });
    const cut = exchange(200);
    lists.observe(cut, undefined, LIST);
    expect(lists.bodies).toEqual([]);
    expect(lists.unread).toEqual([cut]);
    expect([isListRequest('GET', '/store/orders?x=1'), isListRequest('GET', '/store/orders/')]).toEqual([
      true,
      false,
    ]);
  });
});

describe('findingsOf', () => {
  it('reduces a reading to its shape, repeated ids, int64 and schema problems', () => {
    const f = findingsOf(readList('{"orders":[{"id":"7"},{"id":7},{"id":9223372036854775808},{"id":7}]}'));
    expect(f.notArray).toMatch(/^a JSON object, not an array \(its 4 items at \/orders/);
    expect([f.items, f.ids, f.duplicates, f.int64Count, f.idsPresent]).toEqual([4, 4, ['7'], 2, 4]);
    expect(f.int64).toEqual([
      'item 0: id "7" is not a JSON integer',
      'item 2: id 9223372036854775808 is outside int64',
    ]);
    expect(f.schemaErrorCount).toBeGreaterThan(0);
    expect(findingsOf(readList('[1,')).notArray).toMatch(/^not JSON/);
    expect(int64Problem(-9223372036854775808n)).toBeUndefined();
  });
});
