// Unit tests of the walk after a group of Limit + 1 all served (paced.ts onAfterPaced): one at a time from the
// group's Remaining 0 until a refusal, at most three, never past Remaining above 0, the ceiling or the budget.
// The answers are scripted (what a token bucket gives as the round trip shortens or lengthens); the Pacer is real.
import { describe, expect, it } from 'vitest';
import { Pacer } from '../../../lib/http/pacer.ts';
import { refused, rl, sample, walkOf } from '../../../test/support/probe-records.ts';
import type { Tools } from '../../kit/context.ts';
import { onAfterPaced } from './paced.ts';
import type { ProbeRequest, Sample } from './record.ts';
import type { ProbeSender } from './sender.ts';

const REQUEST: ProbeRequest = { method: 'GET', path: '/store/orders', label: 'GET /store/orders' };
const is429 = (s: Sample) => s.status === 429;

/** A walk whose group ended at Remaining 0, answered in turn by `answers` (status, Remaining). */
function setting(answers: [number, number][], budget = 400) {
  const pacer = new Pacer({ maxRequests: budget, maxWaitMs: 60_000, sleep: async () => {} });
  const env = { http: { pacer }, config: { maxWaitMs: 60_000 }, log: () => {} } as unknown as Tools;
  const walk = walkOf([4, 3, 2, 1, 0]);
  walk.sent = 5;
  let n = 5;
  const sent: ProbeRequest[] = [];
  const sender = {
    send: async (request: ProbeRequest) => {
      sent.push(request);
      const [status, remaining] = answers[sent.length - 1] ?? [200, 0];
      n += 1;
      return sample(n, status, status === 429 ? refused() : rl(remaining));
    },
  } as unknown as ProbeSender;
  return { env, walk, sender, sent };
}

describe('the walk on from a paced group all served', () => {
  it('stops at the first refusal: the count where the group left it', async () => {
    const s = setting([[429, 0]]);
    const more = await onAfterPaced(s.env, s.sender, s.walk, REQUEST, { reserve: 10, ceiling: 50 }, is429);
    expect(more.map((m) => m.status)).toEqual([429]);
    expect(s.walk.sent).toBe(6);
  });

  it('goes on while a token came back before each, at most three', async () => {
    const s = setting([
      [200, 0],
      [200, 0],
      [200, 0],
      [429, 0],
    ]);
    const more = await onAfterPaced(s.env, s.sender, s.walk, REQUEST, { reserve: 10, ceiling: 50 }, is429);
    expect(more.map((m) => m.status)).toEqual([200, 200, 200]);
    const two = setting([
      [200, 0],
      [429, 0],
    ]);
    expect(
      (await onAfterPaced(two.env, two.sender, two.walk, REQUEST, { reserve: 10, ceiling: 50 }, is429)).map(
        (m) => m.status,
      ),
    ).toEqual([200, 429]);
  });

  it('goes on from Remaining 1, stops once Remaining is above 1, and never past the ceiling or budget', async () => {
    const one = setting([
      [200, 0],
      [429, 0],
    ]);
    one.walk.samples[one.walk.samples.length - 1] = one.walk.samples.at(-2)!;
    expect(
      (await onAfterPaced(one.env, one.sender, one.walk, REQUEST, { reserve: 10, ceiling: 50 }, is429)).map(
        (m) => m.status,
      ),
    ).toEqual([200, 429]);
    const rose = setting([
      [200, 2],
      [429, 0],
    ]);
    expect(
      await onAfterPaced(rose.env, rose.sender, rose.walk, REQUEST, { reserve: 10, ceiling: 50 }, is429),
    ).toHaveLength(1);
    const ceiling = setting([[429, 0]]);
    expect(
      await onAfterPaced(
        ceiling.env,
        ceiling.sender,
        ceiling.walk,
        REQUEST,
        { reserve: 10, ceiling: 5 },
        is429,
      ),
    ).toEqual([]);
    const budget = setting([[429, 0]], 11);
    expect(
      await onAfterPaced(
        budget.env,
        budget.sender,
        budget.walk,
        REQUEST,
        { reserve: 10, ceiling: 50 },
        is429,
      ),
    ).toEqual([]);
    expect(ceiling.sent).toEqual([]);
    expect(budget.sent).toEqual([]);
  });
});
