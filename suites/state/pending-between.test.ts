// A list that shows a cancelled order "pending" between its cancel's 204 and a 409 to the next cancel of it,
// on hand-made histories; an order listed otherwise, a list within the declared lag, or a repeat answered
// otherwise is no finding. Pure; no server.
import { describe, expect, it } from 'vitest';
import { orderHistory, type Step, sharedBodies } from '../../test/support/order-history.ts';
import { listedPendingBetween } from './pending-between.ts';

const order = (status: string) =>
  `{"id":42,"petId":142,"quantity":1,"shipDate":"2026-10-30T09:15:00Z","status":"${status}"}`;

/** Lists (each its body) and cancels of order 42, one second apart, judged. */
function run(steps: Step[], lagMs = 0) {
  const { history, body } = orderHistory(steps, 1000, { pending: ['42'], shipped: [] });
  return listedPendingBetween(history, body, lagMs);
}

describe('listedPendingBetween', () => {
  it('finds a list showing the order "pending" between its 204 and a 409 to the next cancel of it', () => {
    const found = run([
      { list: order('pending') },
      { cancel: 204 },
      { list: order('pending') },
      { cancel: 409 },
    ]);
    expect(found).toHaveLength(1);
    expect(found[0]!.problem).toMatch(
      /^order 42 was cancelled \(#2 DELETE \/store\/orders\/42 → 204\), yet #3 GET \/store\/orders → 200 listed it with the status "pending".*the next cancel of it \(#4 DELETE \/store\/orders\/42 → 409\) was refused/,
    );
    expect(found[0]!.exchanges.map((x) => x.seq)).toEqual([3, 2, 4]);
  });

  it('finds nothing where the list shows another status, comes within the lag, or the next cancel is no 409', () => {
    expect(run([{ cancel: 204 }, { list: order('cancelled') }, { cancel: 409 }])).toEqual([]);
    expect(run([{ cancel: 204 }, { list: order('pending') }, { cancel: 409 }], 1500)).toEqual([]);
    // Taken again: the order was pending (a forgotten cancel is STATE-CANCEL-LATER-NOT-2XX's finding).
    expect(run([{ cancel: 204 }, { list: order('pending') }, { cancel: 204 }])).toEqual([]);
    expect(run([{ cancel: 409 }, { list: order('pending') }, { cancel: 409 }])).toEqual([]);
    // The list after the 409, not between: nothing said the order had left pending just before it.
    expect(run([{ cancel: 204 }, { cancel: 409 }, { list: order('pending') }])).toEqual([]);
  });

  it('reads each distinct body once per order, and finds what reading every list finds', () => {
    const steps: Step[] = [
      { list: order('cancelled') },
      { cancel: 204 },
      { list: order('cancelled') },
      { list: order('cancelled') },
      { list: order('pending') },
      { cancel: 409 },
    ];
    const { history, body } = orderHistory(steps, 1000, { pending: ['42'], shipped: [] });
    const shared = sharedBodies(body);
    const found = listedPendingBetween(history, shared.counted, 0, shared.sameBody);
    expect(shared.reads()).toBe(2);
    expect(found).toEqual(listedPendingBetween(history, body, 0));
    expect(found.map((f) => f.exchanges[0]!.seq)).toEqual([5]);
  });
});
