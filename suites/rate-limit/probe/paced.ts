// The walk's answer to a limiter that gives capacity back as fast as one request at a time spends it (a token
// bucket against a slow round trip): once whole again by its own X-RateLimit-Reset, Limit + 1 requests at once,
// so no round trip refills between them. Never more than one over the Limit, never past the walk's ceiling or budget.
import type { Tools } from '../../kit/context.ts';
import { countApart, remainingMisbehaves } from '../../kit/limiter-buckets.ts';
import { orderPath } from '../../kit/paths.ts';
import { cancelledBy } from '../../kit/target-facts.ts';
import { MID_WALK } from './client-address.ts';
import { PAST_LIMIT_MARGIN_MS } from './held-again.ts';
import { spellingOwed } from './key-spelling.ts';
import { lagging, oneShort, overrun, pacedSteps, ROUNDING_MS, rose } from './pace.ts';
import { BURST_MAX, left, limitOf, type ProbeRequest, type Sample, seconds, type Walk } from './record.ts';
import type { ProbeSender } from './sender.ts';
import { sendTogether } from './together.ts';
import { sameWindowPairs, saneResetAtMs, windowStarts } from './windows.ts';

/** The longest the walk waits for the limit to be whole again: a refill that keeps pace is seconds from full. */
const PACED_WAIT_MAX_MS = 10_000;

/**
 * Whether Remaining cannot size Limit + 1 at once: it fell by more than one, or below 0, or more than the Limit
 * were served in one window already (several counters: their rises are no refill, and counters-walk.ts goes on).
 */
function countsOddly(env: Tools, walk: Walk): boolean {
  if (walk.samples.some((s) => (left(s) ?? 0) < 0) || overrun(walk.samples)) return true;
  if (sameWindowPairs(walk.samples).some(([p, c]) => (left(c) ?? 0) < (left(p) ?? 0) - 1)) return true;
  return remainingMisbehaves(env.transcript.all(), env.config.baseUrl) !== undefined;
}

/** Waits until `untilMs` (the limit whole again), adding the wait to the probe's. */
async function waitWhole(env: Tools, sender: ProbeSender, untilMs: number): Promise<void> {
  const started = Date.now();
  await env.http.pacer.waitUntil('primary', untilMs, 'X-RateLimit-Reset');
  sender.waitedMs += Date.now() - started;
}

/**
 * When the walk's last answer is one short of whole after steps that kept pace (pacedSteps) and a whole limit
 * fits the walk's ceiling and the budget: waits for the moment that answer named for X-RateLimit-Reset (its
 * roundings past), then sends Limit + 1 copies of the walk's request at once, and returns their samples in
 * the order they were counted. A limiter whole again holds Limit, so at most one of them is refused; none
 * may be, when tokens come back while they arrive. When Remaining rose instead, short of that, or fell too
 * slowly to reach 0 within the walk's ceiling (lagging: a walk slowed by a loaded machine), the walk waits once
 * for the moment its answer named and its next request reads the limit whole. A window that turned
 * twice in the walk goes the same way from its first answer. Undefined otherwise.
 */
