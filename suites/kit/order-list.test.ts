// The one reading of the list: a 2xx other than 200 and a wrapped body are read as lists (so a wrong status
// or a wrapper hides nothing), and ids that are not integers are identities compared by their JSON value.
import { describe, expect, it } from 'vitest';
import type { Response } from '../../lib/http/client.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { idIdentity, readList, readOrderList } from './order-list.ts';

/** A response as the client hands it over (the exchange is only cited, never read here). */
function response(status: number, text: string): Response {
  const body = Buffer.from(text);
  return {
    exchange: {} as Exchange,
    status,
    headers: { 'content-type': 'application/json' },
    body,
    text,
    bytes: body.length,
    receivedAtMs: 0,
    json: () => ({ ok: false, error: 'not read here' }),
  };
}

describe('readOrderList', () => {
  it('reads the items of any 2xx (206 here), never those of an error answer', () => {
    const partial = readOrderList(response(206, '[{"id":1},{"id":"x"}]'));
    expect(partial.count).toBe(2);
    expect([...partial.ids.all()]).toEqual([1, 'x']);
    expect(partial.ids.integers).toBe(1);
    expect(partial.schemaErrorCount).toBeGreaterThan(0);
    const missing = readOrderList(response(404, '{"code":"NOT_FOUND","message":"no","status":404}'));
    expect([missing.count, missing.wrapped, missing.ids.items]).toEqual([undefined, undefined, 0]);
  });
});

describe('readList of a wrapped body', () => {
  it('reads the items of the one array of objects, and names the members beside it', () => {
    const r = readList('{"orders":[{"id":1},{"id":2}],"next":"/v1/store/orders?page=2","total":9}');
    expect(r.count).toBeUndefined();
    expect(r.wrapped).toEqual({ at: '/orders', count: 2, others: ['next', 'total'] });
    expect([...r.ids.all()]).toEqual([1, 2]);
  });

  it('a wrapper holding nothing but the array has no other members', () => {
    expect(readList('{"orders":[{"id":1}]}').wrapped?.others).toEqual([]);
  });
});

describe('idIdentity', () => {
  it('an integer is its exact decimal; a string its JSON text, never the integer it spells', () => {
    expect(idIdentity(7)).toBe('7');
    expect(idIdentity(2n ** 60n)).toBe('1152921504606846976');
    expect(idIdentity('7')).toBe('"7"');
    expect(idIdentity(true)).toBe('true');
  });

  it('a float beyond 2^53 is never taken for the exact integer it rounds to', () => {
    const r = readList('[{"id":9.007199254740993e15},{"id":9007199254740992},{"id":1.5}]');
    const keys = [...r.ids.all()].map(idIdentity);
    expect(keys[1]).toBe('9007199254740992');
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('1.5');
  });

  it('absent, null, an object or an array is no id', () => {
    for (const v of [undefined, null, {}, [1]]) expect(idIdentity(v)).toBeUndefined();
  });
});

describe('ids written as floats', () => {
  it('are kept as written for every item of a wrapped list, not only the first', () => {
    const r = readList('{"orders":[{"id":1.0},{"id":2},{"id":3.5e0}]}');
    expect([...r.idTexts]).toEqual([
      [0, '1.0'],
      [2, '3.5e0'],
    ]);
  });
});
