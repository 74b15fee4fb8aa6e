// The one reading of the list: a 2xx other than 200 and a wrapped body are read as lists (so a wrong status
// or a wrapper hides nothing), and ids that are not integers are identities compared by their JSON value.
import { describe, expect, it } from 'vitest';
import type { Response } from '../../lib/http/client.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { idIdentities, idIdentity, idIndex, readList, readOrderList } from './order-list.ts';

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
    expect(partial.ids).toEqual(['1']);
    expect(partial.schemaErrorCount).toBeGreaterThan(0);
    const missing = readOrderList(response(404, '{"code":"NOT_FOUND","message":"no","status":404}'));
    expect([missing.count, missing.wrapped, missing.ids]).toEqual([undefined, undefined, []]);
  });
});

describe('readList of a wrapped body', () => {
  it('reads the items of the one array of objects, and names the members beside it', () => {
    const r = readList('{"orders":[{"id":1},{"id":2}],"next":"/v1/store/orders?page=2","total":9}');
    expect(r.count).toBeUndefined();
    expect(r.wrapped).toEqual({ at: '/orders', count: 2, others: ['next', 'total'] });
    expect(r.ids).toEqual(['1', '2']);
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
    const keys = r.idValues.map(idIdentity);
    expect(keys[1]).toBe('9007199254740992');
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('1.5');
  });

  it('absent, null, an object or an array is no id', () => {
    for (const v of [undefined, null, {}, [1]]) expect(idIdentity(v)).toBeUndefined();
  });
});

describe('idIdentities', () => {
  it('are the exact ids themselves (not a copy) when every id is an integer', () => {
    const r = readList('[{"id":1},{"id":2},{},{"id":null}]');
    expect(idIdentities(r)).toBe(r.ids);
  });

  it('string ids are identities: a repeated one is a duplicate, "1" and 1 are two ids', () => {
    const r = readList('[{"id":"1"},{"id":"2"},{"id":"1"},{"id":1}]');
    const keys = idIdentities(r);
    expect(keys).toEqual(['"1"', '"2"', '"1"', '1']);
    expect(idIndex(keys).duplicates).toEqual(['"1"']);
  });
});
