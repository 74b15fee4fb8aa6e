// The capped walk of a window whose Reset lies past --max-wait-seconds: only a Limit that is a plan's day quota,
// with Remaining to spare past that plan's minute, is walked, and never to its own Remaining 0.
import { describe, expect, it } from 'vitest';
import { rl, sample, T0 } from '../../../test/support/probe-records.ts';
import { cappedWalk } from './far-reset.ts';
import type { Reading } from './record.ts';

const DAY_AHEAD = T0 / 1000 + 80_000;
const reading = (remaining: number, limit: number, limitFrom: Reading['limitFrom'] = 'reading'): Reading => ({
  request: { method: 'GET', path: '/store/orders', label: 'GET /store/orders' },
  sample: sample(0, 200, rl(remaining, DAY_AHEAD, limit)),
  limit,
  limitFrom,
});

describe('cappedWalk', () => {
  it("walks a plan's day quota no further than that plan's minute and the margin", () => {
    const free = cappedWalk(reading(990, 1000), undefined, 80_000_000);
    expect(free?.bound).toBe(63);
    expect(free?.why).toMatch(/Free plan's day quota.*60 requests per minute \+ 3, leaving 927/i);
    expect(cappedWalk(reading(9000, 10_000), 'pro', 80_000_000)?.bound).toBe(303);
  });

  it('walks nothing that is no day quota, one the plan given does not match, or one nearly spent', () => {
    // A minute window past a short wait limit: walking it would spend it.
    expect(cappedWalk(reading(50, 60), undefined, 60_000)).toBeUndefined();
    expect(cappedWalk(reading(990, 1000), 'pro', 80_000_000)).toBeUndefined();
    expect(cappedWalk(reading(64, 1000), undefined, 80_000_000)).toBeUndefined();
    // A Limit the run took from --plan says nothing of the target.
    expect(cappedWalk(reading(990, 1000, 'plan'), 'free', 80_000_000)).toBeUndefined();
  });
});
