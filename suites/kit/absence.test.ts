// When an id may be sent as absent: the signs that a list is a page (a status other than 200, members beside
// a wrapper's array among them), and the ids a list stands for, read generously (string ids included).
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { pagingSigns } from './absence.ts';
import { AbsenceGuard } from './absence-guard.ts';
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
