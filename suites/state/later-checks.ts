// State over time: an order cancelled, looked at again once a rate-limit window has passed. The run sends
// the later look (later.ts); one judge per check reads every cancel with the key of an order cancelled
// earlier, and the first list after the window, in the run's exchanges or a recording's alike.
import { OUTCOME, skipOf } from '../../lib/check/skip.ts';
import { isCanonicalInt64 } from '../../lib/formats/int64.ts';
import { type Exchange, startedMsOf } from '../../lib/http/transcript.ts';
import { SPEC } from '../kit/basis.ts';
import { answeredAt, type CancelHistory, cancelHistories } from '../kit/cancel-histories.ts';
import { type Ctx, check } from '../kit/context.ts';
import { expectStatus } from '../kit/expect.ts';
import { type KeyWindow, keyWindowsBy, windowPassed } from '../kit/key-window.ts';
import { LIST_BODIES, type ListBody } from '../kit/list-bodies.ts';
import { carriesKey } from '../kit/offered.ts';
import { readOrderList } from '../kit/order-list.ts';
import { describeStatus } from '../kit/responses.ts';
import { shares } from '../kit/sendings.ts';
import { STORE_LISTS } from '../kit/store-lists.ts';
import { cancelledBy } from '../kit/target-facts.ts';
import { NOT_OBSERVED, recorded, replay } from '../kit/traffic.ts';
import { isPlainListExchange, named } from './history.ts';
import { countBelow } from './history-index.ts';
import { laterLook, type Shown, shownIn } from './later.ts';
import { leaveOut, nothingJudged } from './left-out.ts';
import { laterCause } from './repeat-cause.ts';

const NEEDS = { requests: 0, shared: shares('later look') };
const LATER = 'a cancel with the key of an order cancelled earlier, once a rate-limit window has passed';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The later look, sent once per run for the three checks; why it could not be taken, for their judges. */
async function sendLook(ctx: Ctx): Promise<void> {
  const l = await laterLook(ctx);
  if ('skip' in l) return leaveOut(ctx, l.skip);
  ctx.note(
    `order ${l.id} looked at again ${seconds(l.afterMs)} after its cancel (one rate-limit window: ${seconds(l.window.ms)}, ${l.window.source}; the run waited ${seconds(l.waitedMs)} for it)`,
  );
}

/** Every cancel with the key of an order cancelled earlier, sent once a window had passed; none: not judged. */
function laterCancels(ctx: Ctx): Array<{ h: CancelHistory; x: Exchange }> {
  const later = cancelHistories(ctx).histories.flatMap((h) => h.later.map((x) => ({ h, x })));
  if (later.length === 0)
    nothingJudged(
      ctx,
      skipOf(
        'no order cancelled with the key was cancelled again once a rate-limit window had passed',
        NOT_OBSERVED,
      ),
    );
  return later;
}

/** From the first cancel's answer to a later request (ms). */
const after = (h: CancelHistory, x: Exchange) => startedMsOf(x) - answeredAt(h.first);

const head = (x: Exchange) => {
  const r = x.response!;
  return { exchange: x, status: r.status, headers: r.headers, bytes: r.bodyBytes, receivedAtMs: 0 };
};

/**
 * The first plain list with the key sent once a window had passed since `h`'s cancel: by the window the
 * answers before it announced, or from the first later cancel of the order on (a window, once passed, stays
 * passed, though a later answer may announce a longer one). `lists` by start.
 */
function listAfter(
  h: CancelHistory,
  lists: readonly Exchange[],
  starts: readonly number[],
  windowAt: (atMs: number) => KeyWindow,
): Exchange | undefined {
  const from = answeredAt(h.first);
  const sure = h.later[0] ? startedMsOf(h.later[0]) : Number.POSITIVE_INFINITY;
  for (let i = countBelow(starts, windowPassed(from, windowAt(from))); i < lists.length; i++)
    if (starts[i]! >= sure || starts[i]! >= windowPassed(from, windowAt(starts[i]!))) return lists[i];
  return undefined;
}

/** Whether a request was answered 2xx. */
const served = (x: Exchange): boolean => x.response!.status >= 200 && x.response!.status <= 299;

/**
 * How a recorded list shows order `id`: from the store model's ids, its status member when kept whole. A body
 * is read once per order for all the lists that carried its bytes (a recording repeats its lists).
 */
function shownBy(ctx: Ctx, x: Exchange, id: string): Shown | undefined {
  const ids = ctx.memo.peek(STORE_LISTS)?.snapshotOf(x);
  if (!ids) return undefined;
  const res = replay(ctx, x);
  if (!res)
    return ids.has(id)
      ? { listed: true, unread: `${named({ exchange: x })} was not kept whole: its items are not read again` }
      : { listed: false };
  const first = ctx.memo.peek(LIST_BODIES)?.firstOf(x);
  if (first === undefined) return shownIn(res, readOrderList(res), id);
  const all = ctx.transcript.all();
  const bodies = shownOnce.get(all) ?? new Map<ListBody, Map<string, Shown>>();
  shownOnce.set(all, bodies);
  const byId = bodies.get(first) ?? new Map<string, Shown>();
  bodies.set(first, byId);
  const known = byId.get(id);
  if (known) return known;
  const shown = shownIn(res, readOrderList(res), id);
  byId.set(id, shown);
  return shown;
}

/**
 * How each distinct list body showed each order asked of it, kept by the transcript array the judges read (an
 * area's: let go of with it, not kept for the run as the bodies' readings are).
 */
const shownOnce = new WeakMap<readonly Exchange[], Map<ListBody, Map<string, Shown>>>();

