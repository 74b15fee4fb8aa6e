// The walk to the limit: repeats the probe's request one at a time (its last few before Remaining 0 together,
// together.ts; Limit + 1 at once when a refill keeps pace, paced.ts) until the 429 or a limiter's refusal, within
// the bound the plan announced: never past the budget, never inside a Retry-After.
import type { Tools } from '../../kit/context.ts';
import { countApart } from '../../kit/limiter-buckets.ts';
import { orderPath } from '../../kit/paths.ts';
import { cancelledBy } from '../../kit/target-facts.ts';
import { asideRequest, rereadRequest, sendList } from './aside.ts';
import { addressFor, countedApart, forwardingHeaders } from './client-address.ts';
import { walkOnToARefusal } from './counters-walk.ts';
import { PAST_LIMIT_MARGIN_MS } from './held-again.ts';
import { waitToHoldPast } from './held-wait.ts';
import { acceptedSpelling, keptApart, schemeFor } from './key-spelling.ts';
import { budgetSkip, done } from './outcome.ts';
import { onAfterPaced, sendPaced } from './paced.ts';
import { pauseInWindow } from './pause.ts';
import {
  left,
  limitOf,
  type Outcome,
  type ProbeRequest,
  type Reading,
  rolledOver,
  type Sample,
  seconds,
  WALK_MARGIN,
  type Walk,
  type WalkPlan,
} from './record.ts';
import { gradualRefill, refilledSince } from './refill.ts';
import { atTheLimit, holdAfterRefusal, isRefusal, refusalName } from './refusal.ts';
import type { ProbeSender } from './sender.ts';
import { sendTogether, togetherCount } from './together.ts';
import { switchedRequest } from './walk-switch.ts';
import { saneResetAtMs, windowStarts } from './windows.ts';

/** Steps of Remaining the walk needs to show it counting (RL-PROBE-REMAINING-COUNTS, a burst's gate). */
const STEPS_TO_JUDGE = 3;

/**
 * A walk that would still be under way when its window ends meets the next window halfway and walks two
 * half windows; one that starts with fewer than STEPS_TO_JUDGE requests left in the window (the run before it
 * spent the rest) shows no counting at all. Either way the walk waits for the next window first, within
 * --max-wait-seconds, and walks it from its start. Returns the wait.
 */
async function waitForFreshWindow(env: Tools, reading: Reading, bound: number): Promise<number> {
  const end = saneResetAtMs(reading.sample);
  if (end === undefined) return 0;
  const until = end - Date.now();
  // The walk's requests (a loaded machine answers slower than the reading did), and the room the held
  // fixture's cancel needs before the window's end (PAST_LIMIT_MARGIN_MS): a walk that meets Remaining 0 with
  // less left sends its own request there, and the run never learns whether a refused cancel was carried out.
  const perRequest = Math.max(20, reading.sample.response.exchange.durationMs);
  const margin = env.target.heldFixture !== undefined ? PAST_LIMIT_MARGIN_MS : 0;
  const walkMs = bound * perRequest + margin + 1000;
  const spent = (left(reading.sample) ?? STEPS_TO_JUDGE) < STEPS_TO_JUDGE;
  if (until <= 0 || (until > walkMs && !spent)) return 0;
  const after = end + 1000;
  if (after - Date.now() > env.config.maxWaitMs) return 0;
  env.log(
    spent
      ? `  ${left(reading.sample)} left in this window, too few to show Remaining counting: waiting ${seconds(until)} for the next one to walk it whole`
      : `  the window ends in ${seconds(until)}, before the walk could: waiting for the next one to walk it whole`,
  );
  const started = Date.now();
  await env.http.pacer.waitUntil('primary', after, 'X-RateLimit-Reset');
  return Date.now() - started;
}

/**
 * After a served answer, how the walk goes on: a window that began before the limit was met is walked from
 * its first answer instead (each time one does: a clock we cannot read, without a Date, may make the wait for
 * a fresh window land late in it); an answer saying more are left than the bound allows (tokens that came back
 * as they were spent: a token bucket) moves it to them and the margin; both within the ceiling the plan
 * announced. `later`: the requests counted after `s` (of a group). Returns whether the limit has been overrun.
 */
function adjust(
  env: Tools,
  walk: Walk,
  prev: Sample,
  s: Sample,
  ceiling: number,
  overLimit: boolean,
  later = 0,
): boolean {
  const limit = limitOf(walk.samples[0]!) ?? left(walk.samples[0]!) ?? 0;
  const rolled = windowStarts(walk.samples)[walk.samples.length - 1]!;
  if (left(prev) === 0 && !rolled) return true;
  if (rolled && !overLimit) {
    walk.rolledAt = s.n;
    walk.bound = Math.min(ceiling, walk.sent + Math.min(left(s) ?? limit, limit) + WALK_MARGIN);
    env.log(`  the window reset during the walk (request ${s.n}); walking the new one from its start`);
  } else if (!rolled && (left(s) ?? 0) > 0) {
    walk.bound = Math.max(walk.bound, Math.min(ceiling, walk.sent - later + left(s)! + WALK_MARGIN));
  }
  return overLimit;
}

