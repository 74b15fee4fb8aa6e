// The room HTTP-SURFACE-PROPERTY sends in: the key's window as the pacer reads it, each spent window waited out
// while --surface-windows allows, never past --max-wait-seconds.
import { flagAndEnv } from '../../lib/config/settings.ts';
import { RESET_MARGIN_MS } from '../../lib/http/pacer.ts';
import type { Ctx } from '../kit/context.ts';
import { SHORT_WAIT_MS } from '../kit/key-window.ts';

/** The key's window has no room left and the run may wait no further window (--surface-windows). */
export class OutOfRoom extends Error {}

/**
 * Waits for room in the key's window for `need` requests (1 unless said): each window without it is waited
 * out while --surface-windows allows.
 */
export function roomKeeper(ctx: Ctx) {
  let windows = 1;
  // The window the surface first sends in is its first: one the earlier checks spent before it began, and that
  // ends within SHORT_WAIT_MS (a short window), is waited out without counting (else where in a window the
  // surface fell would decide whether it ran); a default run never waits a Free minute out for it.
  let sending = false;
  return async (need = 1): Promise<void> => {
    const { remaining, resetAtMs } = ctx.http.pacer.snapshot('primary');
    if (
      remaining === undefined ||
      remaining >= need ||
      (resetAtMs !== undefined && resetAtMs <= Date.now())
    ) {
      sending = true;
      return;
    }
    if (!sending && resetAtMs !== undefined && resetAtMs - Date.now() <= SHORT_WAIT_MS) windows -= 1;
    sending = true;
    if (windows >= ctx.config.surfaceWindows || resetAtMs === undefined)
      throw new OutOfRoom(`the key's window had no room left after ${windows} window(s)`);
    if (!(await ctx.http.pacer.waitUntil('primary', resetAtMs + RESET_MARGIN_MS, 'X-RateLimit-Reset')))
      throw new OutOfRoom(
        `the key's window resets later than ${flagAndEnv('maxWaitSeconds')} allows waiting`,
      );
    windows += 1;
  };
}
