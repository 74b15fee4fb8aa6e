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
});
