// The state-over-time checks judged from recorded traffic: what followed, a rate-limit window or more later,
// each cancellation the recording shows (history.ts). A fuller model of the store replaces history.ts's
// reading, not these entries. Sends nothing.
import { isCanonicalInt64 } from '../../lib/formats/int64.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { type CancelHistory, cancelHistories } from '../kit/cancel-histories.ts';
import type { Ctx } from '../kit/context.ts';
import { expectStatus } from '../kit/expect.ts';
import { keyCancels } from '../kit/key-cancels.ts';
import { windowPassed } from '../kit/key-window.ts';
import { carriesKey } from '../kit/offered.ts';
import { readList } from '../kit/order-list.ts';
import { cancelledBy } from '../kit/target-facts.ts';
import { NOT_OBSERVED, recorded, replay, type TrafficJudges } from '../kit/traffic.ts';
import { countBelow } from './history-index.ts';
import { judgeRecorded } from './refusals.ts';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function laterCancels(ctx: Ctx): Array<{ h: CancelHistory; x: Exchange }> {
  const later = cancelHistories(ctx).histories.flatMap((h) => h.later.map((x) => ({ h, x })));
  if (later.length === 0)
    ctx.skip(
      'no order the recording cancelled was cancelled again once a rate-limit window had passed',
      NOT_OBSERVED,
    );
  return later;
}

const after = (h: CancelHistory, x: { startedAt: string }) =>
  Date.parse(x.startedAt) - (Date.parse(h.first.startedAt) + h.first.durationMs);

/** STATE-CANCEL-LATER-NOT-2XX: a cancellation is not forgotten with time. */
async function laterNot2xx(ctx: Ctx): Promise<void> {
  const later = laterCancels(ctx);
  for (const { h, x } of later) {
    const r = x.response!;
    expectStatus(
      ctx,
      { exchange: x, status: r.status, headers: r.headers, bytes: r.bodyBytes, receivedAtMs: 0 },
      `order ${h.id}, cancelled (${h.first.response!.status}), cancelled again ${seconds(after(h, x))} later,`,
    ).not2xx('the cancellation was forgotten and the order taken for pending again');
  }
  ctx.observe(`${later.length} later cancels of cancelled orders, none answered 2xx`, later.length);
}

/** STATE-CANCEL-LATER-INFO: what the later cancel answered, beside the immediate repeat. */
async function laterInfo(ctx: Ctx): Promise<void> {
  const later = laterCancels(ctx);
  ctx.evidence(...later.slice(0, 3).map(({ x }) => x));
  const seen = later.map(
    ({ h, x }) =>
      `order ${h.id}: ${x.response!.status} ${seconds(after(h, x))} later${h.repeats[0] ? ` (at once: ${h.repeats[0].response!.status})` : ''}`,
  );
  ctx.observe(`later: ${seen.slice(0, 5).join('; ')}`, later.length);
}

/** STATE-LIST-LATER-INFO: how a list read a window after a cancellation shows the cancelled order. */
async function listLater(ctx: Ctx): Promise<void> {
  const { histories, window } = cancelHistories(ctx);
  const lists = recorded(ctx).filter(
    ({ x, route, offered }) =>
      route?.op === 'list' &&
      !route.spelled &&
      x.request.method === 'GET' &&
      carriesKey(offered) === 'primary',
  );
  const seen: string[] = [];
  // The first list (in the recording's order) sent once the window passed: a search when the recording is in
  // the order sent, as it is once read (engine/traffic-base.ts sorts it), else a scan.
  const starts = lists.map(({ x }) => Date.parse(x.startedAt));
  const sorted = starts.every((t, i) => i === 0 || starts[i - 1]! <= t);
  const firstFrom = (ms: number) => (sorted ? countBelow(starts, ms) : starts.findIndex((t) => t >= ms));
  const read = new Map<Exchange, ReturnType<typeof readList>>();
  for (const h of histories) {
    if (!isCanonicalInt64(h.id)) continue;
    const passed = windowPassed(Date.parse(h.first.startedAt) + h.first.durationMs, window);
    const later = lists[firstFrom(passed)];
    const res = later && replay(ctx, later.x);
    if (!res || res.status < 200 || res.status > 299) continue;
    const list = read.get(res.exchange) ?? readList(res.body);
    read.set(res.exchange, list);
    const listed = list.ids.has(h.id);
    ctx.evidence(res.exchange);
    seen.push(
      `order ${h.id} ${listed ? 'listed' : 'not listed'} ${seconds(after(h, res.exchange))} after its cancel`,
    );
  }
  if (seen.length === 0)
    ctx.skip(
      'no list with the key, recorded whole, was read once a window had passed after a cancellation',
      NOT_OBSERVED,
    );
  ctx.observe(seen.slice(0, 5).join('; '), seen.length);
}

