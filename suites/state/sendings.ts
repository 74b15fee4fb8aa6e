// What the state checks send: the race (the held fixture cancelled by several requests at one moment beside a
// list and a spare's cancel, then a list and the cancels again), once per run for every check that reads it,
// and the single requests a judge adds when the run lacks them. Sends only to fixtures.

import { UNMET } from '../../lib/check/needs.ts';
import { findingOf, OUTCOME, type Skip, skipOf } from '../../lib/check/skip.ts';
import { flagRef } from '../../lib/config/settings.ts';
import { HarnessError } from '../../lib/errors.ts';
import type { Response, ResponseHead, SendOptions } from '../../lib/http/client.ts';
import { RESET_MARGIN_MS } from '../../lib/http/pacer.ts';
import { memoKey } from '../../lib/run/memo.ts';
import type { Ctx } from '../kit/context.ts';
import { ORDERS, orderPath } from '../kit/paths.ts';
import { type CancelSent, cancelledBy, type History, mayHaveChanged, named } from './history.ts';
import { historyNow } from './store.ts';

/** A token no server issued: fixed per seed (never drawn from the run's random stream, which others read). */
export const wrongKey = (seed: number): string =>
  `osc_not_a_key_${(seed >>> 0).toString(16).padStart(8, '0')}`;

/**
 * Cancels of the held fixture sent at one moment, beside one list. Two are a race (check-then-act lets both
 * through); a third would cost the default run its one Free-plan minute (test/engine/request-budget.test.ts).
 */
export const RACERS = 2;

/**
 * A list that reads the store now: `Cache-Control: no-cache` asks any cache on the way to validate with the
 * origin first (RFC 9111 §5.2.1.4), so a stored list (which the store model sets aside: history.ts) does not
 * stand in for it.
 */
const READ_NOW: SendOptions = { method: 'GET', path: ORDERS, headers: { 'Cache-Control': 'no-cache' } };
const list = (ctx: Ctx) => ctx.http.send(READ_NOW);
const cancel = (ctx: Ctx, id: string) => ctx.http.send({ method: 'DELETE', path: orderPath(id) });

/** Whether the run's first list was read (not cut by a limit of the harness): only then is one sent again. */
export function listsReadable(ctx: Ctx): Promise<boolean> {
  return ctx.target.list().then(
    () => true,
    () => false,
  );
}

/** One more list with the key: what a judge needs when no list came after the requests it judges. */
export const listOnce = list;

/** One more cancel with the key (a shipped fixture read again, an id proven absent): what a judge adds. */
export const cancelOnce = cancel;

/**
 * The race's answers without their bodies: the race is kept for the rest of the run, and a list body of a
 * large store (the one beside the cancels, the one after) would be kept with it. The kit's one reading of
 * each list body holds what the judges need.
 */
export interface Race {
  id: string;
  cancels: Array<ResponseHead | HarnessError>;
  /** The list sent at the same moment (when the run's lists can be read). */
  inFlight?: ResponseHead | HarnessError;
  /** A list once the race is over, when the key's window had room for it. */
  after?: ResponseHead;
}

function headOf<T extends Response | HarnessError>(r: T): ResponseHead | HarnessError {
  if (r instanceof HarnessError) return r;
  const { exchange, status, headers, bytes, receivedAtMs } = r as Response;
  return { exchange, status, headers, bytes, receivedAtMs };
}

/** Whether the key's window, as last announced, has room for one more request beyond one a later judge adds. */
function roomAfter(ctx: Ctx): boolean {
  return roomFor(ctx, 'primary', 2);
}

/**
 * Whether `key`'s window, as last announced, has room for `n` more requests: its Remaining, or once it has
 * ended the Limit it announced (a window of 5 has no room for 7 however fresh).
 */
function roomFor(ctx: Ctx, key: 'primary' | 'secondary', n: number): boolean {
  const { remaining, limit, resetAtMs } = ctx.http.pacer.snapshot(key);
  if (resetAtMs !== undefined && resetAtMs <= Date.now()) return limit === undefined || limit >= n;
  return remaining === undefined || remaining >= n;
}

/**
 * Whether `n` requests with the key may go at one moment without passing its limit: when the window as last
 * announced lacks room for them, waits for it to reset (never past --max-wait-seconds) rather than send a
 * group the announced Remaining does not cover. False when it lacks room and no reset could be waited for.
 */
