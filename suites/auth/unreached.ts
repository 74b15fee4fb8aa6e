// The operations a check could not reach because their exchanges failed at the HTTP level (no response, or
// no longer sent once their kind stopped): its sending notes them, its judge judges the others. Catches only
// E_HTTP; never sends.
import { HarnessError } from '../../lib/errors.ts';
import { memoKey } from '../../lib/run/memo.ts';
import type { Ctx } from '../kit/context.ts';

export class Unreached {
  private first: HarnessError | undefined;
  private readonly ops = new Set<string>();

  /**
   * `send`'s result, or undefined when its exchange failed at the HTTP level (recorded against `op`), or when
   * `op` already failed in this check: it is not tried again.
   */
  async attempt<T>(op: string, send: () => Promise<T>): Promise<T | undefined> {
    if (this.ops.has(op)) return undefined;
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof HarnessError) || error.code !== 'E_HTTP') throw error;
      this.first ??= error;
      this.ops.add(op);
      return undefined;
    }
  }

  /**
   * After every operation was tried: with `standing` above 0 (findings on other operations; for a check that
   * only records, what it recorded) the check stands on those, a note naming what was not reached (one
   * broken operation masks nothing); with none, the first failure ends the check in error as before, as a
   * pass over some operations would be no pass over all.
   */
  settle(ctx: Ctx, standing: number): void {
    if (!this.first) return;
    if (standing === 0) throw this.first;
    ctx.note(`not judged on ${[...this.ops].join(', ')}: ${this.first.message}`);
  }
}

/**
 * The current check's unreached operations in this run: what its `send` could not reach, which its judge
 * settles (none in a recording, where nothing is sent).
 */
export const unreachedOf = (ctx: Ctx): Unreached =>
  ctx.memo.once(memoKey<Unreached>(`auth/unreached/${ctx.check.id}`), () => new Unreached());

/** Settles the current check's unreached operations against what its judge found (Unreached.settle). */
export const settleUnreached = (ctx: Ctx, standing: number): void => unreachedOf(ctx).settle(ctx, standing);