const LATER = 'a cancel with the key of an order cancelled earlier, once a rate-limit window has passed';

/** STATE-CANCEL-RACE: of cancels of one order that were on the wire together, at most one succeeded. */
async function raced(ctx: Ctx): Promise<void> {
  const byId = new Map<string, Exchange[]>();
  for (const { x, id } of keyCancels(ctx)) {
    const xs = byId.get(id);
    if (xs) xs.push(x);
    else byId.set(id, [x]);
  }
  const span = (x: Exchange) => ({
    start: Date.parse(x.startedAt),
    end: Date.parse(x.startedAt) + x.durationMs,
  });
  let races = 0;
  for (const [id, xs] of byId) {
    // Groups of cancels each of which overlaps the one before it on the wire.
    const sorted = [...xs].sort((a, b) => span(a).start - span(b).start);
    for (let i = 0; i < sorted.length; ) {
      let j = i + 1;
      let end = span(sorted[i]!).end;
      while (j < sorted.length && span(sorted[j]!).start < end) end = Math.max(end, span(sorted[j++]!).end);
      const group = sorted.slice(i, j);
      i = j;
      if (group.length < 2) continue;
      races++;
      ctx.evidence(...group);
      const won = group.filter((x) => cancelledBy(x.response!.status));
      if (won.length > 1)
        ctx.problem(
          `${won.length} of ${group.length} cancels of order ${id} on the wire together succeeded (${group.map((x) => x.response!.status).join(', ')}): the order was cancelled more than once`,
          {
            expected: 'one 2xx at most',
            actual: won.map((x) => x.response!.status).join(', '),
            exchange: won[1]!,
          },
        );
    }
  }
  if (races === 0) ctx.skip('no two cancels of one order were on the wire together', NOT_OBSERVED);
  ctx.observe(
    `${races} group${races === 1 ? '' : 's'} of cancels of one order on the wire together: one success at most`,
    races,
  );
}

const AFTER_CANCEL = 'a GET /store/orders answered 2xx after a cancel answered 2xx';
const REFUSED = (status: number) =>
  `a cancel answered ${status}, then a list or the next cancel of the order it named`;

export const STATE_TRAFFIC: TrafficJudges = {
  // The store model reads every list and cancel of the transcript, recorded or sent (history.ts).
  'STATE-LIST-AFTER-CANCEL': { judge: 'run', shows: AFTER_CANCEL },
  'STATE-LIST-EXPLAINED': { judge: 'run', shows: 'two GET /store/orders answered 2xx, read whole' },
  'STATE-LIST-LAG-INFO': { judge: 'run', shows: AFTER_CANCEL },
  'STATE-401-CHANGES-NOTHING': { judge: judgeRecorded(401), shows: REFUSED(401) },
  'STATE-404-CHANGES-NOTHING': { judge: judgeRecorded(404), shows: REFUSED(404) },
  'STATE-409-CHANGES-NOTHING': { judge: judgeRecorded(409), shows: REFUSED(409) },
  'STATE-429-CHANGES-NOTHING': { judge: judgeRecorded(429), shows: REFUSED(429) },
  'STATE-CANCEL-RACE': { judge: raced, shows: 'cancels of one order with the key on the wire together' },
  // What only the suite's own sendings show: generated, shrunk sequences.
  'STATE-SEQUENCE': { shows: 'a sequence of operations the suite generates and shrinks' },
  'STATE-CANCEL-LATER-NOT-2XX': { judge: laterNot2xx, shows: LATER },
  'STATE-CANCEL-LATER-INFO': { judge: laterInfo, shows: LATER },
  'STATE-LIST-LATER-INFO': {
    judge: listLater,
    shows: 'a GET /store/orders with the key, once a rate-limit window has passed after a cancellation',
  },
};