/** How the last list with the key read between `h`'s cancel and `x` showed the order, when it names a status. */
function listedAs(ctx: Ctx, h: CancelHistory, x: Exchange): string {
  const from = answeredAt(h.first);
  const to = startedMsOf(x);
  const list = recorded(ctx)
    .filter(
      ({ x: l, offered }) =>
        isPlainListExchange(l) &&
        carriesKey(offered) === 'primary' &&
        startedMsOf(l) >= from &&
        answeredAt(l) <= to,
    )
    .at(-1)?.x;
  const status = list ? shownBy(ctx, list, h.id)?.status : undefined;
  return status === undefined || status === '"pending"'
    ? ''
    : `; the list before it (#${list!.seq}) still showed the order with status ${status}`;
}

export const laterChecks = [
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
    needs: NEEDS,
    recorded: { shows: LATER },
    send: sendLook,
    async judge(ctx: Ctx) {
      const later = laterCancels(ctx);
      const { histories } = cancelHistories(ctx);
      for (const { h, x } of later) {
        const at = h.repeats[0]?.response?.status;
        const repeat =
          at === undefined ? '' : `, ${cancelledBy(at) ? 'repeated' : 'refused'} at once (${at})`;
        expectStatus(
          ctx,
          head(x),
          `order ${h.id}, cancelled (${h.first.response!.status})${repeat}, cancelled again ${seconds(after(h, x))} later,`,
        ).not2xx(
          // Said only of a 2xx (the why of a failure): each reading scans the history and the exchanges.
          served(x) ? `${laterCause(histories, h)}${listedAs(ctx, h, x)}` : undefined,
        );
      }
      ctx.observe(
        `${later.length} later cancel${later.length === 1 ? '' : 's'} of cancelled orders, none answered 2xx (${later
          .slice(0, 3)
          .map(({ h, x }) => `order ${h.id}: ${x.response!.status} ${seconds(after(h, x))} after its cancel`)
          .join('; ')})`,
        later.length,
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
    needs: NEEDS,
    recorded: { shows: LATER },
    send: sendLook,
    async judge(ctx: Ctx) {
      const later = laterCancels(ctx);
      ctx.evidence(...later.slice(0, 3).map(({ x }) => x));
      const seen = later.map(({ h, x }) => {
        const at = h.repeats[0]?.response?.status;
        const then =
          at === undefined
            ? ' (no cancel of it was repeated at once)'
            : at === x.response!.status
              ? ', as at once'
              : `; at once it answered ${at}`;
        return `${describeStatus(head(x))} for order ${h.id} ${seconds(after(h, x))} after its cancel${then}`;
      });
      ctx.observe(
        `later: ${seen.slice(0, 5).join('; ')}${seen.length > 5 ? `; ${seen.length - 5} more` : ''}`,
        later.length,
      );
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
    needs: NEEDS,
    recorded: {
      shows: 'a GET /store/orders with the key, once a rate-limit window has passed after a cancellation',
    },
    send: sendLook,
    async judge(ctx: Ctx) {
      const { histories } = cancelHistories(ctx);
      const lists = recorded(ctx)
        .filter(({ x, offered }) => isPlainListExchange(x) && carriesKey(offered) === 'primary')
        .map(({ x }) => x)
        .sort((a, b) => startedMsOf(a) - startedMsOf(b) || a.seq - b.seq);
      const starts = lists.map((x) => startedMsOf(x));
      const windowAt = keyWindowsBy(ctx.transcript.all());
      const snapshots = ctx.memo.peek(STORE_LISTS);
      const seen: string[] = [];
      const unread: string[] = [];
      for (const h of histories) {
        if (!isCanonicalInt64(h.id)) continue;
        const x = listAfter(h, lists, starts, windowAt);
        if (!x) continue;
        ctx.evidence(x);
        const shown = shownBy(ctx, x, h.id);
        if (!shown) {
          unread.push(
            `the later list ${named({ exchange: x })}, ${describeStatus(head(x))}, is not a list to read (see LIST-BODY-ARRAY)`,
          );
          continue;
        }
        // How the last list answered before the cancel showed it.
        const cancelled = startedMsOf(h.first);
        let before: Exchange | undefined;
        for (let i = countBelow(starts, cancelled) - 1; i >= 0 && !before; i--)
          if (answeredAt(lists[i]!) <= cancelled && snapshots?.snapshotOf(lists[i]!)) before = lists[i];
        const was = before
          ? snapshots!.snapshotOf(before)!.has(h.id)
            ? 'listed'
            : 'not listed'
          : 'not read';
        const status = shown.status !== undefined ? ` with status ${shown.status}` : '';
        if (shown.status === '"pending"')
          ctx.note(
            `the list shows order ${h.id} as pending after it was cancelled (a status member the spec does not show, so recorded; a repeat cancel is STATE-CANCEL-LATER-NOT-2XX's)`,
          );
        if (shown.unread) ctx.note(shown.unread);
        seen.push(
          `order ${h.id}: ${was} before its cancel, ${shown.listed ? `listed${status}` : 'not listed'} ${seconds(after(h, x))} after it`,
        );
      }
      if (seen.length === 0 && unread.length > 0) ctx.skip(unread.slice(0, 3).join('; '), OUTCOME);
      for (const u of unread) ctx.note(u);
      if (seen.length === 0)
        nothingJudged(
          ctx,
          skipOf(
            'no list with the key, read whole, was sent once a window had passed after a cancellation',
            NOT_OBSERVED,
          ),
        );
      ctx.observe(
        `${seen.slice(0, 5).join('; ')}${seen.length > 5 ? `; ${seen.length - 5} more` : ''}`,
        seen.length,
      );
    },
  }),
];
