// Unit tests of when the probe walks past its first 429 or its bound (held-again.ts, counters-walk.ts), on
// synthetic samples: only an early 429 sends the held cancel again, only several counters served past the
// Limit walk on.
import { describe, expect, it } from 'vitest';
import { Pacer } from '../../../lib/http/pacer.ts';
import { refused, rl, sample, T0, walkOf } from '../../../test/support/probe-records.ts';
import type { Tools } from '../../kit/context.ts';
import { countersSeen, noLimitWhy, walkOnToARefusal } from './counters-walk.ts';
import { earlyLimitAt } from './held-again.ts';
import type { ProbeSender } from './sender.ts';

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

  it('goes on from a window that turned on the way, with every counter whole again', async () => {
    // Three counters of 5 in a window ending at T0/1000 + 10, left at 1 each: the walk on owes 3 x 2 + 3.
    // Two answers later the window turns (Reset 10 s later, each counter whole): 15 more are served before
    // the 429, more than the walk on first owed.
    const date = (at: number) => ({ date: new Date(Math.floor(at / 1000) * 1000).toUTCString() });
    const first = T0 / 1000 + 10;
    const turns = [4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1];
    const walk = walkOf([4]);
    walk.samples = turns.map((r, i) =>
      sample(i, 404, { ...rl(r, first), ...date(T0 + i * 10) }, T0 + i * 10),
    );
    walk.sent = turns.length;
    const script: [number, number, number][] = [
      [200, 0, first],
      [200, 0, first],
      ...[4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0].map((r): [number, number, number] => [
        200,
        r,
        first + 10,
      ]),
      [429, 0, first + 10],
    ];
    let n = turns.length - 1;
    const sender = {
      send: async () => {
        const [status, remaining, reset] = script[n - turns.length + 1] ?? [200, 4, first + 20];
        n += 1;
        const at = T0 + (n < turns.length + 2 ? n * 10 : 10_000 + n * 10);
        return sample(
          n,
          status,
          { ...rl(remaining, reset), ...date(at), ...(status === 429 ? { 'retry-after': '9' } : {}) },
          at,
        );
      },
    } as unknown as ProbeSender;
    const pacer = new Pacer({ maxRequests: 400, maxWaitMs: 60_000, sleep: async () => {} });
    const env = { http: { pacer }, log: () => {} } as unknown as Tools;
    const request = { method: 'GET', path: '/store/orders', label: 'GET /store/orders' } as const;
    await walkOnToARefusal(env, sender, walk, request, 10);
    expect(walk.unreached?.reason).toBeUndefined();
    expect(walk.limited?.status).toBe(429);
    expect(walk.sent).toBe(turns.length + script.length);
  });

  it('names the cause it recorded, else that no 429 was met', () => {
    const walk = walkOf([4, 3, 2, 1, 0]);
    expect(noLimitWhy(walk)).toBe('the walk met no 429 (see RL-PROBE-LIMIT-ENFORCED)');
    walk.unreached = { reason: 'no 429 was reached: over the budget', cause: { kind: 'outcome' } };
    expect(noLimitWhy(walk)).toBe('no 429 was reached: over the budget');
  });
});
