// Unit tests of the lost-update reading (lost-update.ts) on synthetic cancels: two orders cancelled at one moment
// and one served again after is found; a server that serves any repeat, or cancels one after another, is not.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { besideOtherOrders, type KeyCancel, lostUpdates, momentOf } from './lost-update.ts';

const T0 = 1_800_000_000_000;

/** A cancel of order `id` sent at T0 + `at` ms, answered `status` 20 ms later, optionally sent together as `group`. */
function cancel(seq: number, id: string, at: number, status: number, group?: number): KeyCancel {
  const x = {
    seq,
    startedAt: new Date(T0 + at).toISOString(),
    durationMs: 20,
    request: { method: 'DELETE', url: `http://127.0.0.1:9/v1/store/orders/${id}`, headers: {} },
    response: { status, headers: {}, body: '', bodyBytes: 0 },
    ...(group === undefined ? {} : { together: group }),
  } as unknown as Exchange;
  return { x, id };
}

describe('cancels of different orders at one moment', () => {
  it('finds the order served again once both were answered', () => {
    const cs = [
      cancel(1, '7', 0, 204, 1),
      cancel(2, '7', 0, 409, 1),
      cancel(3, '8', 1, 204, 1),
      cancel(4, '7', 100, 204),
      cancel(5, '8', 150, 409),
    ];
    const { found, groups, repeatServed } = lostUpdates(cs);
    expect(groups).toBe(1);
    expect(repeatServed).toBeUndefined();
    expect(found.map((f) => [f.id, f.other, f.again.seq])).toEqual([['7', '8', 4]]);
    expect([...besideOtherOrders(cs)].map((x) => x.seq)).toEqual([1, 2, 3]);
  });

  it('finds nothing when each took effect, or when the cancels went one after another', () => {
    const held = [
      cancel(1, '7', 0, 204, 1),
      cancel(2, '8', 1, 204, 1),
      cancel(3, '7', 100, 409),
      cancel(4, '8', 150, 409),
    ];
    expect(lostUpdates(held)).toMatchObject({ found: [], groups: 1 });
    const apart = [cancel(1, '7', 0, 204), cancel(2, '8', 50, 204), cancel(3, '7', 100, 409)];
    expect(lostUpdates(apart)).toMatchObject({ found: [], groups: 0 });
    expect(besideOtherOrders(apart).size).toBe(0);
  });

  it('says when a lone cancel was served again too: any repeat is let through', () => {
    const cs = [
      cancel(1, '5', 0, 204),
      cancel(2, '5', 50, 204),
      cancel(3, '7', 100, 204, 1),
      cancel(4, '8', 101, 204, 1),
      cancel(5, '7', 200, 204),
    ];
    const { found, repeatServed } = lostUpdates(cs);
    expect(repeatServed?.seq).toBe(2);
    expect(found.map((f) => f.id)).toEqual(['7']);
  });
});

describe('momentOf', () => {
  it('names the other orders of the moment and the cancel of each sent after', () => {
    const cs = [
      cancel(1, '7', 0, 204, 1),
      cancel(2, '7', 0, 204, 1),
      cancel(3, '8', 1, 204, 1),
      cancel(4, '7', 100, 404),
      cancel(5, '8', 150, 204),
    ];
    const m = momentOf(cs, cs[0]!.x);
    expect(m.others).toEqual([{ id: '8', statuses: [204] }]);
    expect(m.after.map((a) => [a.id, a.again.seq])).toEqual([
      ['7', 4],
      ['8', 5],
    ]);
  });

  it('names no other order where the cancels at one moment were of one order', () => {
    const cs = [cancel(1, '7', 0, 204, 1), cancel(2, '7', 0, 204, 1), cancel(3, '8', 500, 204)];
    expect(momentOf(cs, cs[1]!.x)).toMatchObject({ others: [], after: [] });
  });

  it('groups a chain of cancels each on the wire with the group so far, and reads a grown array again', () => {
    // 7 ends at 120; 8 leaves at 100 (overlaps 7), 9 at 115 (overlaps 7 still, not 8's 100..120 alone).
    const cs = [cancel(1, '7', 0, 204), cancel(2, '8', 100, 204), cancel(3, '9', 115, 204)];
    cs[0] = { ...cs[0]!, x: { ...cs[0]!.x, durationMs: 120 } as Exchange };
    expect([...besideOtherOrders(cs)].map((x) => x.seq)).toEqual([1, 2, 3]);
    // The same array, grown by a cancel of 7 once all were answered: grouped afresh, 7 served again.
    cs.push(cancel(4, '7', 400, 204));
    const { found, groups } = lostUpdates(cs);
    expect(groups).toBe(1);
    expect(found.map((f) => [f.id, f.again.seq])).toEqual([['7', 4]]);
  });
});
