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
function setting(answers: [number, number][], budget = 400, held?: string) {
  const pacer = new Pacer({ maxRequests: budget, maxWaitMs: 60_000, sleep: async () => {} });
  const target = { heldFixture: held, spares: 0, holdSpare: () => (target.heldFixture = undefined) };
  const env = {
    http: { pacer },
    config: { maxWaitMs: 60_000, baseUrl: 'http://127.0.0.1:1/v1' },
    transcript: { all: () => [] },
    target,
    log: () => {},
  } as unknown as Tools;
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

/** The statuses onAfterPaced sent on a setting, within a ceiling of 50 (or `ceiling`) and a reserve of 10. */
async function walkedOn(s: ReturnType<typeof setting>, ceiling = 50): Promise<number[]> {
  const more = await onAfterPaced(s.env, s.sender, s.walk, REQUEST, { reserve: 10, ceiling }, is429);
  return more.map((m) => m.status);
}

describe('the walk on from a paced group all served', () => {
  it('stops at the first refusal: the count where the group left it', async () => {
    const s = setting([[429, 0]]);
    expect(await walkedOn(s)).toEqual([429]);
    expect(s.walk.sent).toBe(6);
  });

  it('goes on while a token came back before each, at most three', async () => {
    expect(
      await walkedOn(
        setting([
          [200, 0],
          [200, 0],
          [200, 0],
          [429, 0],
        ]),
      ),
    ).toEqual([200, 200, 200]);
    expect(
      await walkedOn(
        setting([
          [200, 0],
          [429, 0],
        ]),
      ),
    ).toEqual([200, 429]);
  });

  it('goes on from Remaining 1, stops once Remaining is above 1, and never past the ceiling or budget', async () => {
    const one = setting([
      [200, 0],
      [429, 0],
    ]);
    one.walk.samples[one.walk.samples.length - 1] = one.walk.samples.at(-2)!;
    expect(await walkedOn(one)).toEqual([200, 429]);
    expect(
      await walkedOn(
        setting([
          [200, 2],
          [429, 0],
        ]),
      ),
    ).toEqual([200]);
    const ceiling = setting([[429, 0]]);
    const budget = setting([[429, 0]], 11);
    expect(await walkedOn(ceiling, 5)).toEqual([]);
    expect(await walkedOn(budget)).toEqual([]);
    expect([...ceiling.sent, ...budget.sent]).toEqual([]);
  });

  it("sends the held fixture's cancel past Remaining 0 until one is refused, and a spare after one served", async () => {
    const s = setting(
      [
        [204, 0],
        [429, 0],
      ],
      400,
      '7',
    );
    expect(await walkedOn(s)).toEqual([204, 429]);
    // The first took the held fixture (a token came back); none was held after it, so the walk's own went.
    expect(s.sent.map((r) => r.path)).toEqual(['/store/orders/7', '/store/orders']);
    expect(s.walk.overLimit?.status).toBe(204);
  });
});
