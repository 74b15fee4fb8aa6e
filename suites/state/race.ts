// Concurrency: the held pending fixture cancelled by several requests at one moment, a list read beside
// them; judged, as in a recording, on every group of cancels of one order sent together. Exactly one
// succeeds (the others find the order no longer pending), a list beside shows the order once or not at all
// (the lists after are the whole run's list judges'). Says how close on the wire the requests were.
import { OUTCOME, skipOf } from '../../lib/check/skip.ts';
import { HarnessError } from '../../lib/errors.ts';
import { type Exchange, startedMsOf } from '../../lib/http/transcript.ts';
import { SPEC } from '../kit/basis.ts';
import { cancelHistories } from '../kit/cancel-histories.ts';
import { type Ctx, check } from '../kit/context.ts';
import { keyCancels } from '../kit/key-cancels.ts';
import { LIST_BODIES, ListBodies } from '../kit/list-bodies.ts';
import { lostUpdates, momentOf } from '../kit/lost-update.ts';
import { shares } from '../kit/sendings.ts';
import { STORE_LISTS } from '../kit/store-lists.ts';
import { cancelledBy } from '../kit/target-facts.ts';
import { NOT_OBSERVED } from '../kit/traffic.ts';
import { type History, timing } from './history.ts';
import { leaveOut, nothingJudged } from './left-out.ts';
import { lostCause, raceCause } from './repeat-cause.ts';
import { heldRace, RACERS } from './sendings.ts';
import { historyNow } from './store.ts';

