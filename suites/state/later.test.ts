// When the later look may wait for its window: with the probe or --exhaustive up to --max-wait-seconds (past
// it, that limit leaves the checks out); without them only a short wait, and a longer one names --exhaustive.
import { describe, expect, it } from 'vitest';
import { lookPolicy, SHORT_WAIT_MS } from './later.ts';

const MINUTE = { ms: 60_000, source: 'announced' as const };
const opts = (o: Partial<{ exhaustive: boolean; probeOff: boolean; maxWaitMs: number }>) => ({
  exhaustive: false,
  probeOff: true,
  maxWaitMs: 120_000,
  ...o,
});

describe('lookPolicy', () => {
  it('waits a short while without the probe, never beyond --max-wait-seconds, and is then no limit', () => {
    expect(lookPolicy(SHORT_WAIT_MS, MINUTE, opts({}))).toBeUndefined();
    const tooLong = lookPolicy(SHORT_WAIT_MS + 1, MINUTE, opts({}));
    expect(tooLong?.cause).toEqual({ kind: 'input', setting: 'exhaustive' });
    expect(tooLong?.reason).toMatch(/⟦setting:exhaustive⟧ to wait/);
    // A wait limit below the short wait only shortens it: leaving the look out is still no harness limit.
    expect(lookPolicy(3000, MINUTE, opts({ maxWaitMs: 2000 }))?.cause).toEqual({
      kind: 'input',
      setting: 'exhaustive',
    });
  });

  it('waits the window with the probe on or --exhaustive, up to --max-wait-seconds, a limit past it', () => {
    for (const o of [{ probeOff: false }, { exhaustive: true }]) {
      expect(lookPolicy(61_000, MINUTE, opts(o))).toBeUndefined();
      expect(lookPolicy(61_000, MINUTE, opts({ ...o, maxWaitMs: 30_000 }))?.cause).toEqual({
        kind: 'limit',
        setting: 'maxWaitSeconds',
      });
    }
  });
});
