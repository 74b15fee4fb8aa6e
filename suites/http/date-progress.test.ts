// Date's progress over the run: a Date frozen at start-up falls behind the run's clock, one that keeps up (or
// a clock set apart from ours) does not, and a stored response cannot make a finding where a fresh one came.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { type Dated, dateProgress, LAG_TOLERANCE_MS, MIN_SPAN_MS } from './date-progress.ts';

const T0 = Date.UTC(2026, 11, 6, 23, 0, 0);
let seq = 0;
/** A response the run sent at `sentS` seconds (received 50 ms later) whose Date reads `dateS` seconds. */
const at = (sentS: number, dateS: number): Dated => ({
  x: { seq: ++seq } as Exchange,
  date: T0 + dateS * 1000,
  sent: T0 + sentS * 1000 + 300,
  received: T0 + sentS * 1000 + 350,
});

describe('dateProgress', () => {
  it('finds a Date frozen at start-up behind by the whole span', () => {
    const p = dateProgress([at(0, 0), at(3, 0), at(12, 0)])!;
    expect(p.spanMs).toBeGreaterThanOrEqual(MIN_SPAN_MS);
    expect(p.lagMs).toBeGreaterThan(LAG_TOLERANCE_MS);
  });

  it('passes a Date that keeps up, whole seconds floored, and one offset from our clock', () => {
    expect(dateProgress([at(0, 0), at(6, 5), at(12, 11)])!.lagMs).toBeLessThanOrEqual(LAG_TOLERANCE_MS);
    expect(dateProgress([at(0, 3600), at(9, 3609)])!.lagMs).toBeLessThanOrEqual(LAG_TOLERANCE_MS);
  });

  it('judges by the later response that kept up best: one stored response makes no finding', () => {
    const p = dateProgress([at(0, 0), at(8, 8), at(9, 0)])!;
    expect(p.lagMs).toBeLessThanOrEqual(LAG_TOLERANCE_MS);
    expect(p.best.date).toBe(T0 + 8000);
  });

  it('judges nothing over less than the least span', () => {
    expect(dateProgress([at(0, 0), at(4, 0)])).toBeUndefined();
    expect(dateProgress([])).toBeUndefined();
  });
});