async function roomOrWait(ctx: Ctx, n: number): Promise<boolean> {
  if (roomFor(ctx, 'primary', n)) return true;
  const { resetAtMs } = ctx.http.pacer.snapshot('primary');
  if (resetAtMs === undefined) return false;
  ctx.log(`  the key's window has too little room for ${n} requests at one moment: waiting for it to reset`);
  return ctx.http.pacer.waitUntil('primary', resetAtMs + RESET_MARGIN_MS);
}

/**
 * A list with the second key (--second-api-key), sent on its own window: the list holds all orders in the
 * store whoever asks, so one read before the race and one after show a list kept per key that missed the
 * cancel (the stale-list judge reads both, suites/state/cancelled-fields.ts).
 */
const secondList = (ctx: Ctx) =>
  ctx.http.send({ method: 'GET', path: ORDERS, auth: { kind: 'key', key: 'secondary' } });

/** Requests with the second key the race adds, when one is given: a list before it and one after. */
export const SECOND_KEY_LISTS = 2;

const RACE = memoKey<Promise<Race | { skip: Skip }>>('state/held-race');

/** The request of the run that did or may have cancelled the held fixture, as named, and the check that sent it. */
function spent(ctx: Ctx, id: string): { by: string; check?: string } | undefined {
  const h = historyNow(ctx);
  const c = h.cancels.find((x) => cancelledBy(x, id) || mayHaveChanged(x, id)) ?? refusedThenGone(h, id);
  if (!c) return undefined;
  // Refused, yet the lists show it gone after it: carried out though refused (a 429's, when the limiter ran
  // after the handler), STATE-429-CHANGES-NOTHING's finding, or the list checks' for another refusal.
  if (c.outcome === 'refused')
    return { by: named(c), check: c.status === 429 ? 'STATE-429-CHANGES-NOTHING' : 'STATE-LIST-EXPLAINED' };
  // The finding it is: served past the limit (2xx), or carried out though refused (a 429 that changed it).
  const check =
    c.outcome === 'done' && c.exchange.checkId?.startsWith('RL-')
      ? 'RL-PROBE-LIMIT-ENFORCED'
      : c.exchange.checkId;
  return { by: named(c), ...(check ? { check } : {}) };
}

/**
 * The last refused cancel of `id` after which the run's latest list no longer shows it, where a list read
 * before that cancel did: a refusal the store shows carried out, so the fixture is no longer there to race.
 */
export function refusedThenGone(h: History, id: string): CancelSent | undefined {
  const last = h.lists[h.lists.length - 1];
  if (!last || last.ids.has(id)) return undefined;
  const refused = h.cancels.filter((c) => c.names.includes(id) && c.endMs <= last.startMs);
  const c = refused[refused.length - 1];
  if (c?.outcome !== 'refused') return undefined;
  return h.lists.some((l) => l.endMs <= c.startMs && l.ids.has(id)) ? c : undefined;
}

/**
 * A spare for the held fixture a request spent: an untaken one, else one another check gave back proven
 * pending; when those wait only for a list read after their last DELETE, one list is read to prove them.
 */
async function spareFor(ctx: Ctx): Promise<string | undefined> {
  const spare = ctx.target.holdSpare('STATE-CANCEL-RACE');
  if (spare !== undefined || ctx.target.releasedLeft === 0 || !(await listsReadable(ctx))) return spare;
  await list(ctx);
  return ctx.target.holdSpare('STATE-CANCEL-RACE');
}

/**
 * RACERS cancels of `id` at one moment, a list beside them when lists are read, and a cancel of `partner` (another
 * pending fixture) among them when one is given: the answers in that order.
 */
async function raceOnce(
  ctx: Ctx,
  id: string,
  lists: boolean,
  partner?: string,
): Promise<Array<ResponseHead | HarnessError>> {
  const del: SendOptions = { method: 'DELETE', path: orderPath(id) };
  const beside: SendOptions[] = [
    ...(lists ? [READ_NOW] : []),
    ...(partner === undefined ? [] : [{ method: 'DELETE', path: orderPath(partner) } as SendOptions]),
  ];
  return (await ctx.http.together([...Array.from({ length: RACERS }, () => del), ...beside])).map(headOf);
}

/**
 * Requests the partner adds: its cancel among the racers, then each order cancelled again, one after the other,
 * once the race is over. A store saved whole from a copy read before a slow write (the last save wins) puts
 * the other order back to pending: its cancel again is answered 2xx (STATE-CANCEL-RACE's finding).
 */
export const PARTNER_REQUESTS = 3;

