// CANCEL-PENDING-204, run with the whole-run suites: its first cancel goes out where the first check that reads
// it asks (the state area's refusals before it), but its judge reads the first cancel of every pending fixture the
// run sent, whichever check sent it: the first cancel, the isolation pair, the race, the int64 edge fixtures
// (cancelled after the spelling run has spelled them: kit/edge-fixtures.ts).
import { SPEC } from '../kit/basis.ts';
import { type Ctx, check, suite } from '../kit/context.ts';
import { edgeSending } from '../kit/edge-fixtures.ts';
import { shares } from '../kit/sendings.ts';
import { sendFirstCancel } from './checks.ts';
import { pending204, SHOWS } from './judges.ts';

export const cancelWholeRun = suite({
  id: 'CANCEL',
  title: 'Cancel an order (whole run)',
  spec: 'spec §4 cancelOrder',
  checks: [
    check({
      id: 'CANCEL-PENDING-204',
      spec: 'spec §4 cancelOrder (204); spec §3',
      level: 'MUST',
      rules: ['4.cancel.204', '3.pending-cancel'],
      requirement: 'Cancelling an order with status pending answers 204 (order cancelled).',
      basis: [SPEC.cancel204, SPEC.pendingCancelled],
      title:
        'Sends DELETE /store/orders/{a pending fixture} (and {each int64-edge fixture}) with the API key; judges the first cancel of every pending fixture the run sent',
      needs: { requests: 0, shared: shares('order list', 'first cancel', 'int64 edge fixtures') },
      recorded: { shows: SHOWS.pending },
      async send(ctx: Ctx) {
        const { id } = await sendFirstCancel(ctx);
        const list = await ctx.target.list();
        if (list.count !== undefined && !list.ids.has(id))
          ctx.note(`fixture ${id} does not appear in the order list`);
        // The fixtures at an end of int64 are cancelled too, after their saturating spellings (sent already
        // when the spelling run ran): -2^63 is an int64 like any other, and a range check on the magnitude
        // refuses it.
        await edgeSending(ctx);
      },
      judge: pending204,
    }),
  ],
});
