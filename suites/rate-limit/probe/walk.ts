// The probe's first half: read the limit with one cheap request, plan and announce the cost, then repeat
// that request one at a time until the 429. It never sends more than Remaining + WALK_MARGIN (one more
// window's worth if the window resets mid-walk), never past the budget, and never inside a Retry-After.

import { setTimeout as sleep } from 'node:timers/promises';
import { input, limit, OUTCOME, type Skip, type SkipCause, skipOf } from '../../../lib/check/skip.ts';
import { flagAndEnv, settingOf } from '../../../lib/config/settings.ts';
import { rateLimitHeaders } from '../../../lib/formats/rate-limit-headers.ts';
import { MAX_WINDOW_MS, waitText } from '../../../lib/http/pacer.ts';
import type { Transcript } from '../../../lib/http/transcript.ts';
import type { Tools } from '../../kit/context.ts';
import { ORDERS, orderPath } from '../../kit/paths.ts';
import type { TargetFacts } from '../../kit/target-facts.ts';
import { remainingMisbehaves } from '../buckets/of-run.ts';
import {
  type Outcome,
  PLAN_LIMITS,
  type ProbeRequest,
  RECOVERY_ATTEMPTS,
  type Reading,
  type Sample,
  type Skipped,
  sampleOf,
  seconds,
  WALK_MARGIN,
  type Walk,
} from './record.ts';
import { saneResetAtMs, windowStarts } from './windows.ts';

export const skip = (reason: string, cause: SkipCause): Skipped => ({ kind: 'skip', reason, cause });
export const skipFor = (why: Skip): Skipped => skip(why.reason, why.cause);
export const done = <T>(value: T): Outcome<T> => ({ kind: 'done', value });

export function budgetSkip(needed: number, left: number): Skipped {
  return skip(
    `the probe needs up to ${needed} requests and ${left} remain of the budget: raise ${flagAndEnv('maxRequests')}`,
    limit('maxRequests'),
  );
}

/** Sends the probe's requests, numbering the samples and adding up the waits the pacer imposes first. */
export class ProbeSender {
  count = 0;
  waitedMs = 0;
  constructor(private readonly env: Tools) {}

  async send(request: ProbeRequest, key: 'primary' | 'secondary', spendToLimit: boolean): Promise<Sample> {
    const wait = this.env.http.pacer.requiredWait(key, spendToLimit)?.ms ?? 0;
    const res = await this.env.http.send({
      method: request.method,
      path: request.path,
      auth: { kind: 'key', key },
      retryAfter429: false,
      spendToLimit,
    });
    // Counted once sent: a wait the run refused (past --max-wait-seconds) was never waited.
    this.waitedMs += wait;
    return sampleOf(res, this.count++);
  }

  /** Makes `sample` the reading (#0): the probe's sequence starts again from it. */
  restart(sample: Sample): Sample {
    this.count = 1;
    return { ...sample, n: 0 };
  }
}

/** The largest list the probe repeats when no id may be sent as absent (it is sent up to Limit + 3 times). */
export const MAX_REPEATED_LIST_BYTES = 64 * 1024;

/**
 * The request the probe repeats: a cancel of an id no order can have (small, changes nothing, and reads the
 * same whatever the store holds); the list itself only when no such id may be sent and the list is small and
 * was read whole (never one that broke the size cap or the time limit). Otherwise why the probe cannot run.
 */
export async function chooseRequest(target: TargetFacts): Promise<ProbeRequest | Skip> {
  const absent = await target.absentId();
  if (absent !== undefined)
    return { method: 'DELETE', path: orderPath(absent), label: 'DELETE /store/orders/{an id proven absent}' };
  const listed = await cheapList(target, 'no id may be sent as absent');
  if (listed) return listed;
  const refusal = (await target.absenceRefusal()) ?? skipOf('no id could be proven absent', OUTCOME);
  const list = await target.list().catch(() => undefined);
  return skipOf(
    `${refusal.reason}; and the order list is too costly to repeat up to Limit + 3 times (${list ? `${list.response.bytes} bytes` : 'it could not be read'}; at most ${MAX_REPEATED_LIST_BYTES})`,
    refusal.cause,
  );
}

/** The list as the repeated request (`why` in its label), when it is small and was read whole; else undefined. */
async function cheapList(target: TargetFacts, why: string): Promise<ProbeRequest | undefined> {
  const list = await target.list().catch(() => undefined);
  if (!list || list.response.bytes > MAX_REPEATED_LIST_BYTES) return undefined;
  return { method: 'GET', path: ORDERS, label: `GET /store/orders (${why})` };
}

/**
 * Reads Limit/Remaining/Reset with one request; a 429 there (other traffic) is waited out once. An absent-id
 * cancel answered without X-RateLimit-Remaining (no headers on 404) counts nothing the walk can read: the
 * probe then repeats the list instead, when it may, so that a limiter serving Limit + 1 still shows.
 */
