// An order kept listed after its cancel, on hand-made histories: a list after the 204 that still shows it as
// before, then one that shows it changed, is a stale list; an order changed at once, kept unchanged for good,
// or changed within the declared lag, is not. Pure; no server.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { staleAfterCancel } from './cancelled-fields.ts';
import type { CancelSent, History, ListSeen } from './history.ts';

const BASE = 'http://127.0.0.1:8080/v1';
const order = (status: string) =>
  `{"id":42,"petId":142,"quantity":1,"shipDate":"2026-10-30T09:15:00Z","status":"${status}"}`;

/** Lists (each its body) and cancels of order 42, one second apart, as a History and its bodies. */
function run(steps: Array<{ list: string } | { cancel: number }>, lagMs = 0) {
  const bodies = new Map<number, Uint8Array>();
  const lists: ListSeen[] = [];
  const cancels: CancelSent[] = [];
  steps.forEach((s, i) => {
    const list = 'list' in s;
    const exchange: Exchange = {
      seq: i + 1,
      bucket: 'primary',
      startedAt: new Date(i * 1000).toISOString(),
      durationMs: 5,
      request: {
        method: list ? 'GET' : 'DELETE',
        url: `${BASE}/store/orders${list ? '' : '/42'}`,
        headers: {},
      },
      response: { status: list ? 200 : s.cancel, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false },
    };
    const t = { exchange, startMs: i * 1000, endMs: i * 1000 + 5 };
    if ('list' in s) {
      bodies.set(exchange.seq, Buffer.from(`[${s.list}]`));
      const shown = s.list.includes('"id":42');
      lists.push({ ...t, ids: { has: (id) => shown && id === '42', added: new Set(), removed: new Set() } });
    } else
      cancels.push({
        ...t,
        segment: '42',
        names: ['42'],
        status: s.cancel,
        outcome: s.cancel < 300 ? 'done' : 'refused',
      });
  });
  const h: History = { lists, cancels, fixtures: { pending: ['42'], shipped: [] } };
  return staleAfterCancel(h, (x) => bodies.get(x.seq), lagMs);
}

describe('staleAfterCancel', () => {
  it('finds a list after the 204 alike the one before it, where a later list shows the order changed', () => {
    const found = run([
      { list: order('pending') },
      { cancel: 204 },
      { list: order('pending') },
      { list: order('pending') },
      { list: order('cancelled') },
    ]);
    expect(found).toHaveLength(1);
    expect(found[0]!.problem).toMatch(
      /^order 42 was cancelled \(#2 DELETE \/store\/orders\/42 → 204\), yet #3 GET \/store\/orders → 200 still listed it exactly as #1 GET .* did before the cancel, and #5 GET .* lists it changed \(status "pending" → "cancelled"\)/,
    );
    expect(found[0]!.exchanges.map((x) => x.seq)).toEqual([3, 5, 1, 2]);
  });

  it('finds nothing where the order changed at once, never changed, or changed within the declared lag', () => {
    expect(run([{ list: order('pending') }, { cancel: 204 }, { list: order('cancelled') }])).toEqual([]);
    expect(run([{ list: order('pending') }, { cancel: 204 }, { list: order('pending') }])).toEqual([]);
    expect(
      run(
        [
          { list: order('pending') },
          { cancel: 204 },
          { list: order('pending') },
          { list: order('cancelled') },
        ],
        1500,
      ),
    ).toEqual([]);
    // A refused cancel changes nothing here: that is the STATE-4xx checks' to judge.
    expect(
      run([{ list: order('pending') }, { cancel: 409 }, { list: order('pending') }, { list: order('x') }]),
    ).toEqual([]);
  });
});
