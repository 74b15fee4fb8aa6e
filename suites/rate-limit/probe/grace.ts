// The whole-second grace of a recovery (Recovery.graceMs): which refusal after the wait is forgiven as a limiter
// keeping its window's end to the second, and when the next try settles whether the limit lifted within it.
// Pure; the recovery (recovery.ts) and its judge (judge-after-walk.ts) read it alike.
import { backoffMs } from '../../../lib/http/pacer.ts';
import { announcedLiftMs, type Recovery, type Sample } from './record.ts';

/** When an attempt left (its exchange's start), else when it was answered. */
export function sentAtMs(s: Sample): number {
  const started = Date.parse(s.response.exchange.startedAt);
  return Number.isFinite(started) ? started : s.response.receivedAtMs;
}

/**
 * How much later than the announced moment (beyond the whole-second grace) a refusal in that second may name
 * its own lift before it names a new window: 2 s of rounding and skew, or half the first wait when longer.
 */
export function newWindowMarginMs(recovery: Recovery): number {
  return Math.max(2000, (recovery.waitsMs[0] ?? 0) / 2);
}

/** How far past the announced moment `s` was sent (0 when no moment was announced). */
export const pastDueMs = (recovery: Recovery, s: Sample): number =>
  recovery.dueAtMs === undefined ? 0 : sentAtMs(s) - recovery.dueAtMs;

/** Whether refusal `s` announces a lift a new window later than the moment the wait said. */
export function renamedWindow(recovery: Recovery, s: Sample): boolean {
  const lift = announcedLiftMs(s);
  const due = recovery.dueAtMs;
  return (
    due !== undefined &&
    lift !== undefined &&
    lift > due + (recovery.graceMs ?? 0) + newWindowMarginMs(recovery)
  );
}

/** Whether refusal `s` came within the grace second past the announced moment, still naming about that moment. */
export const withinGrace = (recovery: Recovery, s: Sample): boolean =>
  pastDueMs(recovery, s) < (recovery.graceMs ?? 0) && !renamedWindow(recovery, s);

/**
 * The wait after a refusal within the grace second: the backoff owed a second 429 in a row (spec §8 rule 4, as
 * the pacer keeps it: 2 s) or the refusal's own Retry-After, whichever ends later. It lands past the grace, so
 * the answer settles what the forgiven refusal left open: refused, the limit did not lift when told; served,
 * it lifted within about the second. The doubling of the first wait would let a counter that outlives its
 * Reset (an expiry renewed by every request) lapse unseen meanwhile.
 */
export const settleWaitMs = (retryAfterMs: number): number => Math.max(retryAfterMs, backoffMs(2));
