// The state-over-time checks judged from recorded traffic: what followed, a rate-limit window or more later,
// each cancellation the recording shows (history.ts). A fuller model of the store replaces history.ts's
// reading, not these entries. Sends nothing.
import { isCanonicalInt64 } from '../../lib/formats/int64.ts';
import type { Ctx } from '../kit/context.ts';
import { expectStatus } from '../kit/expect.ts';
import { carriesKey } from '../kit/offered.ts';
import { readList } from '../kit/order-list.ts';
import { NOT_OBSERVED, recorded, replay, type TrafficJudges } from '../kit/traffic.ts';
import { type CancelHistory, cancelHistories } from './history.ts';
import { windowPassed } from './window.ts';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function laterCancels(
  ctx: Ctx,
): Array<{ h: CancelHistory; x: import('../../lib/http/transcript.ts').Exchange }> {
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
  for (const h of histories) {
    if (!isCanonicalInt64(h.id)) continue;
    const passed = windowPassed(Date.parse(h.first.startedAt) + h.first.durationMs, window);
    const later = lists.find(({ x }) => Date.parse(x.startedAt) >= passed);
    const res = later && replay(ctx, later.x);
    if (!res || res.status < 200 || res.status > 299) continue;
    const listed = readList(res.body).ids.has(h.id);
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

export const STATE_TRAFFIC: TrafficJudges = {
  'STATE-CANCEL-LATER-NOT-2XX': { judge: laterNot2xx, shows: LATER },
  'STATE-CANCEL-LATER-INFO': { judge: laterInfo, shows: LATER },
  'STATE-LIST-LATER-INFO': {
    judge: listLater,
    shows: 'a GET /store/orders with the key, once a rate-limit window has passed after a cancellation',
  },
};