/** How close the requests were on the wire: the spread of their starts, and how long all were in flight. */
export function closeness(xs: readonly Exchange[]): { spreadMs: number; overlapMs: number } {
  // As the clock read them, without timing's fraction for the order sent.
  const spans = xs.map((x) => ({
    startMs: startedMsOf(x),
    endMs: startedMsOf(x) + x.durationMs,
  }));
  const starts = spans.map((s) => s.startMs);
  const spreadMs = Math.max(...starts) - Math.min(...starts);
  const overlapMs = Math.min(...spans.map((s) => s.endMs)) - Math.max(...starts);
  return { spreadMs, overlapMs };
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

/** How a list answer shows `id`: once, not at all, or twice (from the store model's ids and the kit's reading). */
function listedIn(ctx: Ctx, res: { exchange: Exchange }, id: string): string {
  if (twice(ctx, res, id)) return 'twice';
  const snapshot = ctx.memo.peek(STORE_LISTS)?.snapshotOf(res.exchange);
  return snapshot === undefined ? 'in a body not read as a list' : snapshot.has(id) ? 'once' : 'not at all';
}

/** Whether a list answer shows `id` more than once (read from the kit's one reading of its body). */
function twice(ctx: Ctx, res: { exchange: Exchange }, id: string): boolean {
  const lists = ctx.memo.once(LIST_BODIES, () => new ListBodies());
  return lists.findingsOf(res.exchange)?.duplicates.includes(id) ?? false;
}

/** Whether `id` is the one order a list answer shows more than once. */
function onlyTwice(ctx: Ctx, res: { exchange: Exchange }, id: string): boolean {
  const lists = ctx.memo.once(LIST_BODIES, () => new ListBodies());
  const duplicates = lists.findingsOf(res.exchange)?.duplicates ?? [];
  return duplicates.length === 1 && duplicates[0] === id;
}

/** The run's last plain list answered before `x` left: how the server listed the order before the race. */
function lastListBefore(h: History, x: Exchange): { exchange: Exchange } | undefined {
  const start = timing(x).startMs;
  // The last in the history's order that had ended by then: a walk back, no copy of the lists.
  for (let i = h.lists.length - 1; i >= 0; i--) if (h.lists[i]!.endMs <= start) return h.lists[i];
  return undefined;
}

/** Whether the run's last plain list before `x` showed order `id` (so it may have been pending). */
function listedBefore(ctx: Ctx, h: History, id: string, x: Exchange): boolean {
  const before = lastListBefore(h, x);
  return before !== undefined && ctx.memo.peek(STORE_LISTS)?.snapshotOf(before.exchange)?.has(id) === true;
}

const span = (x: Exchange) => ({
  start: startedMsOf(x),
  end: startedMsOf(x) + x.durationMs,
});

/**
 * The cancels with the key of each order sent at one moment: those a client sent together (this suite's own,
 * Exchange.together, answered in whatever order the target chose), and in any recording those each of which
 * overlaps the one before it on the wire.
 */
export function racesOf(ctx: Ctx): Array<{ id: string; group: Exchange[] }> {
  const byId = new Map<string, Exchange[]>();
  for (const { x, id } of keyCancels(ctx)) {
    const xs = byId.get(id);
    if (xs) xs.push(x);
    else byId.set(id, [x]);
  }
  const races: Array<{ id: string; group: Exchange[] }> = [];
  for (const [id, xs] of byId) {
    const sorted = [...xs].sort((a, b) => span(a).start - span(b).start);
    const sentWith = (x: Exchange, y: Exchange) => x.together !== undefined && x.together === y.together;
    for (let i = 0; i < sorted.length; ) {
      let j = i + 1;
      let end = span(sorted[i]!).end;
      while (j < sorted.length && (span(sorted[j]!).start < end || sentWith(sorted[j - 1]!, sorted[j]!)))
        end = Math.max(end, span(sorted[j++]!).end);
      if (j - i > 1) races.push({ id, group: sorted.slice(i, j) });
      i = j;
    }
  }
  return races;
}

/** One race judged: at most one success, and a list read beside it shows the order once at most. */
function judgeRace(ctx: Ctx, h: History, id: string, group: readonly Exchange[]): string {
  const statuses = group.map((x) => x.response!.status).join(', ');
  const won = group.filter((x) => cancelledBy(x.response!.status));
  const { start, end } = { start: span(group[0]!).start, end: Math.max(...group.map((x) => span(x).end)) };
  // The first list with the key on the wire with the cancels (a find: no copy of the lists).
  const inFlight = h.lists.find((l) => {
    if (l.exchange.bucket !== 'primary') return false;
    const on = startedMsOf(l.exchange);
    return on < end && on + l.exchange.durationMs > start;
  })?.exchange;
  const together = [...group, ...(inFlight ? [inFlight] : [])];
  const { spreadMs, overlapMs } = closeness(together);
  ctx.note(
    overlapMs > 0
      ? `the ${together.length} requests left within ${ms(spreadMs)} of one another and were all in flight together for ${ms(overlapMs)}`
      : `the ${together.length} requests left within ${ms(spreadMs)} of one another, but one was answered before the last left: they did not all overlap`,
  );
  if (!inFlight) ctx.note(`no list with the key was read beside the cancels of order ${id}`);
  ctx.evidence(...together);
  if (won.length > 1)
    ctx.problem(
      raceCause(cancelHistories(ctx).histories, id, won, group, momentOf(keyCancels(ctx), group[0]!)),
      {
        expected: 'one 2xx, the others not 2xx',
        actual: statuses,
        exchange: won[1]!,
      },
    );
  // The loser owes only "not 2xx" (CANCEL-REPEAT-NOT-2XX's rule): the state after a cancel is not named
  // (spec §3), so neither is the answer to cancelling an order no longer pending; 409/404 are only the usual.
  const unusual = group.filter(
    (x) => ![404, 409].includes(x.response!.status) && !cancelledBy(x.response!.status),
  );
  if (unusual.length > 0)
    ctx.note(
      `the losing cancel${unusual.length === 1 ? '' : 's'} answered ${unusual.map((x) => x.response!.status).join(', ')} (not 409 or 404): the spec does not name the answer to cancelling an order no longer pending, so only a 2xx would be a finding`,
    );
  // Blamed on the race only when the order is the one the list repeats, and was not repeated before it: a
  // server that lists every cancelled order twice is EVERY-LIST-IDS-UNIQUE's finding, not a race.
  const before = lastListBefore(h, group[0]!);
  if (inFlight && onlyTwice(ctx, { exchange: inFlight }, id) && !(before && twice(ctx, before, id)))
    ctx.problem(
      `the list read while the cancels were in flight showed order ${id} twice (the list before them, once at most): a list shows an order before or after its cancel, never both`,
      { exchange: inFlight },
    );
  return `one of ${group.length} cancels of order ${id} at one moment succeeded (${statuses})${inFlight ? `; the list beside them showed it ${listedIn(ctx, { exchange: inFlight }, id)}` : ''}`;
}

/** Cancels of different orders at one moment, each cancelled again once answered: each took effect. */
function judgeLostUpdates(ctx: Ctx): string[] {
  const { found, groups, repeatServed } = lostUpdates(keyCancels(ctx));
  if (groups === 0) return [];
  if (repeatServed && found.length > 0) {
    ctx.note(
      `an order cancelled at one moment with another was cancelled again and served (order ${found[0]!.id}), as a cancel sent again after a lone one was (#${repeatServed.seq}, ${repeatServed.response!.status}): CANCEL-REPEAT-NOT-2XX's finding, not one of the moment`,
    );
    return [];
  }
  const cancels = keyCancels(ctx);
  for (const f of found.slice(0, 3)) {
    ctx.evidence(...f.group, f.again);
    const own = cancels.filter((c) => c.id === f.id && f.group.includes(c.x));
    const statuses = own.map((c) => c.x.response!.status);
    ctx.problem(lostCause(f.id, statuses, momentOf(cancels, own[0]!.x)), { exchange: f.again });
  }
  return [
    `${groups} group${groups === 1 ? '' : 's'} of cancels of different orders at one moment, each cancelled again after: ${found.length === 0 ? 'every one took effect' : `${found.length} did not`}`,
  ];
}

export const raceCheck = check({
  id: 'STATE-CANCEL-RACE',
  level: 'MUST',
  rules: ['4.cancel.r1', '3.pending-cancel'],
  requirement:
    'Of several cancels of one pending order sent at the same moment exactly one succeeds, the others are not 2xx (which refusal is not specified: 409 or 404 is usual), a list read meanwhile shows the order at most once, and cancels of different pending orders sent at that moment each take effect (a cancel of either sent after them is not 2xx).',
  rationale:
    "Only a pending order can be cancelled, and the first cancel leaves it pending no more: a second success means the order was cancelled twice: its check and its change were not one step (check-then-act), or each cancel saved the whole store from a copy read before the other's change (the last save wins).",
  basis: [SPEC.onlyPending, SPEC.pendingCancelled, SPEC.list200],
  title: `Sends ${RACERS} DELETE /store/orders/{the held pending fixture} and a GET /store/orders at one moment (and a DELETE of a spare fixture, each order cancelled again after)`,
  needs: { requests: 0, held: true, shared: shares('held race') },
  recorded: { shows: 'cancels of one order with the key on the wire together' },
  async send(ctx: Ctx) {
    const race = await heldRace(ctx);
    if ('skip' in race) return leaveOut(ctx, race.skip);
    const failed = [...race.cancels, race.inFlight].find((r) => r instanceof HarnessError);
    if (failed) throw failed;
  },
  // Every group of cancels of one order on the wire together, the race's and any other.
  async judge(ctx: Ctx) {
    const races = racesOf(ctx);
    // A group none of which succeeded raced for an order no longer pending: it shows nothing of one step.
    const decided = races.filter(({ group }) => group.some((x) => cancelledBy(x.response!.status)));
    // A lost group speaks of an order only when a list before it showed the order: cancels of an id no list
    // held (the rate-limit probe's absent id, sent together) raced for nothing.
    const h = historyNow(ctx);
    const lost = races.find((r) => !decided.includes(r) && listedBefore(ctx, h, r.id, r.group[0]!));
    if (decided.length === 0 && lost)
      ctx.skip(
        `none of the ${lost.group.length} cancels of order ${lost.id} on the wire together succeeded (${lost.group.map((x) => x.response!.status).join(', ')}): it was no longer pending before the race (see STATE-429-CHANGES-NOTHING and STATE-LIST-EXPLAINED)`,
        OUTCOME,
      );
    if (decided.length === 0)
      nothingJudged(
        ctx,
        skipOf('no two cancels of one order were sent together or on the wire together', NOT_OBSERVED),
      );
    const seen = decided.map(({ id, group }) => judgeRace(ctx, h, id, group));
    seen.push(...judgeLostUpdates(ctx));
    ctx.observe(
      `${seen.slice(0, 3).join('; ')}${seen.length > 3 ? `; ${seen.length - 3} more races alike` : ''}`,
      decided.reduce((n, r) => n + r.group.length, 0),
    );
  },
});
