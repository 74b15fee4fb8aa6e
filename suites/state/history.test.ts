// The store's history as read from exchanges: each list and cancel with when it was on the wire, worked out of
// its exchange when read (as timing says), none kept as a number of its own (a long recording holds millions).
import { describe, expect, it } from 'vitest';
import { Transcript } from '../../lib/http/transcript.ts';
import type { Snapshot } from '../kit/store-lists.ts';
import { historyOf, isPlainListExchange, timing } from './history.ts';

const BASE = 'http://127.0.0.1:9/v1';
const T0 = 1_800_000_000_000;

function exchanges() {
  const transcript = new Transcript();
  const add = (method: string, path: string, at: number, status: number) =>
    transcript.add({
      bucket: 'primary',
      startedAt: new Date(T0 + at).toISOString(),
      durationMs: 3,
      request: { method, url: `${BASE}${path}`, headers: {} },
      response: { status, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false },
    });
  add('GET', '/store/orders', 0, 200);
  add('DELETE', '/store/orders/7', 10, 204);
  add('DELETE', '/store/orders/0x7', 20, 404);
  add('GET', '/store/orders', 30, 200);
  return transcript.all();
}

describe('historyOf', () => {
  it('reads each list and cancel with its moments as timing gives them, keeping none of its own', () => {
    const xs = exchanges();
    const ids = { added: [], removed: [], has: () => false } as unknown as Snapshot;
    const h = historyOf(xs, () => ids, { pending: [], shipped: [] });
    expect(h.lists.map((l) => l.exchange.seq)).toEqual([1, 4]);
    expect(h.cancels.map((c) => [c.exchange.seq, c.segment, c.names, c.status, c.outcome])).toEqual([
      [2, '7', ['7'], 204, 'done'],
      [3, '0x7', ['7', '0'], 404, 'refused'],
    ]);
    for (const t of [...h.lists, ...h.cancels]) {
      expect({ startMs: t.startMs, endMs: t.endMs }).toEqual(timing(t.exchange));
      expect(Object.keys(t)).not.toContain('startMs');
      expect(Object.keys(t)).not.toContain('endMs');
    }
    expect(h.lists[0]!.ids).toBe(ids);
  });

  it('takes a path-spelling probe of the list (a doubled slash, a query) for no list read', () => {
    const transcript = new Transcript();
    const add = (path: string) =>
      transcript.add({
        bucket: 'primary',
        startedAt: new Date(T0).toISOString(),
        durationMs: 3,
        request: { method: 'GET', url: `${BASE}${path}`, headers: {} },
        response: { status: 404, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false },
      });
    for (const p of ['/store/orders', '//store/orders', '/store//orders', '/store/orders?page=2']) add(p);
    expect(transcript.all().map((x) => isPlainListExchange(x))).toEqual([true, false, false, false]);
  });
});
