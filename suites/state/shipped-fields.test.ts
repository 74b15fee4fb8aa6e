// The shipped fixture's listed fields across its 409s, on hand-made histories: a field changed after the first
// refusal is blamed on it; a server that changes the order before any refusal, or a list that does not show
// it, blames nothing. Pure; no server.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { orderHistory, type Step } from '../../test/support/order-history.ts';
import { shippedFieldChanges } from './shipped-fields.ts';

const order = (complete: boolean) =>
  `{"id":42,"petId":142,"quantity":1,"shipDate":"2026-10-30T09:15:00Z","complete":${complete}}`;

/** Lists (each its body) and cancels of order 42, 10 ms apart, judged. */
function run(steps: Step[]) {
  const { history, body } = orderHistory(steps, 10, { pending: [], shipped: ['42'] });
  return shippedFieldChanges(history, body);
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

  it('reads lists past a leading byte order mark, as the store model does', () => {
    const bom = (complete: boolean) => `\uFEFF${order(complete)}`;
    const found = run([{ list: bom(true) }, { cancel: 409 }, { list: bom(false) }]);
    expect(found).toHaveLength(1);
    expect(found[0]!.problem).toMatch(/complete true → false/);
  });

  it('blames nothing when the lists agree, or the order changed before any refusal', () => {
    expect(run([{ list: order(true) }, { cancel: 409 }, { list: order(true) }])).toEqual([]);
    expect(
      run([{ list: order(false) }, { list: order(true) }, { cancel: 409 }, { list: order(false) }]),
    ).toEqual([]);
    // A list that does not show the order is the list checks' (and judgeRefusals') to judge.
    expect(run([{ list: order(true) }, { cancel: 409 }, { list: '' }])).toEqual([]);
  });

  it('reads a body once for every list that carried its bytes, and judges as when each is read', () => {
    const steps: Step[] = [
      { list: order(true) },
      { list: order(true) },
      { cancel: 409 },
      { list: order(true) },
      { list: order(false) },
      { cancel: 409 },
    ];
    const { history, body } = orderHistory(steps, 10, { pending: [], shipped: ['42'] });
    const text = (x: Exchange) => Buffer.from(body(x) ?? []).toString();
    // Lists with equal bytes named by one key (the first with them), as the run's list bodies name them.
    const firsts = new Map<string, object>();
    const sameBody = (x: Exchange) => {
      if (!firsts.has(text(x))) firsts.set(text(x), { first: x.seq });
      return firsts.get(text(x));
    };
    let reads = 0;
    const counted = (x: Exchange) => {
      reads += 1;
      return body(x);
    };
    const shared = shippedFieldChanges(history, counted, sameBody);
    expect(reads).toBe(2);
    expect(shared.map((f) => f.problem)).toEqual(shippedFieldChanges(history, body).map((f) => f.problem));
    expect(shared[0]!.exchanges.map((x) => x.seq)).toEqual([5, 2, 3]);
  });
});
