// The store model as the checks read it during a run: the history of every exchange so far (whichever check
// sent it) with the ids of each plain list, the fixtures the user vouched for, and the lag the server
// declared. Reads only; the judging is in after-cancel.ts, list-changes.ts and judge-refusals.ts.
import type { Exchange } from '../../lib/http/transcript.ts';
import type { Ctx } from '../kit/context.ts';
import { LIST_BODIES, ListBodies } from '../kit/list-bodies.ts';
import { STORE_LISTS, StoreLists } from '../kit/store-lists.ts';
import { type Fixtures, type History, historyOf } from './history.ts';

export function fixturesOf(ctx: Pick<Ctx, 'config'>): Fixtures {
  return {
    pending: ctx.config.cancellableOrderIds,
    shipped: ctx.config.shippedOrderIds,
    ...(ctx.config.shownPending ? { shownPending: ctx.config.shownPending } : {}),
  };
}

/** The run's history so far. */
export function historyNow(ctx: Ctx): History {
  // The bind registers both with the client before the first request; `once` only names them here.
  const lists = ctx.memo.once(
    STORE_LISTS,
    () => new StoreLists(ctx.memo.once(LIST_BODIES, () => new ListBodies())),
  );
  // Thirteen checks read the history of a transcript that has not grown (a recording never does): read once.
  const all = ctx.transcript.all();
  const hit = historyOnce.get(all);
  if (hit && hit.length === all.length && hit.lists === lists && hit.config === ctx.config)
    return hit.history;
  const history = historyOf(all, lists.snapshotOf, fixturesOf(ctx));
  historyOnce.set(all, { length: all.length, lists, config: ctx.config, history });
  return history;
}

/** Shared by every check that reads it: no one may change it. */
const historyOnce = new WeakMap<
  readonly Exchange[],
  { length: number; lists: StoreLists; config: Ctx['config']; history: History }
>();

/** The lag the server declared (--consistency-seconds), in ms. */
export const declaredLagMs = (ctx: Ctx): number => ctx.config.consistencySeconds * 1000;
