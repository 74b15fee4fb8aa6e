// What the rate-limit probe costs, stated by the probe for its checks' needs and for the plan made before
// anything is sent: its fixed part always, its whole cost and wait when the target's window is known in
// advance. Numbers only; it never sends.
import type { KnownWindow, ProbeCost } from '../../../lib/run/plan-checks.ts';
import { RECOVERY_ATTEMPTS, WALK_MARGIN } from './record.ts';

/**
 * The least the probe can cost: the list (for an absent id), the reading, a walk from Remaining 0 (its
 * margin alone) and the recovery. The real cost depends on the Remaining the reading finds; the probe checks
 * it against the budget then and skips with the same reason (raise --max-requests) when it does not fit.
 */
export const PROBE_FLOOR = 1 + 1 + WALK_MARGIN + RECOVERY_ATTEMPTS;

/** The needs of an RL-PROBE check that runs the probe, and of one that only reads its record. */
export const probeNeeds = { requests: PROBE_FLOOR, probe: true } as const;
export const judgeOnly = { requests: 0, probe: true } as const;

/**
 * The probe's cost as the plan asks for it: with a known window, its fixed part and a walk through Limit
 * (plus a burst of Limit + 1 when asked for, and a request to read a fresh window before it) and a wait of one window; without one, its fixed part, the rest
 * being known only after its first response.
 */
export function probeCost(window: KnownWindow | undefined, burst: boolean): ProbeCost {
  if (!window) return { known: false, floor: PROBE_FLOOR };
  return {
    known: true,
    requests: PROBE_FLOOR + window.limit + (burst ? window.limit + 2 : 0),
    waitSeconds: window.windowSeconds,
    source: window.source,
  };
}
