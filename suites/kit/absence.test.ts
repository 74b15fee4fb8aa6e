// When an id may be sent as absent: the signs that a list is a page (a status other than 200, members beside
// a wrapper's array among them), and the ids a list stands for, read generously (string ids included).
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { pagingSigns, unprovenWhole } from './absence.ts';
import { AbsenceGuard } from './absence-guard.ts';
import { ListBodies } from './list-bodies.ts';
import { type OrderList, readList } from './order-list.ts';

function list(status: number, text: string, headers: Record<string, string> = {}): OrderList {
  const reading = readList(text);
  return {
    ...reading,
    response: { exchange: {} as Exchange, status, headers, bytes: text.length, receivedAtMs: 0 },
  };
}

const items = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: i + 1 })));

describe('pagingSigns', () => {
  it('a whole 200 array shows none', () => {
    expect(pagingSigns(list(200, items(3)))).toEqual([]);
  });

  it('a status other than 200 is one: 206 is Partial Content', () => {
    expect(pagingSigns(list(206, items(3)))).toEqual([
      'the status 206 (Partial Content), not 200 (all orders)',
    ]);
    expect(pagingSigns(list(203, items(3)))).toEqual(['the status 203, not 200 (all orders)']);
  });

  it("a wrapper's members beside its array are one (a next, a total)", () => {
    const signs = pagingSigns(list(200, `{"orders":${items(3)},"next":"?page=2"}`));
    expect(signs).toEqual([
      'members beside the orders in the wrapper ("next"), which may say where the page is',
    ]);
    expect(pagingSigns(list(200, `{"orders":${items(3)}}`))).toEqual([]);
  });

  it("a wrapped array's count is read like an array's (a page size; X-Total-Count that matches)", () => {
    expect(pagingSigns(list(200, `{"orders":${items(10)}}`))).toEqual([
      'exactly 10 orders, a common page size',
    ]);
    expect(pagingSigns(list(200, `{"orders":${items(3)}}`, { 'x-total-count': '3' }))).toEqual([]);
    expect(pagingSigns(list(200, `{"orders":${items(3)}}`, { 'x-total-count': '300' }))).toHaveLength(1);
  });
});

describe('the ids a list stands for, read generously', () => {
  it('read string ids as the orders a lenient server takes them for, so the guard spans them', () => {
    const { ids } = list(200, '[{"id":"5000000000000"},{"id":"7"},{"id":"x"}]');
    expect(ids.integers).toBe(0);
    expect([ids.hasGenerously('5000000000000'), ids.hasGenerously('7'), ids.has('7')]).toEqual([
      true,
      true,
      false,
    ]);
    expect([...ids.sortedSafe()]).toEqual([7, 5000000000000]);
    expect(new AbsenceGuard([], ids.sortedSafe()).near(5_000_000_000_001n)).toBe(true);
  });
});

describe('a page-sized list shown whole by the run (unprovenWhole)', () => {
  const at = (seq: number, url: string): Exchange =>
    ({
      seq,
      request: { method: 'GET', url: `http://127.0.0.1/v1${url}`, headers: {} },
      response: { status: 200, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false },
    }) as Exchange;
  const LIST = { method: 'GET' as const, path: '/store/orders' };
  const ten = items(10);

  function seen(queried: string) {
    const bodies = new ListBodies();
    const plain = at(1, '/store/orders');
    bodies.observe(plain, Buffer.from(ten), LIST);
    bodies.observe(at(2, '/store/orders?limit=1&offset=1'), Buffer.from(queried), {
      ...LIST,
      path: '/store/orders?limit=1&offset=1',
    });
    const l = list(200, ten);
    return { bodies, list: { ...l, response: { ...l.response, exchange: plain } } };
  }

  it('is whole when a query came back with the same bytes and every fixture is listed', () => {
    const { bodies, list: l } = seen(ten);
    expect(pagingSigns(l)).toEqual(['exactly 10 orders, a common page size']);
    expect(unprovenWhole(l, bodies, ['1', '10'])).toBeUndefined();
  });

  it('is not when the query narrowed it, none was asked, or a fixture is missing', () => {
    const narrowed = seen(items(1));
    expect(unprovenWhole(narrowed.list, narrowed.bodies, [])).toMatch(/no list asked for with a query/);
    expect(unprovenWhole(narrowed.list, undefined, [])).toMatch(/no list asked for with a query/);
    const whole = seen(ten);
    expect(unprovenWhole(whole.list, whole.bodies, ['1', '11'])).toBe(
      'not every fixture given is in it (missing: 11)',
    );
  });
});
