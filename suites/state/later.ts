// The later look: once at least one rate-limit window has passed since the run's first cancel, the cancelled
// fixture is cancelled again and the list read again, once per run, for the STATE- checks' judges to read.
// Sends only to the fixture the first cancel took; waits only as the settings allow (see lookPolicy).
import { input, limit, OUTCOME, type Skip, skipOf } from '../../lib/check/skip.ts';
import { flagAndEnv, flagRef } from '../../lib/config/settings.ts';
import { integerText, stringifyJson } from '../../lib/formats/json.ts';
import type { Response } from '../../lib/http/client.ts';
import { memoKey } from '../../lib/run/memo.ts';
import { answeredAt } from '../kit/cancel-histories.ts';
import type { Ctx } from '../kit/context.ts';
import { type KeyWindow, keyWindow, windowPassed } from '../kit/key-window.ts';
import { type OrderList, readOrderList } from '../kit/order-list.ts';
import { ORDERS, orderPath } from '../kit/paths.ts';
import { describeStatus } from '../kit/responses.ts';
import { cancelledBy } from '../kit/target-facts.ts';

/** Without the probe or --exhaustive, the longest wait the run adds for the later look. */
export const SHORT_WAIT_MS = 15_000;

export interface LaterLook {
  id: string;
  window: KeyWindow;
  /** How long the run waited for the window to pass (0 when other checks took longer). */
  waitedMs: number;
  /** From the first cancel's answer to the later cancel's request (ms). */
  afterMs: number;
}

export interface Shown {
  listed: boolean;
  /** The item's `status` member as JSON text, when it has one (the spec shows no such field). */
  status?: string;
  /** Why the status member was not read, when it was not. */
  unread?: string;
}

/** A list body larger than this is not parsed again for the fixture's status member. */
const STATUS_READ_BYTES = 1 << 20;

/** The status member (JSON text) of order `id` in a list's answer, when read whole and not too large to read again. */
export function listedStatus(res: Response, id: string): string | undefined {
  if (res.bytes > STATUS_READ_BYTES) return undefined;
  return shownIn(res, readOrderList(res), id).status;
}

/** How a list shows order `id`: listed or not, and its status member if it carries one. */
export function shownIn(res: Response, list: OrderList, id: string): Shown {
  const listed = list.ids.has(id);
  if (!listed) return { listed };
  if (res.bytes > STATUS_READ_BYTES)
    return { listed, unread: `the list is over ${STATUS_READ_BYTES} bytes; its items are not read again` };
  const parsed = res.json();
  if (!parsed.ok) return { listed };
  let items: unknown = parsed.value;
  for (const key of (list.wrapped?.at ?? '').split('/').slice(1))
    items = (items as Record<string, unknown> | null)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  const item = Array.isArray(items)
    ? items.find((x) => integerText((x as { id?: unknown } | null)?.id) === id)
    : undefined;
  const status = (item as { status?: unknown } | undefined)?.status;
  return status === undefined ? { listed } : { listed, status: stringifyJson(status) };
}

const LATER = memoKey<Promise<LaterLook | { skip: Skip }>>('state/later-look');

/** How long past a window's end the later look waits: the two readings of a moment differ by rounding. */
const DUE_SLACK_MS = 50;

/** The run's later look (sent on first call, kept in the run's memo), or why it cannot be taken. */
export function laterLook(ctx: Ctx): Promise<LaterLook | { skip: Skip }> {
  return ctx.memo.once(LATER, () => look(ctx));
}

const seconds = (ms: number): string => `${Math.ceil(ms / 1000)} s`;

/** Why the window is as long as it is: what the key's answers announced, or the spec's minute and why. */
function windowBasis(window: KeyWindow): string {
  if (window.source === 'announced')
    return `a window of ${seconds(window.ms)}, as X-RateLimit-Reset announced it`;
  return `the spec's minute (spec §8, requests per minute): no answer with the key announced an X-RateLimit-Reset this run could read, so no shorter window is known`;
}

const tooLong = (what: string, maxWaitMs: number): Skip =>
  skipOf(
    `${what}, longer than ${flagRef('maxWaitSeconds')} (${seconds(maxWaitMs)}): raise ${flagAndEnv('maxWaitSeconds')}`,
    limit('maxWaitSeconds'),
  );

/**
 * Whether the run may wait `waitMs` for the window: with the probe on (it waits out windows itself) or under
 * --exhaustive, whatever --max-wait-seconds allows (a longer wait is that limit's); without them only a
 * short wait, which is never a limit's: a longer one leaves the checks out, naming --exhaustive.
 */
export function lookPolicy(
  waitMs: number,
  window: KeyWindow,
  settings: { exhaustive: boolean; probeOff: boolean; maxWaitMs: number },
): Skip | undefined {
  const what = `the state a cancel established is checked again once a rate-limit window (${seconds(window.ms)}, ${window.source}) has passed since it, ${seconds(waitMs)} from now`;
  if (settings.exhaustive || !settings.probeOff)
    return waitMs > settings.maxWaitMs ? tooLong(what, settings.maxWaitMs) : undefined;
  const short = Math.min(SHORT_WAIT_MS, settings.maxWaitMs);
  if (waitMs <= short) return undefined;
  return skipOf(
    `${what}; without the rate-limit probe (${flagRef('skipRateLimitProbe')}) the run waits at most ${seconds(short)} for it: pass ${flagAndEnv('exhaustive')} to wait, or run the probe`,
    input('exhaustive'),
  );
}

async function look(ctx: Ctx): Promise<LaterLook | { skip: Skip }> {
  await ctx.target.list();
  const sent = ctx.target.firstCancel();
  if (!sent)
    return {
      skip: skipOf(
        `needs a pending order the run may cancel: list one in ${flagAndEnv('cancellableOrderIds')}`,
        input('cancellableOrderIds'),
      ),
    };
  const { id, response: first } = await sent;
  if (!cancelledBy(first.status))
    return {
      skip: skipOf(
        `the first cancel of order ${id} answered ${describeStatus(first)}, not a cancellation (see CANCEL-PENDING-204): nothing was established to check again`,
        OUTCOME,
      ),
    };
  const window = keyWindow(ctx.transcript.all());
  // Due by the clock the run read and by the record the judges read (whole milliseconds: one may be the
  // later), and a moment more, so the judge of this run and of its recording both find a window passed.
  const due =
    Math.max(windowPassed(first.receivedAtMs, window), windowPassed(answeredAt(first.exchange), window)) +
    DUE_SLACK_MS;
  const waitMs = Math.max(0, due - Date.now());
  const refusal = lookPolicy(waitMs, window, {
    exhaustive: ctx.config.exhaustive,
    probeOff: ctx.config.skipRateLimitProbe,
    maxWaitMs: ctx.config.maxWaitMs,
  });
  if (refusal) return { skip: refusal };
  if (waitMs > 0) {
    ctx.log(
      `  order ${id} is looked at again once a rate-limit window has passed since its cancel: waiting ${seconds(waitMs)} (${windowBasis(window)})`,
    );
    // The policy allowed the wait; only a slow clock between the two could make it too long now.
    if (!(await ctx.http.pacer.waitUntil('primary', due)))
      return { skip: tooLong('the window to pass', ctx.config.maxWaitMs) };
  }
  // What the judges read (later-checks.ts), among every exchange of the run: the cancel and the list again.
  const again = await ctx.http.send({ method: 'DELETE', path: orderPath(id) });
  await ctx.http.send({ method: 'GET', path: ORDERS });
  return { id, window, waitedMs: waitMs, afterMs: Date.parse(again.exchange.startedAt) - first.receivedAtMs };
}
