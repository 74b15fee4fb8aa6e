// What RL-PROBE-REMAINING-COUNTS makes of a Remaining that rises within one Reset (a cache replaying an earlier
// answer's fields, or a refill), and what RL-PROBE-LIMIT-ENFORCED blames when a spelling counted with the key
// is among the requests served past the limit. Synthetic samples (test/support/probe-records.ts); nothing is sent.
import { describe, expect, it } from 'vitest';
import { rl, sample, T0, WINDOW_LIMIT, walkOf, windowAnswer } from '../../../test/support/probe-records.ts';
import { judgeCounts } from './judge-counts.ts';
import { judgeEnforced } from './judge-limit.ts';
import type { Sample } from './record.ts';
import { resetMovesLater, unexplainedRises } from './replayed.ts';

/** Answers of one window, one after another (each sent once the one before was answered). */
function inOrder(remainings: number[], status = 404): Sample[] {
  return remainings.map((r, n) => {
    const s = windowAnswer(
      n,
      n % 3 === 0 ? 'GET' : 'DELETE',
      n % 3 === 0 ? '/store/orders' : '/store/orders/9',
      status,
      r,
    );
    Object.assign(s.response.exchange, { startedAt: new Date(T0 + 100 + n * 20 - 5).toISOString() });
    return s;
  });
}

describe('a Remaining that rises within one Reset', () => {
  it('by one or more where the walk read a window that gives nothing back: a replayed answer', () => {
    // 9, 8, 7, then the list stored at 9 answered again, then 6: Reset unmoved, 10 s ahead.
    const rises = unexplainedRises(inOrder([9, 8, 7, 9, 6]), true);
    expect(rises.map((r) => [r.from.n, r.to.n, r.by, r.repeats?.n])).toEqual([[2, 3, 2, 0]]);
    expect(unexplainedRises(inOrder([9, 8, 9, 7]), true).map((r) => r.by)).toEqual([1]);
  });

  it('against a limiter that may refill, only past the fastest refill its Reset allows', () => {
    // A rise of one could be a token that came back; a rise of two within 20 ms, with 3 of 10 to give back by
    // a Reset 10 s away, cannot.
    expect(unexplainedRises(inOrder([9, 8, 9, 7]), false)).toEqual([]);
    expect(unexplainedRises(inOrder([9, 8, 7, 9, 6]), false).map((r) => r.by)).toEqual([2]);
  });

  it('says nothing of answers sent together, without a Date, or of a window that turned', () => {
    const together = inOrder([9, 8, 7, 9]);
    // The fourth sent before the third was answered: their order is not the count's.
    Object.assign(together[3]!.response.exchange, {
      startedAt: new Date(T0 + 100 + 2 * 20 - 5).toISOString(),
    });
    expect(unexplainedRises(together, true)).toEqual([]);
    const undated = inOrder([9, 8, 7, 9]);
    for (const s of undated) delete (s.response.headers as Record<string, string>).date;
    expect(unexplainedRises(undated, true)).toEqual([]);
    const turned = inOrder([9, 8, 7, 9]);
    Object.assign(turned[3]!, { reset: turned[3]!.reset! + 10 });
    expect(unexplainedRises(turned, true)).toEqual([]);
  });

  it('fails RL-PROBE-REMAINING-COUNTS on the run’s requests with the key, naming the answer repeated', () => {
    const walk = walkOf([4, 3, 2, 1, 0]);
    const j = judgeCounts(walk, inOrder([9, 8, 7, 9, 6]));
    expect(j.findings.map((f) => f.message)).toEqual([
      expect.stringMatching(
        /^X-RateLimit-Remaining rose from 7 to 9 between the run's requests with the key #2 and #3, .*#3 repeats the Remaining and Reset of #0, an earlier answer/,
      ),
    ]);
  });
});

describe('the cause RL-PROBE-LIMIT-ENFORCED names for requests served past the limit', () => {
  it('is no spelling of the scheme that RL-PROBE-KEY-SPELLING saw counted with the key', () => {
    // Eleven served within one window of 10, one of them as "bearer <key>" in the key's count (8 after 9).
    const samples = inOrder([9, 8, 7, 6, 5, 8, 7, 6, 5, 4, 3], 200);
    const spelled: Sample = { ...samples[1]!, scheme: 'bearer' };
    samples[1] = spelled;
    const walk = { ...walkOf([1]), samples, sent: samples.length - 1 };
    walk.respelled = { scheme: 'bearer', acceptedSeq: 1, sent: [spelled], apart: [] };
    const j = judgeEnforced(walk);
    const said = typeof j === 'string' ? [j] : j.findings.map((f) => f.message);
    expect(said).toEqual([
      expect.stringMatching(new RegExp(`more than its X-RateLimit-Limit ${WINDOW_LIMIT}`)),
    ]);
    expect(said[0]).not.toMatch(/bearer|Authorization/);
  });
});

describe('a Reset that creeps later through the walk', () => {
  it('reads as no fixed moment once it moved by more than its rounding while Remaining fell', () => {
    // A bucket of 10 whose tokens come back every 0.3 s: the moment it is full moves 0.3 s later with each
    // request spent, one whole second every third or fourth step, never more than one on a step.
    const creeping = walkOf([9]);
    creeping.samples = [9, 8, 7, 6, 5, 4, 3, 2].map((r, i) =>
      sample(i, 404, rl(r, T0 / 1000 + 1 + Math.floor(((10 - r) * 3) / 10), 10)),
    );
    expect(resetMovesLater(creeping)).toBe(true);
    // A fixed window: Reset put, or moved by one (a second's rounding).
    const fixed = walkOf([9]);
    fixed.samples = [9, 8, 7, 6, 5, 4, 3, 2].map((r, i) =>
      sample(i, 404, rl(r, T0 / 1000 + 5 + (i > 4 ? 1 : 0), 10)),
    );
    expect(resetMovesLater(fixed)).toBe(false);
  });
});
