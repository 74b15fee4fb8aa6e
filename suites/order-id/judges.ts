// The one judge of the orderId checks that read cancels of ids the first list proves absent: every such cancel
// with the key in the run (or a recording) so far, judged as the property judges each of its cases (judge.ts).
// What the property sent (its edge cases, a replay) is read from the run's memo when there is one. Sends nothing.
import { memoKey } from '../../lib/run/memo.ts';
import { absentCancels, answerOf } from '../kit/absent-cancels.ts';
import type { Ctx } from '../kit/context.ts';
import { type CaseFailure, judgeAbsent } from './judge.ts';

/** A property judge's failure as the check's problem. */
export function fails(ctx: Ctx, f: CaseFailure | undefined): void {
  if (f)
    ctx.problem(f.message, {
      expected: f.expected,
      actual: f.actual,
      exchange: f.exchange,
      ...(f.schema ? { schema: f.schema } : {}),
    });
}

/** What the absent-id property sent, as its judge tells it: the edge cases, a replay. */
export const ABSENT_SENT = memoKey<{ replayed: boolean; edges: number; untrusted: number }>(
  'order-id/absent-sent',
);

/** ID-ABSENT-404: every cancel of an id proven absent answered 404, an Error and the rate-limit headers. */
export async function absent404(ctx: Ctx): Promise<void> {
  const { known, xs } = await absentCancels(ctx);
  let unread = 0;
  for (const { x, id } of xs) {
    // A 404 whose body was not recorded: its status is judged, not the Error it may carry.
    if (x.response!.status === 404 && x.response!.bodyTruncated) {
      unread += 1;
      continue;
    }
    fails(ctx, judgeAbsent(id, answerOf(ctx, x), known));
  }
  if (unread > 0)
    ctx.note(`${unread} answers 404 were recorded without their body: only their status is judged`);
  const sent = ctx.memo.peek(ABSENT_SENT);
  const edges = !sent
    ? ''
    : ` (${sent.edges} edge cases${sent.untrusted > 0 ? `; ${sent.untrusted} edges not sent, as the list cannot prove them absent: not fixtures, and the list is not trusted (--trust-order-list)` : ''})`;
  ctx.observe(
    sent?.replayed
      ? 'the replayed case now answers 404'
      : `404 with an Error body and rate-limit headers for ${xs.length} absent ids${edges}`,
    xs.length,
  );
}
