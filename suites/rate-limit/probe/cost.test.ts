// The probe's cost as the plan asks for it: its fixed part alone when the window is unknown, and with a known
// window a walk through Limit, a burst of Limit + 1 when asked for, and a wait of one window.
import { describe, expect, it } from 'vitest';
import { PROBE_FLOOR, probeCost, probeNeeds } from './cost.ts';
import { RECOVERY_ATTEMPTS, WALK_MARGIN } from './record.ts';

describe('probeCost', () => {
  it('is the fixed part of the probe when the window is unknown', () => {
    expect(PROBE_FLOOR).toBe(2 + WALK_MARGIN + RECOVERY_ATTEMPTS);
    expect(probeCost(undefined, true)).toEqual({ known: false, floor: PROBE_FLOOR });
    expect(probeNeeds.requests).toBe(PROBE_FLOOR);
  });

  it('adds a walk through Limit, and a burst of Limit + 1 (and a read of a fresh window) only when asked for, to a known window', () => {
    const window = { limit: 60, windowSeconds: 10, source: 'a test window' };
    expect(probeCost(window, false)).toEqual({
      known: true,
      requests: PROBE_FLOOR + 60,
      waitSeconds: 10,
      source: 'a test window',
    });
    expect(probeCost(window, true)).toMatchObject({ requests: PROBE_FLOOR + 60 + 61 + 1 });
  });
});
