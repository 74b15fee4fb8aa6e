// What the cancels of a run or a recording show an order went through: for each id a request with the key
// cancelled (a 2xx), the cancels of it that followed, split by time as a run splits them: a repeat within one
// rate-limit window of the cancel (CANCEL-REPEAT-), a later one after a window has passed (STATE-). Shared by
// the cancel and state areas' judges. Pure: reads exchanges, never sends.
import { type Exchange, startedMsOf } from '../../lib/http/transcript.ts';
import type { Ctx } from './context.ts';
import { keyCancels } from './key-cancels.ts';
import { type KeyWindow, keyWindow, keyWindowsBy, windowPassed } from './key-window.ts';
import { cancelledBy } from './target-facts.ts';

/** One order a recorded cancel cancelled, and the cancels of it that came after. */
export interface CancelHistory {
  id: string;
  first: Exchange;
  /** Cancels of it sent before a window had passed since the first's answer. */
  repeats: Exchange[];
  /** Cancels of it sent once a window had passed. */
  later: Exchange[];
}

/** When a request's answer was in (local ms), as the recording has it. */
export const answeredAt = (x: Exchange) => startedMsOf(x) + x.durationMs;

/** The orders the recording's cancels cancelled, with what followed, in the order they were cancelled. */
export function cancelHistories(ctx: Ctx): { histories: CancelHistory[]; window: KeyWindow } {
  // Several judges read them: once per transcript while it has not grown (a recording never does).
  const all = ctx.transcript.all();
  const hit = readOnce.get(all);
  if (hit && hit.length === all.length) return hit.read;
  const read = readHistories(ctx);
  readOnce.set(all, { length: all.length, read });
  return read;
}

const readOnce = new WeakMap<
  readonly Exchange[],
  { length: number; read: { histories: CancelHistory[]; window: KeyWindow } }
>();

function readHistories(ctx: Ctx): { histories: CancelHistory[]; window: KeyWindow } {
  const window = keyWindow(ctx.transcript.all());
  // Whether a window had passed, read as the run read it when it sent the cancel: from the answers before it.
  const windowAt = keyWindowsBy(ctx.transcript.all());
  const byId = new Map<string, CancelHistory>();
  for (const { x, id } of keyCancels(ctx)) {
    const h = byId.get(id);
    if (!h) {
      if (cancelledBy(x.response!.status)) byId.set(id, { id, first: x, repeats: [], later: [] });
      continue;
    }
    const sentAt = startedMsOf(x);
    const passed = sentAt >= windowPassed(answeredAt(h.first), windowAt(sentAt));
    (passed ? h.later : h.repeats).push(x);
  }
  return { histories: [...byId.values()], window };
}

/** A cancel of an order already cancelled, sent once that cancel was answered: one after the other, no race. */
export interface SequentialRepeat {
  h: CancelHistory;
  x: Exchange;
}

/** Whether `x` left once `first` was answered (the clock's milliseconds floor both), not sent with it. */
const after = (first: Exchange, x: Exchange): boolean =>
  (x.together === undefined || x.together !== first.together) &&
  startedMsOf(x) >= Math.floor(answeredAt(first));

const refusal = (s: number): boolean => s >= 400 && s <= 499 && s !== 429;

/**
 * The repeats within a window of orders already cancelled, each sent after the order's cancel was answered
 * (none on the wire with it): the first answered 2xx and the first refused (4xx), those of order `id` first.
 * They tell a server that answers 2xx to any repeat (CANCEL-REPEAT-NOT-2XX's finding) from one that races,
 * or forgets a cancel with time (whose later cancels are left out here).
 */
export function sequentialRepeats(
  histories: readonly CancelHistory[],
  id?: string,
): { letIn?: SequentialRepeat; refused?: SequentialRepeat } {
  const own = (r: SequentialRepeat) => (r.h.id === id ? 0 : 1);
  const all = histories
    .flatMap((h) => h.repeats.filter((x) => after(h.first, x)).map((x) => ({ h, x })))
    .sort((a, b) => own(a) - own(b) || a.x.seq - b.x.seq);
  return {
    letIn: all.find(({ x }) => cancelledBy(x.response!.status)),
    refused: all.find(({ x }) => refusal(x.response!.status)),
  };
}
