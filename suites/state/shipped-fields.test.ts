// The shipped fixture's listed fields across its 409s, on hand-made histories: a field changed after the first
// refusal is blamed on it; a server that changes the order before any refusal, or a list that does not show
// it, blames nothing. Pure; no server.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import type { CancelSent, History, ListSeen } from './history.ts';
import { shippedFieldChanges } from './shipped-fields.ts';

const BASE = 'http://127.0.0.1:8080/v1';
const order = (complete: boolean) =>
  `{"id":42,"petId":142,"quantity":1,"shipDate":"2026-10-30T09:15:00Z","complete":${complete}}`;

/** A run of lists (each its body) and cancels of order 42, 10 ms apart, as a History and its bodies. */
function run(steps: Array<{ list: string } | { cancel: number }>) {
  const bodies = new Map<number, Uint8Array>();
  const lists: ListSeen[] = [];
  const cancels: CancelSent[] = [];
  steps.forEach((s, i) => {
    const list = 'list' in s;
    const exchange: Exchange = {
      seq: i + 1,
      bucket: 'primary',
      startedAt: new Date(i * 10).toISOString(),
      durationMs: 5,
      request: {
        method: list ? 'GET' : 'DELETE',
        url: `${BASE}/store/orders${list ? '' : '/42'}`,
        headers: {},
      },
      response: { status: list ? 200 : s.cancel, headers: {}, body: '', bodyBytes: 0, bodyTruncated: false },
    };
    const t = { exchange, startMs: i * 10, endMs: i * 10 + 5 };
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
  const h: History = { lists, cancels, fixtures: { pending: [], shipped: ['42'] } };
  return shippedFieldChanges(h, (x) => bodies.get(x.seq));
}

describe('shippedFieldChanges', () => {
  it('blames the 409 between the last list before it and a list showing the order changed', () => {
    const found = run([{ list: order(true) }, { cancel: 409 }, { list: order(false) }, { cancel: 409 }]);
    expect(found).toHaveLength(1);
    expect(found[0]!.problem).toMatch(
      /^shipped order 42 was refused \(#2 DELETE \/store\/orders\/42 → 409\), and #3 GET \/store\/orders → 200 lists it changed \(complete true → false\) from #1 GET/,
    );
    expect(found[0]!.exchanges.map((x) => x.seq)).toEqual([3, 1, 2]);
  });

  it('blames nothing when the lists agree, or the order changed before any refusal', () => {
    expect(run([{ list: order(true) }, { cancel: 409 }, { list: order(true) }])).toEqual([]);
    expect(
      run([{ list: order(false) }, { list: order(true) }, { cancel: 409 }, { list: order(false) }]),
    ).toEqual([]);
    // A list that does not show the order is the list checks' (and judgeRefusals') to judge.
    expect(run([{ list: order(true) }, { cancel: 409 }, { list: '' }])).toEqual([]);
  });
});
