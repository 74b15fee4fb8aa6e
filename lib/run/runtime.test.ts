// The run's waits, counted by why as the pacer sleeps through them, and the closing line that says so: what
// the target's limits made the run wait, apart from what a check chose to let pass.
import { describe, expect, it } from 'vitest';
import { waitsLine } from './runtime.ts';

describe('waitsLine', () => {
  it('says nothing for a run that never waited', () => {
    expect(waitsLine({ limits: 0, chosen: 0 })).toBeUndefined();
  });

  it("tells the target's limits from a window a check let pass", () => {
    expect(waitsLine({ limits: 19_800, chosen: 1200 })).toMatch(
      /^Waits: 21\.0 s in all; 19\.8 s as the target's limits required .*, 1\.2 s for a rate-limit window to pass/,
    );
  });
});
