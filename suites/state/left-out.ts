// Why a check's own sending gave its judge nothing to read (a live run only): the sending records it, and the
// judge, when it found nothing to judge, is left out with that reason; over a recording, which has none, it
// is not observed (kit/traffic.ts NOT_OBSERVED). Records no verdict: the judge alone decides.
import type { Skip } from '../../lib/check/skip.ts';
import { memoKey } from '../../lib/run/memo.ts';
import type { Ctx } from '../kit/context.ts';

const WHY = memoKey<Map<string, Skip>>('state/left-out');

/** Records why the current check's sending shows its judge nothing (the last word stands). */
export function leaveOut(ctx: Ctx, why: Skip): void {
  ctx.memo.once(WHY, () => new Map()).set(ctx.check.id, why);
}

/** Ends the check as not judged: its sending's reason, else `unseen` (what no exchange showed: NOT_OBSERVED). */
export function nothingJudged(ctx: Ctx, unseen: Skip): never {
  return ctx.skip(ctx.memo.peek(WHY)?.get(ctx.check.id) ?? unseen);
}
