// Unit tests of the walk's one wait for a fresh window when Remaining 0 comes too near a window's end for the
// held fixture's cancel (sinatra-puma's clock-aligned window under load): through a real Pacer whose sleep is
// recorded, not slept; nothing is sent.
import { describe, expect, it } from 'vitest';
import { Pacer, type WaitInfo } from '../../../lib/http/pacer.ts';
import { sample } from '../../../test/support/probe-records.ts';
import type { Tools } from '../../kit/context.ts';
import { waitToHoldPast } from './held-wait.ts';
import type { Walk } from './record.ts';
import { ProbeSender } from './sender.ts';

const LIMIT = 60;
const MARGIN_MS = 1500;

/**
 * A walk at Remaining 0 whose window ends within `leftMs` from now, less up to a second (Reset in whole
 * seconds, no Date: read on our clock).
 */
function setting(leftMs: number, budget = 400, sent = 60) {
  const at = Date.now();
  const endS = Math.ceil((at + leftMs - 1000) / 1000);
  const zero = sample(
    sent,
    404,
    {
      'x-ratelimit-limit': String(LIMIT),
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(endS),
    },
    at,
  );
  const slept: WaitInfo[] = [];
  const pacer = new Pacer({
    maxRequests: budget,
    maxWaitMs: 120_000,
    sleep: async (_ms, info) => {
      slept.push(info);
    },
  });
  const lines: string[] = [];
  const env = {
    http: { pacer },
    config: { maxWaitMs: 120_000 },
    log: (line: string) => lines.push(line),
  } as unknown as Tools;
  const walk: Walk = { samples: [zero], bound: sent + 3, sent, spoofed: [], apart: [], headersRefused: [] };
  return { env, walk, zero, slept, lines, sender: new ProbeSender(env), endMs: endS * 1000 };
}

const ROOM = { ceiling: 200, reserve: 10, marginMs: MARGIN_MS };

describe("the walk's wait at Remaining 0 too near the window's end", () => {
  it('waits once, until a second past the Reset moment, and says why', async () => {
    const s = setting(1300);
    expect(await waitToHoldPast(s.env, s.sender, s.walk, s.zero, ROOM)).toBe(true);
    expect(s.slept.map((w) => w.reason)).toEqual(['X-RateLimit-Reset']);
    expect(s.slept[0]!.ms).toBeGreaterThan(1000);
    expect(s.slept[0]!.ms).toBeLessThanOrEqual(s.endMs + 1000 - Date.now() + 50);
    expect(s.lines.join('\n')).toMatch(
      /too little for the held fixture's cancel .*waiting for the next window/,
    );
    // Never a second time in one walk.
    expect(await waitToHoldPast(s.env, s.sender, s.walk, s.zero, ROOM)).toBe(false);
    expect(s.slept).toHaveLength(1);
  });

  it('does not wait with room left in the window', async () => {
    const s = setting(5000);
    expect(await waitToHoldPast(s.env, s.sender, s.walk, s.zero, ROOM)).toBe(false);
    expect(s.slept).toEqual([]);
  });

  it("does not wait when another window's walk would pass the ceiling or the budget", async () => {
    const high = setting(1300, 400, 150);
    expect(await waitToHoldPast(high.env, high.sender, high.walk, high.zero, ROOM)).toBe(false);
    const poor = setting(1300, 70);
    expect(await waitToHoldPast(poor.env, poor.sender, poor.walk, poor.zero, ROOM)).toBe(false);
    expect([...high.slept, ...poor.slept]).toEqual([]);
  });
});