/** Repeats the request until the 429 (or a limiter's refusal), within the plan's bound. */
export async function walkToLimit(
  env: Tools,
  sender: ProbeSender,
  reading: Reading,
  plan: WalkPlan,
): Promise<Outcome<Walk>> {
  const samples: Sample[] = [reading.sample];
  const walk: Walk = { samples, bound: plan.bound, sent: 0, spoofed: [], apart: [], headersRefused: [] };
  if (plan.capped) walk.capped = plan.capped;
  const respelled = acceptedSpelling(env);
  if (respelled) walk.respelled = respelled;
  const waited = await waitForFreshWindow(env, reading, plan.bound);
  if (waited > 0) {
    walk.waitedForWindowMs = waited;
    sender.waitedMs += waited;
  }
  const limit = reading.limit ?? left(reading.sample) ?? 0;
  // The most the walk may send, as the plan announced it: its bound plus one window more.
  const ceiling = plan.capped ? plan.bound : plan.bound + limit + WALK_MARGIN;
  let overLimit = false;
  // The fixture the state checks hold back (TargetFacts.holdBack): cancelled, once, as the request past
  // Remaining 0, so the run sees whether a request refused over the limit was carried out all the same.
  let held = env.target.heldFixture;
  let repeated = reading.request;
  let listTried = false;
  let reread = false;
  while (walk.sent < walk.bound) {
    const budget = env.http.pacer.budgetLeft;
    if (budget <= plan.reserve) return budgetSkip(walk.bound - walk.sent + plan.reserve, budget);
    const prev = samples[samples.length - 1]!;
    const step = { prev, reading: reading.sample, ceiling };
    // The last few before Remaining 0 go together (together.ts), or a whole limit and one more (paced.ts).
    const together = togetherCount(env, walk, plan.reserve);
    // Just before them (or with two left), a list replayed earlier is read again (aside.ts), once.
    if (!reread && (together > 0 || prev.remaining === 2)) {
      reread = true;
      const list = await rereadRequest(env, repeated);
      if (list && (await sendList(env, sender, walk, list, { at: 'reread', ...step }))) break;
      if (list) continue;
    }
    const group =
      together > 0
        ? await sendTogether(env, sender, repeated, together)
        : await sendPaced(env, sender, walk, repeated, { reserve: plan.reserve, ceiling, held });
    if (group) {
      walk.together = group;
      walk.sent += group.length;
      const refusal = group.find((s) => s.status === 429 || isRefusal(s, reading.sample));
      const counted = group.filter((x) => x !== refusal && x.status !== 429 && !isRefusal(x, reading.sample));
      counted.forEach((s, i) => {
        const before = samples[samples.length - 1]!;
        samples.push(s);
        overLimit = adjust(env, walk, before, s, ceiling, overLimit, group.length - 1 - i);
      });
      // A whole limit and one more all served: tokens came back as they arrived; on one at a time (paced.ts).
      if (!refusal && together === 0) {
        const refused = (s: Sample) => s.status === 429 || isRefusal(s, reading.sample);
        const more = await onAfterPaced(
          env,
          sender,
          walk,
          repeated,
          { reserve: plan.reserve, ceiling },
          refused,
        );
        samples.push(...more);
        const next = more.find(refused);
        if (next && next.status !== 429) holdAfterRefusal(env, next, walk);
        if (next) walk.limited = next;
        break;
      }
      if (!refusal) continue;
      samples.push(refusal);
      if (refusal.status !== 429) holdAfterRefusal(env, refusal, walk);
      walk.limited = refusal;
      break;
    }
    // At 0, the list first when it may stand apart (aside.ts): served, kept out of the walk's count.
    if (!listTried && prev.remaining === 0) {
      listTried = true;
      const list = await asideRequest(env, repeated);
      if (list && (await sendList(env, sender, walk, list, { at: 'aside', ...step }))) break;
      if (list) continue;
    }
    // Only where the cancel draws on the count the walk spent: a separate count per path would serve a
    // cancel on another path whatever this one's Remaining says (the burst holds back for the same reason);
    // a count per method or route keeps the walk's absent-id cancels and the held one together.
    // And not as the window ends: one that resets before the request lands serves it (a short or clock-aligned
    // window), and the held fixture would be spent; the walk's own request goes instead, the next 0 may try again.
    const resetAt = saneResetAtMs(prev);
    // The key under another spelling the server accepted (key-spelling.ts): once mid-walk, and first past
    // Remaining 0 once it was answered from a count of its own.
    const scheme = schemeFor(walk, prev);
    const holdable =
      scheme === undefined &&
      held !== undefined &&
      prev.remaining === 0 &&
      countApart(env.transcript.all(), env.config.baseUrl, repeated, {
        method: 'DELETE',
        path: orderPath(held),
      }) === undefined;
    // Too near the end, once: the next window, walked from its start, meets its 0 with room for the cancel,
    // and the list is read again before it and sent at it (a cache's entry may not outlast the wait).
    const room = { ceiling, reserve: plan.reserve, marginMs: PAST_LIMIT_MARGIN_MS };
    if (holdable && (await waitToHoldPast(env, sender, walk, prev, room))) {
      [listTried, reread] = [false, false];
      continue;
    }
    const past = holdable && (resetAt === undefined || resetAt - Date.now() > PAST_LIMIT_MARGIN_MS);
    const request: ProbeRequest = past
      ? { method: 'DELETE', path: orderPath(held!), label: 'DELETE /store/orders/{the held fixture}' }
      : repeated;
    // The held fixture's cancel names no other client address: it is the key's own request past the limit.
    const address = past || scheme ? undefined : addressFor(walk, prev);
    const s = await sender.send(
      request,
      'primary',
      true,
      address ? forwardingHeaders(address) : undefined,
      scheme,
    );
    if (past) {
      walk.overLimit = s;
      // Served: a limiter that refills (a token came back before it landed) took it within its limit, and the
      // fixture is spent. A spare pending fixture, when the run has one, is held in its place for the next 0.
      // Only where the limiter shows a refill that could have taken it within its limit: past a count that
      // gives nothing back the 204 is RL-PROBE-LIMIT-ENFORCED's finding, and a spare held for another 0 would
      // be spent the same way, leaving none for the race (a window that turned under a loaded walk did so).
      held = cancelledBy(s.status) && gradualRefill(walk) !== undefined ? env.target.holdSpare() : undefined;
      // Served while saying requests are left, in the window the walk spent: not the walk's count (a count
      // of its own, or none), so it is kept out of it, and the walk's own request past the limit follows.
      // Unless no more are left than the walk's count could have got back meanwhile (a token bucket under a
      // slow round trip): then the spare held in its place goes at the next 0.
      if (s.status >= 200 && s.status < 300 && (left(s) ?? 0) > 0 && !rolledOver(prev, s)) {
        if (!refilledSince(prev, s)) held = undefined;
        walk.sent += 1;
        walk.aside = [...(walk.aside ?? []), s];
        walk.bound = Math.min(ceiling, walk.bound + 1);
        continue;
      }
    }
    walk.sent += 1;
    // Served from a count of its own (or its credential refused): the key's count goes on without it.
    if (scheme && keptApart(walk, prev, s, scheme)) {
      walk.bound = Math.min(ceiling, walk.bound + 1);
      continue;
    }
    if (address) {
      s.spoofed = address;
      walk.spoofed.push(s);
      // Refused for the headers themselves (a 403, say): no more addresses, and the walk goes on without.
      // A request the key's count did not take brings the limit no nearer: the bound goes one further. A
      // refusal where the limit would not be reached is the headers' (a WAF's 403), not the limit's.
      if (s.status !== 429 && isRefusal(s, reading.sample) && !atTheLimit(s, prev)) {
        walk.headersRefused.push(s);
        walk.bound = Math.min(ceiling, walk.bound + 1);
        continue;
      }
      if (s.status !== 429 && countedApart(prev, s)) {
        walk.apart.push(s);
        walk.bound = Math.min(ceiling, walk.bound + 1);
        continue;
      }
    }
    samples.push(s);
    if (walk.sent === 1 && s.status !== 429) await pauseInWindow(env, sender, s);
    if (s.status === 429) {
      walk.limited = s;
      break;
    }
    if (isRefusal(s, reading.sample)) {
      // Nothing more is sent before the wait a 429 would impose: the recovery waits it out.
      holdAfterRefusal(env, s, walk);
      if (atTheLimit(s, prev)) walk.limited = s;
      else walk.cutShort = s;
      env.log(`  request ${s.n} was refused (${refusalName(s)}): the walk stops there`);
      break;
    }
    overLimit = adjust(env, walk, prev, s, ceiling, overLimit);
    if (!walk.switched) {
      const to = await switchedRequest(env, repeated, samples, s);
      if (to) {
        repeated = to;
        walk.switched = { to, uncounted: samples.slice(1) };
      }
    }
  }
  // Several counters behind the key that served past the Limit and refused nothing: on until one refuses.
  await walkOnToARefusal(env, sender, walk, repeated, plan.reserve);
  return done(walk);
}