export async function readLimit(env: Tools, sender: ProbeSender): Promise<Outcome<Reading>> {
  let request = await chooseRequest(env.target);
  if ('reason' in request)
    return skip(`the probe has no request to repeat: ${request.reason}`, request.cause);
  env.log(`Rate-limit probe: reading the limit with one ${request.label}`);
  let sample = await sender.send(request, 'primary', false);
  if (sample.status === 429) sample = await sender.send(request, 'primary', false);
  const list =
    sample.remaining === undefined && ![401, 429].includes(sample.status) && request.method === 'DELETE'
      ? await cheapList(env.target, 'the absent-id cancel carries no X-RateLimit-Remaining')
      : undefined;
  if (list) {
    env.log('  that answer carried no X-RateLimit-Remaining: the probe repeats the list instead');
    const again = sender.restart(await sender.send(list, 'primary', false));
    if (again.remaining !== undefined && again.status !== 429) {
      request = list;
      sample = again;
    }
  }
  if (sample.status === 429)
    return skip(
      `the key was limited before the probe began, and still after waiting its Retry-After (other traffic on the key?): rerun when the key is idle, or leave the probe out with ${settingOf('skipRateLimitProbe').flag}`,
      input('skipRateLimitProbe'),
    );
  if (sample.status === 401)
    return skip(
      `the API key was refused (401), so there is no key limit to probe (see AUTH-*): check ${flagAndEnv('apiKey')}`,
      // The AUTH- checks carry the verdict on the key.
      { kind: 'outcome', setting: 'apiKey' },
    );
  if (sample.limit !== undefined) return done({ request, sample, limit: sample.limit, limitFrom: 'reading' });
  const earlier = latestLimit(env.transcript);
  if (earlier !== undefined)
    return done({ request, sample, limit: earlier, limitFrom: 'an earlier response' });
  const plan = env.config.plan;
  if (plan && plan !== 'enterprise')
    return done({ request, sample, limit: PLAN_LIMITS[plan].perMinute, limitFrom: '--plan' });
  return done({ request, sample, limitFrom: 'nowhere' });
}

/** X-RateLimit-Limit of the latest response to the primary key that carried one. */
function latestLimit(transcript: Transcript): number | undefined {
  const xs = transcript.all();
  for (let i = xs.length - 1; i >= 0; i--) {
    const x = xs[i]!;
    if (x.bucket !== 'primary' || !x.response) continue;
    const limit = rateLimitHeaders(x.response.headers).limit?.value;
    if (limit !== undefined) return limit;
  }
  return undefined;
}

export interface WalkPlan {
  bound: number;
  /** Requests kept back for what follows the walk (recovery, the second key's second read). */
  reserve: number;
  text: string;
}

/** What the walk and what follows will cost at most, or why the walk must not start. */
export function planWalk(env: Tools, reading: Reading, now: number): Outcome<WalkPlan> {
  const { config } = env;
  const base = reading.sample.remaining ?? reading.limit;
  if (base === undefined)
    return skip(
      `no X-RateLimit-Remaining or X-RateLimit-Limit to bound the walk by (see RL-HEADERS-PRESENT): give the plan with ${flagAndEnv('plan')} to bound it by the plan limit`,
      input('plan'),
    );
  const untilReset =
    reading.sample.resetAtMs !== undefined ? Math.max(0, reading.sample.resetAtMs - now) : undefined;
  // A Reset past any window of spec §8 (a day) is no wait to raise a setting for: rerun once it has passed.
  if (untilReset !== undefined && untilReset > MAX_WINDOW_MS)
    return skip(
      `the key's window resets ${waitText(untilReset)} from now (X-RateLimit-Reset), past any window of spec §8: the probe does not exhaust it; rerun once it has reset`,
      OUTCOME,
    );
  if (untilReset !== undefined && untilReset > config.maxWaitMs)
    return skip(
      `exhausting this window would keep the key limited for ${seconds(untilReset)} (until X-RateLimit-Reset), longer than ${settingOf('maxWaitSeconds').flag} (${config.maxWaitMs / 1000} s): raise ${flagAndEnv('maxWaitSeconds')} to run the probe`,
      limit('maxWaitSeconds'),
    );
  const bound = base + WALK_MARGIN;
  const second = config.hasSecondKey ? 2 : 0;
  const reserve = RECOVERY_ATTEMPTS + (second > 0 ? 1 : 0);
  const needed = bound + RECOVERY_ATTEMPTS + second;
  const left = env.http.pacer.budgetLeft;
  if (needed > left) return budgetSkip(needed, left);
  const burst = config.burst ? (reading.limit ?? base) + 1 : 0;
  const parts = [
    `walk ≤ ${bound} (${reading.sample.remaining !== undefined ? 'Remaining' : `Limit, from ${reading.limitFrom},`} ${base} + ${WALK_MARGIN})`,
    `recovery ≤ ${RECOVERY_ATTEMPTS}`,
    ...(second > 0 ? ['second key 2'] : []),
    ...(burst > 0 ? [`burst ≤ ${burst}`] : []),
  ];
  const max = config.maxWaitMs / 1000;
  const wait =
    untilReset !== undefined
      ? `about ${seconds(untilReset)} (until X-RateLimit-Reset, which Retry-After should match)`
      : 'unknown (no X-RateLimit-Reset)';
  // A window that resets mid-walk is walked once more, and a request a refill gave back is made up for
  // (walkToLimit): together at most Limit + margin more, announced up front so the count is never exceeded.
  const rollover = (reading.limit ?? reading.sample.remaining ?? 0) + WALK_MARGIN;
  const text = `up to ${needed + burst} requests (${needed + burst + rollover} if the window resets mid-walk or refills as it is walked; ${parts.join(', ')}); longest wait ${wait}, never one over --max-wait-seconds (${max} s); backoff at most ${max} s more only if the limit does not lift${burst > 0 ? ', and one more window after the burst' : ''}`;
  return done({ bound, reserve, text });
}

