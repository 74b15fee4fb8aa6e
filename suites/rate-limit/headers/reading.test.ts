// Unit tests of reading.ts: a list of readings kept as positions grows past its first room and reads each
// back; a reading reads its response's fields from the columns; the predecessor is the last answer before.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../lib/http/transcript.ts';
import { RateLimitColumns } from '../../kit/rate-limit-columns.ts';
import { predecessor, ReadingList } from './reading.ts';

const T0 = 1_800_000_000_000;

/** A 2xx sent at `at`, answered `took` ms later, with Remaining `remaining` and Reset a minute on. */
function answer(seq: number, at: number, remaining: number, took = 10): Exchange {
  return {
    seq,
    bucket: 'primary',
    startedAt: new Date(at).toISOString(),
    durationMs: took,
    request: { method: 'GET', path: '/store/orders', headers: {} },
    response: {
      status: 200,
      headers: {
        date: new Date(at + took).toUTCString(),
        'x-ratelimit-limit': '100',
        'x-ratelimit-remaining': String(remaining),
        'x-ratelimit-reset': String(T0 / 1000 + 60),
      },
    },
  } as unknown as Exchange;
}

describe('reading list', () => {
  it('keeps any number of positions and reads each back as a reading of its response', () => {
    const xs = Array.from({ length: 40 }, (_, i) => answer(i, T0 + i * 100, 99 - i));
    const list = new ReadingList(new RateLimitColumns(xs));
    for (let i = xs.length - 1; i >= 0; i -= 2) list.push(i);
    expect(list.length).toBe(20);
    expect(list.position(0)).toBe(39);
    const r = list.get(19)!;
    expect(r.x).toBe(xs[1]);
    expect([r.remaining, r.limit, r.reset, r.status]).toEqual([98, 100, T0 / 1000 + 60, 200]);
    expect([r.sentAtMs, r.receivedAtMs]).toEqual([T0 + 100, T0 + 110]);
    // The Date is whole seconds, read down: the server's clock at the answer, and the local one ahead of it.
    expect(r.serverNowMs).toBe(T0);
    expect(r.skewMs).toBe(110);
    expect(r.resetAtMs).toBe(T0 + 60_000 + 110);
    expect(list.get(20)).toBeUndefined();
    expect(list.get(-1)).toBeUndefined();
  });

  it('finds the last answer that arrived before a request went out', () => {
    // Answers at +10, +30 (sent at 0 and 20, the second slow) and +25 (sent at 15).
    const xs = [answer(0, T0, 9), answer(1, T0 + 20, 8, 10), answer(2, T0 + 15, 7, 10)];
    const cols = new RateLimitColumns(xs);
    const done = new ReadingList(cols);
    const later = new ReadingList(cols);
    later.push(2);
    const r = later.get(0)!;
    expect(predecessor(done, r)).toBeUndefined();
    done.push(0);
    done.push(1);
    // The one answered at +30 came after r went out (+15): the one before it is the predecessor.
    expect(predecessor(done, r)!.x).toBe(xs[0]);
  });
});
