// The store model's lists, fed as bodies arrive: each plain list kept as what it adds to and lacks of the
// first one, read from the kit's one reading (equal bytes share it), string ids named as the orders they are.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { ListBodies } from './list-bodies.ts';
import { lacking, StoreLists } from './store-lists.ts';

let seq = 0;
function exchange(status = 200): Exchange {
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

const LIST = { method: 'GET' as const, path: '/store/orders' };

/** Both observers in the bind's order, fed one body. */
function feed(lists: ListBodies, store: StoreLists, text: string, sent = LIST, status = 200): Exchange {
  const x = exchange(status);
  lists.observe(x, Buffer.from(text), sent);
  store.observe(x, Buffer.from(text), sent);
  return x;
}

describe('StoreLists', () => {
  it('keeps each plain list as a difference from the first, equal bytes sharing one', () => {
    const lists = new ListBodies();
    const store = new StoreLists(lists);
    const first = feed(lists, store, '[{"id":1},{"id":2},{"id":3}]');
    const second = feed(lists, store, '[{"id":1},{"id":3},{"id":9}]');
    // The run's own reading of the list is still there for its sender to take: the store model only looked.
    expect([...lists.peekReading(second.seq)!.ids.all()]).toEqual([1, 3, 9]);
    const again = feed(lists, store, '[{"id":1},{"id":3},{"id":9}]');
    const a = store.snapshotOf(first)!;
    const b = store.snapshotOf(second)!;
    expect([...b.added]).toEqual(['9']);
    expect([...b.removed]).toEqual(['2']);
    expect(lacking(a, b)).toEqual(['2']);
    expect(lacking(b, a)).toEqual(['9']);
    expect(store.snapshotOf(again)).toBe(b);
  });

  it('leaves out a list with a query, a refused one and a body that is no list; names string ids as orders', () => {
    const lists = new ListBodies();
    const store = new StoreLists(lists);
    expect(
      store.snapshotOf(feed(lists, store, '[{"id":1}]', { method: 'GET', path: '/store/orders?limit=1' })),
    ).toBeUndefined();
    expect(store.snapshotOf(feed(lists, store, '{"code":"x"}', LIST, 401))).toBeUndefined();
    expect(store.snapshotOf(feed(lists, store, 'not json'))).toBeUndefined();
    const strings = store.snapshotOf(feed(lists, store, '[{"id":"7"},{"id":8}]'))!;
    expect(strings.has('7') && strings.has('8')).toBe(true);
  });

  it('shares a snapshot by bytes only with an earlier plain list, and keeps many differences whole', () => {
    const lists = new ListBodies();
    const store = new StoreLists(lists);
    feed(lists, store, '[{"id":1},{"id":2}]');
    // The same bytes first seen with a query, then plain: the plain one has no snapshot (as by exchange).
    const queried = feed(lists, store, '[{"id":5}]', { method: 'GET', path: '/store/orders?limit=1' });
    const plainAfter = feed(lists, store, '[{"id":5}]');
    expect(store.snapshotOf(queried)).toBeUndefined();
    expect(store.snapshotOf(plainAfter)).toBeUndefined();
    // The same bytes first seen plain, then with a query: only the plain one has it.
    const plain = feed(lists, store, '[{"id":6}]');
    const queriedAfter = feed(lists, store, '[{"id":6}]', { method: 'GET', path: '/store/orders?limit=1' });
    expect([...store.snapshotOf(plain)!.added]).toEqual(['6']);
    expect(store.snapshotOf(queriedAfter)).toBeUndefined();
    // Past a few, the differences stay in the order found, and each is held.
    const ids = Array.from({ length: 12 }, (_, i) => 100 + i);
    const many = store.snapshotOf(feed(lists, store, JSON.stringify(ids.map((id) => ({ id })))))!;
    expect([...many.added]).toEqual(ids.map(String));
    expect([...many.removed]).toEqual(['1', '2']);
    expect(ids.every((id) => many.has(String(id))) && !many.has('1') && !many.has('3')).toBe(true);
  });
});
