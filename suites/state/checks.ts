// State over time (spec §3, §4 cancelOrder rule 1): what the run's requests did to the store. The first
// cancel looked at again once a rate-limit window has passed; refusals that must change nothing; a race of
// cancels; sequences; and every list of the run judged against the store model. Runs after the rate-limit
// probe (which waits out a window and sends the held fixture's cancel past the limit), its judges last; the
// 401 refusals go out earlier, before the first cancel, whose answer shows they changed nothing.

import { OUTCOME } from '../../lib/check/skip.ts';
import { SPEC } from '../kit/basis.ts';
import { type Ctx, check, suite } from '../kit/context.ts';
import { requireStatus } from '../kit/expect.ts';
import { describeStatus } from '../kit/responses.ts';
import { shares } from '../kit/sendings.ts';
import { type LaterLook, laterLook } from './later.ts';
import { listChecks } from './lists.ts';
import { raceCheck } from './race.ts';
import { refusedAbsent, refusedBeforeFirstCancel, refusedOverLimit, refusedShipped } from './refusals.ts';
import { sequenceCheck } from './sequence.ts';

const LATER = { requests: 0, shared: shares('later look') };

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The later look, or the check skips saying why it could not be taken. */
async function look(ctx: Ctx): Promise<LaterLook> {
  const l = await laterLook(ctx);
  if ('skip' in l) ctx.skip(l.skip);
  ctx.note(
    `order ${l.id} looked at again ${seconds(l.afterMs)} after its cancel (one rate-limit window: ${seconds(l.window.ms)}, ${l.window.source}; the run waited ${seconds(l.waitedMs)} for it)`,
  );
  return l;
}

const _is2xx = (status: number): boolean => status >= 200 && status <= 299;

export const stateOverTime = suite({
  id: 'STATE',
  title: 'State over time',
  spec: 'spec §3; spec §4 cancelOrder rule 1',
  checks: [
    check({
      id: 'STATE-CANCEL-LATER-NOT-2XX',
      spec: 'spec §4 cancelOrder rule 1; spec §3',
      level: 'MUST',
      rules: ['4.cancel.r1'],
      requirement:
        'The fixture the run cancelled, cancelled again once at least one rate-limit window has passed, is never answered 2xx.',
      rationale:
        'Only an order with status pending can be cancelled, and a cancelled order is no longer pending (spec §3 shows no transition back to pending): a cancellation is not forgotten with time.',
      basis: [SPEC.onlyPending, SPEC.pendingCancelled],
      title:
        'Sends DELETE /store/orders/{the cancelled fixture} again, once a rate-limit window has passed since the first cancel',
      needs: LATER,
      async run(ctx: Ctx) {
        const l = await look(ctx);
        const earlier = l.repeat ? `, refused at once (${l.repeat.status})` : '';
        requireStatus(
          ctx,
          l.again,
          `order ${l.id}, cancelled (${l.first.status})${earlier}, cancelled again ${seconds(l.afterMs)} later,`,
        ).not2xx('the cancellation was forgotten and the order taken for pending again');
        ctx.observe(
          `order ${l.id} still refused ${seconds(l.afterMs)} after its cancel: ${l.again.status}`,
          1,
        );
      },
    }),
    check({
      id: 'STATE-CANCEL-LATER-INFO',
      spec: 'spec §3 (next state after cancel: not shown)',
      level: 'INFO',
      rules: ['3.pending-next'],
      requirement:
        'Which status a cancel of the cancelled fixture gets once a window has passed, beside the one it got at once, is recorded.',
      rationale:
        "Not specified: a 409 that becomes a 404 says the order was removed meanwhile; 2xx is STATE-CANCEL-LATER-NOT-2XX's.",
      basis: [SPEC.pendingCancelled],
      title: 'Reads the answer to the later DELETE of the cancelled fixture, beside the immediate repeat',
      needs: LATER,
      async run(ctx: Ctx) {
        const l = await look(ctx);
        ctx.evidence(l.again.exchange);
        const then = l.repeat
          ? l.repeat.status === l.again.status
            ? `, as at once`
            : `; at once it answered ${l.repeat.status}`
          : ' (no immediate repeat was sent: CANCEL-REPEAT- checks not selected)';
        ctx.observe(`later: ${describeStatus(l.again)}${then}`, 1);
      },
    }),
    check({
      id: 'STATE-LIST-LATER-INFO',
      spec: 'spec §3 (next state after cancel: not shown); spec §2 Order rule 2 (no status field)',
      level: 'INFO',
      rules: ['3.pending-next', '2.order.r2'],
      requirement:
        'How the order list shows the cancelled fixture once a window has passed (still listed, gone, its status member if any) is recorded, beside what it showed before the cancel.',
      rationale: 'Not specified: the Order shows no status and the state after a cancel is not shown.',
      basis: [SPEC.pendingCancelled],
      title: 'Reads GET /store/orders again, once a rate-limit window has passed since the first cancel',
      needs: LATER,
      async run(ctx: Ctx) {
        const l = await look(ctx);
        ctx.evidence(l.list.response.exchange);
        const { shown } = l;
        if (l.list.count === undefined && !l.list.wrapped)
          ctx.skip(
            `the later list answered ${describeStatus(l.list.response)}: not a list to read (see LIST-BODY-ARRAY)`,
            OUTCOME,
          );
        const status = shown.status !== undefined ? ` with status ${shown.status}` : '';
        if (shown.status === '"pending"')
          ctx.note(
            `the list shows order ${l.id} as pending after it was cancelled (a status member the spec does not show, so recorded; a repeat cancel is STATE-CANCEL-LATER-NOT-2XX's)`,
          );
        if (shown.unread) ctx.note(shown.unread);
        ctx.observe(
          `order ${l.id}: ${shown.before ? 'listed' : 'not listed'} before its cancel, ${shown.listed ? `listed${status}` : 'not listed'} ${seconds(l.afterMs)} after it`,
          1,
        );
      },
    }),
    // What the area sends, then the judges of what the whole run did, which read all of it.
    sequenceCheck,
    raceCheck,
    refusedOverLimit,
    refusedShipped,
    ...listChecks,
  ],
});

/**
 * Refusals sent before the run's first cancel (after the first list), while the store is as the run found
 * it: a 404 of an absent id, then the 401s of the pending fixture that the first cancel then takes.
 */
export const stateBeforeFirstCancel = suite({
  id: 'STATE',
  title: 'State before the first cancel',
  spec: 'spec §1; spec §4; spec §5',
  checks: [refusedAbsent, refusedBeforeFirstCancel],
});
