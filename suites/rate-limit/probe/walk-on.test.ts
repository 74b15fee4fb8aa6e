// Unit tests of when the probe walks past its first 429 or its bound (held-again.ts, counters-walk.ts), on
// synthetic samples: only an early 429 sends the held cancel again, only several counters served past the
// Limit walk on.
import { describe, expect, it } from 'vitest';
import { refused, rl, sample, walkOf } from '../../../test/support/probe-records.ts';
import { countersSeen, noLimitWhy } from './counters-walk.ts';
import { earlyLimitAt } from './held-again.ts';

describe('the held cancel after an early 429', () => {
  it('is owed only when the 429 came at a Remaining above 0 and no cancel went past the limit', () => {
    expect(earlyLimitAt(walkOf([4, 3, 2, 1], refused()))).toBe(1);
    expect(earlyLimitAt(walkOf([4, 3, 2, 1, 0], refused()))).toBeUndefined();
    expect(earlyLimitAt(walkOf([4, 3, 2, 1]))).toBeUndefined();
    const sent = walkOf([4, 3, 2, 1], refused());
    sent.overLimit = sent.limited!;
    expect(earlyLimitAt(sent)).toBeUndefined();
  });
});

describe('the walk on past several counters', () => {
  it('reads interleaved counts that served past the Limit, and none from one count', () => {
    // Three counters of 5 each, taking requests in turn: 12 served in one window of Limit 5.
    const turns = [4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1];
    const date = { date: new Date(1_800_000_000_000).toUTCString() };
    const three = walkOf([4]);
    three.samples = turns.map((r, i) => sample(i, 404, { ...rl(r, 1_800_000_010), ...date }));
    expect(countersSeen(three)).toEqual({ counts: 3, most: 1 });
    expect(countersSeen(walkOf([4, 3, 2, 1, 0]))).toBeUndefined();
  });

  it('reads them over the whole walk when the window turned too late to show them again', () => {
    // The same three counters, then the window turned two requests before the walk's ceiling: the new
    // window's counts are too short to read, so the whole walk's are taken, each whole again (Limit − 1).
    const turns = [4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1];
    const date = { date: new Date(1_800_000_000_000).toUTCString() };
    const late = walkOf([4]);
    late.samples = [
      ...turns.map((r, i) => sample(i, 404, { ...rl(r, 1_800_000_010), ...date })),
      ...[4, 4].map((r, i) => sample(12 + i, 404, { ...rl(r, 1_800_000_020), ...date })),
    ];
    expect(countersSeen(late)).toEqual({ counts: 3, most: 1 });
    late.rolledAt = 12;
    expect(countersSeen(late)).toEqual({ counts: 3, most: 4 });
  });

  it('names the cause it recorded, else that no 429 was met', () => {
    const walk = walkOf([4, 3, 2, 1, 0]);
    expect(noLimitWhy(walk)).toBe('the walk met no 429 (see RL-PROBE-LIMIT-ENFORCED)');
    walk.unreached = { reason: 'no 429 was reached: over the budget', cause: { kind: 'outcome' } };
    expect(noLimitWhy(walk)).toBe('no 429 was reached: over the budget');
  });
});