/** The one pause the walk makes inside a long window, so that Reset shows whether it stays put. */
export const WALK_PAUSE_MS = 2500;
/** The pause is made when the window has at least this much left beyond it, or when its end is at hand. */
const PAUSE_ROOM_MS = 4000;
const AT_HAND_MS = 1000;

/**
 * Inside a long window a fast run spends the whole walk within a fraction of a second, so a Reset that is
 * always "now + window" looks constant and one that names the window's start looks current. Once, after
 * the walk's first request, it waits WALK_PAUSE_MS when the window has room for it, or when Reset says it
 * ends within a second (not otherwise: a short window's end could fall inside the pause). Nothing is sent
 * meanwhile, so a fixed window's Reset is unchanged after it (RL-HEADERS-RESET-STABLE) and still ahead
 * (RL-PROBE-RESET-WINDOW), or the window has turned.
 */
async function pauseInWindow(env: Tools, sender: ProbeSender, s: Sample): Promise<void> {
  const end = saneResetAtMs(s);
  if (end === undefined || s.remaining === undefined || s.remaining < 3) return;
  // A moment at hand (a second or less away) is let pass: the window must turn, or Reset named no end.
  const left = end - Date.now();
  if (left > AT_HAND_MS && left < WALK_PAUSE_MS + PAUSE_ROOM_MS) return;
  env.log(
    `  pausing ${seconds(WALK_PAUSE_MS)} inside the window, so X-RateLimit-Reset shows whether it stays put`,
  );
  sender.waitedMs += WALK_PAUSE_MS;
  await sleep(WALK_PAUSE_MS);
}

/** Repeats the request until the 429, within the plan's bound. */
export async function walkToLimit(
  env: Tools,
  sender: ProbeSender,
  reading: Reading,
  plan: WalkPlan,
): Promise<Outcome<Walk>> {
  const samples: Sample[] = [reading.sample];
  const walk: Walk = { samples, bound: plan.bound, sent: 0 };
  const limit = reading.limit ?? reading.sample.remaining ?? 0;
  // The most the walk may send, as the plan announced it: its bound plus one window more.
  const ceiling = plan.bound + limit + WALK_MARGIN;
  let overLimit = false;
  // The fixture the state checks hold back (TargetFacts.holdBack): cancelled, once, as the request past
  // Remaining 0, so the run sees whether a request refused over the limit was carried out all the same.
  let held = env.target.heldFixture;
  while (walk.sent < walk.bound) {
    const left = env.http.pacer.budgetLeft;
    if (left <= plan.reserve) return budgetSkip(walk.bound - walk.sent + plan.reserve, left);
    const prev = samples[samples.length - 1]!;
    // Only where one count serves every path: a separate count per path would serve a cancel on another
    // path whatever this one's Remaining says (the burst holds back for the same reason).
    const past =
      held !== undefined &&
      prev.remaining === 0 &&
      remainingMisbehaves(env.transcript.all(), env.config.baseUrl) === undefined;
    const request: ProbeRequest = past
      ? { method: 'DELETE', path: orderPath(held!), label: 'DELETE /store/orders/{the held fixture}' }
      : reading.request;
    const s = await sender.send(request, 'primary', true);
    if (past) {
      walk.overLimit = s;
      held = undefined;
    }
    walk.sent += 1;
    samples.push(s);
    if (walk.sent === 1 && s.status !== 429) await pauseInWindow(env, sender, s);
    if (s.status === 429) {
      walk.limited = s;
      break;
    }
    const rolled = windowStarts(samples)[samples.length - 1]!;
    if (prev.remaining === 0 && !rolled) overLimit = true;
    if (rolled && walk.rolledAt === undefined && !overLimit) {
      // A new window began before the limit was met: look for the 429 in it instead, once.
      walk.rolledAt = s.n;
      walk.bound = Math.min(ceiling, walk.sent + Math.min(s.remaining ?? limit, limit) + WALK_MARGIN);
      env.log(`  the window reset during the walk (request ${s.n}); walking the new one`);
    } else if (
      !rolled &&
      prev.remaining !== undefined &&
      s.remaining !== undefined &&
      prev.remaining > 0 &&
      s.remaining >= prev.remaining &&
      walk.bound < ceiling
    ) {
      // A token came back as the request was spent (a token bucket refilling as it is walked): the request
      // brought the limit no nearer, so the walk goes one further, within the window the plan allowed.
      walk.bound += 1;
    }
  }
  return done(walk);
}
