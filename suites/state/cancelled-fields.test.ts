// An order kept listed after its cancel, on hand-made histories: a list after the 204 that still shows it as
// before, then one that shows it changed, is a stale list; an order changed at once, kept unchanged for good,
// or changed within the declared lag, is not. Pure; no server.
import { describe, expect, it } from 'vitest';
import { orderHistory, type Step, sharedBodies } from '../../test/support/order-history.ts';
import { staleAfterCancel } from './cancelled-fields.ts';

const order = (status: string) =>
  `{"id":42,"petId":142,"quantity":1,"shipDate":"2026-10-30T09:15:00Z","status":"${status}"}`;

/** Lists (each its body) and cancels of order 42, one second apart, judged. */
function run(steps: Step[], lagMs = 0) {
  const { history, body } = orderHistory(steps, 1000, { pending: ['42'], shipped: [] });
  return staleAfterCancel(history, body, lagMs);
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

  it('finds a list by the second key alike the one before the cancel, though the key that cancelled read it changed', () => {
    // A list kept per key: the cancelling key reads its own write, the second key the list it cached before.
    const found = run([
      { list: order('pending'), second: true },
      { cancel: 204 },
      { list: order('cancelled') },
      { list: order('pending'), second: true },
    ]);
    expect(found).toHaveLength(1);
    expect(found[0]!.problem).toMatch(
      /yet #4 GET \/store\/orders → 200 \(with the second key\) still listed it exactly as #1 GET .* \(with the second key\) did before the cancel, though #3 GET .* had already listed it changed \(status "pending" → "cancelled"\)/,
    );
    expect(found[0]!.exchanges.map((x) => x.seq)).toEqual([4, 3, 1, 2]);
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

  it('reads each distinct body once, and finds what reading every list finds', () => {
    const steps: Step[] = [
      { list: order('pending') },
      { cancel: 204 },
      { list: order('pending') },
      { list: order('pending') },
      { list: order('cancelled') },
      { list: order('cancelled') },
    ];
    const { history, body } = orderHistory(steps, 1000, { pending: ['42'], shipped: [] });
    const shared = sharedBodies(body);
    const found = staleAfterCancel(history, shared.counted, 0, shared.sameBody);
    expect(shared.reads()).toBe(2);
    expect(found).toEqual(staleAfterCancel(history, body, 0));
    expect(found).toHaveLength(1);
  });
});