export async function sendPaced(
  env: Tools,
  sender: ProbeSender,
  walk: Walk,
  request: ProbeRequest,
  room: { reserve: number; ceiling: number; held?: string | undefined },
): Promise<Sample[] | undefined> {
  if (walk.together || walk.capped || Math.max(...MID_WALK) > walk.sent) return undefined;
  const [prev, last] = walk.samples.slice(-2);
  const limit = last ? (limitOf(last) ?? limitOf(walk.samples[0]!)) : undefined;
  const end = last ? saneResetAtMs(last) : undefined;
  if (!prev || !last || limit === undefined || end === undefined || countsOddly(env, walk)) return undefined;
  const whole = end + ROUNDING_MS;
  const wait = whole - Date.now();
  if (wait > Math.min(PACED_WAIT_MAX_MS, env.config.maxWaitMs)) return undefined;
  const size = limit + 1;
  const fits =
    size <= BURST_MAX &&
    walk.sent + size + 1 <= room.ceiling &&
    env.http.pacer.budgetLeft > size + 1 + room.reserve;
  if (!oneShort(last)) {
    if (walk.pacedWaitAt !== undefined) return undefined;
    // Remaining rose, or fell too slowly to reach 0 in the walk (lagging): one at a time, the walk does not
    // outrun the limiter. Once whole again by its Reset, the next answer reads one short and Limit + 1 go.
    // A walk lagging goes on to where its request under another spelling may go first (see spellingOwed).
    const lag = rose(prev, last) ? undefined : lagging(walk.samples, room.ceiling - walk.sent);
    if (!rose(prev, last) && (!lag || !fits || spellingOwed(walk, last))) return undefined;
    env.log(
      `  ${lag ?? `X-RateLimit-Remaining rose to ${left(last)} on request #${last.n}`}: the limiter gives capacity back ${lag ? 'as fast as' : 'faster than'} the walk spends it. Waiting ${seconds(Math.max(0, wait))} for the moment it named for X-RateLimit-Reset, so the next request finds it whole`,
    );
    walk.pacedWaitAt = last.n;
    await waitWhole(env, sender, whole);
    return undefined;
  }
  // A window that turned into this answer a second time in the walk: one at a time, it cannot be walked
  // within a window (a fixed window against a slow round trip), and its Reset frees the whole limit.
  const starts = windowStarts(walk.samples);
  const turned = starts[starts.length - 1] === true && starts.filter(Boolean).length >= 2;
  if (!pacedSteps(walk.samples, walk.pacedWaitAt === prev.n || turned)) return undefined;
  if (size > BURST_MAX || walk.sent + size > room.ceiling) return undefined;
  if (env.http.pacer.budgetLeft <= size + room.reserve) return undefined;
  env.log(
    `  X-RateLimit-Remaining was one short of whole (${left(last)} of ${limit}) on request #${last.n}, past the moment the answer before it named for X-RateLimit-Reset: one at a time, the walk does not outrun the limiter. Waiting ${seconds(Math.max(0, wait))} for it to be whole again, then ${size} requests (Limit + 1) go together`,
  );
  await waitWhole(env, sender, whole);
  walk.bound = Math.max(walk.bound, walk.sent + size);
  const cancel = heldCancel(env, request, room.held);
  const group = await sendTogether(env, sender, request, size, `${size} requests (Limit + 1)`, cancel);
  const past = cancel && group.find((s) => s.response.exchange.request.url.endsWith(cancel.path));
  if (past) {
    walk.overLimit = past;
    // Served (tokens came back, or another of the group was the one refused): the fixture is spent.
    if (cancelledBy(past.status)) env.target.holdSpare();
  }
  return group;
}

/**
 * The held fixture's cancel (TargetFacts.holdBack), as the last of the group: where it draws on the count the
 * walk spent, the run sees whether a cancel refused over the limit was carried out all the same.
 */
function heldCancel(env: Tools, request: ProbeRequest, held: string | undefined): ProbeRequest | undefined {
  if (held === undefined) return undefined;
  const cancel: ProbeRequest = {
    method: 'DELETE',
    path: orderPath(held),
    label: 'DELETE /store/orders/{the held fixture}',
  };
  return countApart(env.transcript.all(), env.config.baseUrl, request, cancel) === undefined
    ? cancel
    : undefined;
}

/** How many requests the walk sends one at a time after a group of Limit + 1 all served, at most. */
const AFTER_PACED_MAX = 3;

/**
 * After a group of Limit + 1 all served (tokens came back while they arrived: over TLS, 61 handshakes let two
 * back), its last answer at Remaining 0 or 1: the walk's request again, each sent as the answer before it
 * came, until one is refused, at most three. A limiter that refills gradually has a token back only its whole
 * interval after the last one it gave, so one that arrives sooner meets the count where the one before left
 * it and is refused; one that gives nothing back refuses at once. Remaining above 1 ends it (the refill
 * outpaces one at a time). Within the walk's ceiling and the budget; the samples sent, in order.
 */
export async function onAfterPaced(
  env: Tools,
  sender: ProbeSender,
  walk: Walk,
  request: ProbeRequest,
  room: { reserve: number; ceiling: number },
  refused: (s: Sample) => boolean,
): Promise<Sample[]> {
  const sent: Sample[] = [];
  for (let i = 0; i < AFTER_PACED_MAX; i++) {
    const last = sent[sent.length - 1] ?? walk.samples[walk.samples.length - 1];
    const before = last ? left(last) : undefined;
    if (before === undefined || before > 1 || walk.sent + 1 > room.ceiling) break;
    if (env.http.pacer.budgetLeft <= room.reserve + 1) break;
    // Past Remaining 0, the held fixture's cancel goes (as in the walk) while none was refused past the limit:
    // the group's, served as a token came back, spent its fixture and a spare is held in its place.
    const end = saneResetAtMs(last!);
    const room0 = end === undefined || end - Date.now() > PAST_LIMIT_MARGIN_MS;
    const held =
      before === 0 && room0 && !(walk.overLimit && refused(walk.overLimit))
        ? heldCancel(env, request, env.target.heldFixture)
        : undefined;
    const s = await sender.send(held ?? request, 'primary', true);
    if (held) {
      walk.overLimit = s;
      if (cancelledBy(s.status)) env.target.holdSpare();
    }
    walk.sent += 1;
    walk.bound = Math.max(walk.bound, walk.sent);
    sent.push(s);
    if (refused(s)) break;
  }
  return sent;
}