/** A spare pending fixture to cancel beside the race, when one is left and the key's window has room. */
function partnerFor(ctx: Ctx): string | undefined {
  if (ctx.target.cancellableLeft === 0 || !roomFor(ctx, 'primary', RACERS + 2 + PARTNER_REQUESTS))
    return undefined;
  return ctx.target.takeCancellable();
}

/** Each order the race group cancelled, cancelled again once (STATE-CANCEL-RACE judges the answers). */
async function cancelAgain(ctx: Ctx, ids: readonly string[]): Promise<void> {
  for (const id of ids) await cancel(ctx, id);
}

/**
 * The held fixture cancelled by RACERS requests with the key at one moment, a list beside them, and a list
 * after when the key's window has room (4 requests at most), and with a second key a list with it before and
 * after (2 more, on that key's window); skipped when no fixture is held or the run already cancelled
 * it (the rate-limit probe's request past the limit, when the limit let it through).
 */
export function heldRace(ctx: Ctx): Promise<Race | { skip: Skip }> {
  return ctx.memo.once(RACE, async () => {
    let id = ctx.target.heldFixture;
    if (id === undefined) return { skip: UNMET.held };
    const spentBy = spent(ctx, id);
    if (spentBy !== undefined) {
      const spare = await spareFor(ctx);
      if (spare === undefined) {
        const { by, check } = spentBy;
        return {
          skip: skipOf(
            `the held fixture ${id} was no longer pending: ${by} cancelled it, or may have (${check ? `${check}'s finding` : 'see STATE-429-CHANGES-NOTHING and RL-PROBE-LIMIT-ENFORCED'}), and no spare fixture was left to race in its place, none given back proven pending either (list one more in ${flagRef('cancellableOrderIds')})`,
            check ? findingOf(check) : OUTCOME,
          ),
        };
      }
      ctx.log(`  the held fixture ${id} was spent by ${spentBy.by}: racing fixture ${spare} in its place`);
      id = spare;
    }
    // A list the run could not read (over --max-response-bytes, say) is not asked for again.
    const lists = await listsReadable(ctx);
    // Within the second key's own window: both lists or neither.
    const second =
      lists &&
      ctx.config.hasSecondKey &&
      roomFor(ctx, 'secondary', SECOND_KEY_LISTS) &&
      (await secondList(ctx));
    // The race itself (the cancels and the list beside them) never passes the limit the key's window announced.
    await roomOrWait(ctx, RACERS + (lists ? 1 : 0));
    const partner = partnerFor(ctx);
    ctx.log(
      `  cancelling order ${id} with ${RACERS} requests at one moment${lists ? ', a list beside them' : ''}${partner === undefined ? '' : `, fixture ${partner} cancelled with them (each cancelled again after)`}${second ? ', a list with the second key before and after' : ''}`,
    );
    let all = await raceOnce(ctx, id, lists, partner);
    // Every cancel refused, after a refusal of this fixture earlier in the run (the probe's 429 past the
    // limit): that refusal was carried out, and the race met an order no longer pending. Once, on a fixture
    // given back proven pending, so the race is still run (it costs nothing on a server that refused it).
    const heads = all.slice(0, RACERS).filter((r): r is ResponseHead => !(r instanceof HarnessError));
    const refusedAll = heads.length === RACERS && heads.every((r) => r.status >= 400 && r.status < 500);
    const first = Math.min(...heads.map((r) => r.exchange.seq));
    const earlier = historyNow(ctx).cancels.some(
      (c) => c.names.includes(id!) && c.outcome === 'refused' && c.exchange.seq < first,
    );
    if (refusedAll && earlier) {
      const spare = await spareFor(ctx);
      // Raced again only within the key's window: the first race may have left it too little room.
      if (spare !== undefined && (await roomOrWait(ctx, RACERS + (lists ? 1 : 0)))) {
        ctx.log(
          `  order ${id} was no longer pending (both cancels refused): racing fixture ${spare} in its place`,
        );
        id = spare;
        all = await raceOnce(ctx, id, lists);
      }
    }
    // A list after, for the whole run's list judges, only when the key's window has room beyond the one
    // request the judges after it may add: a default run stays within one Free-plan minute.
    const after = lists && roomAfter(ctx) ? (headOf(await list(ctx)) as ResponseHead) : undefined;
    if (partner !== undefined) await cancelAgain(ctx, [id, partner]);
    if (second) await secondList(ctx);
    return {
      id,
      cancels: all.slice(0, RACERS),
      ...(lists ? { inFlight: all[RACERS]! } : {}),
      ...(after ? { after } : {}),
    };
  });
}
