// The probe's first step: which request it repeats, the reading of the limit with one of them, and the plan
// of the walk (its bound and what it announces it may cost), or why the walk must not start. Sends only the
// reading; never inside a Retry-After.
import { input, limit, OUTCOME, type Skip, skipOf } from '../../../lib/check/skip.ts';
import { flagAndEnv, flagRef } from '../../../lib/config/settings.ts';
import { rateLimitHeaders } from '../../../lib/formats/rate-limit-headers.ts';
import type { Transcript } from '../../../lib/http/transcript.ts';
import type { Tools } from '../../kit/context.ts';
import { ORDERS, orderPath } from '../../kit/paths.ts';
import type { TargetFacts } from '../../kit/target-facts.ts';
import { cappedWalk } from './far-reset.ts';
import { budgetSkip, done, skip } from './outcome.ts';
import {
  left,
  type Outcome,
  PLAN_LIMITS,
  type ProbeRequest,
  RECOVERY_ATTEMPTS,
  REFUSAL_STATUSES,
  type Reading,
  type Sample,
  seconds,
  WALK_MARGIN,
  type WalkPlan,
} from './record.ts';
import { holdAfterRefusal } from './refusal.ts';
import type { ProbeSender } from './sender.ts';
import { togetherMax } from './together.ts';

/** The largest list the probe repeats when no id may be sent as absent (it is sent up to Limit + 3 times). */
export const MAX_REPEATED_LIST_BYTES = 64 * 1024;

/**
 * The request the probe repeats: a cancel of an id no order can have (small, changes nothing, and reads the
 * same whatever the store holds); the list itself only when no such id may be sent and the list is small and
 * was read whole (never one that broke the size cap or the time limit). Otherwise why the probe cannot run.
 */
export async function chooseRequest(target: TargetFacts): Promise<ProbeRequest | Skip> {
  // Once a DELETE of an id not given was answered 2xx, none is sent again (delete-gate.ts).
  const closed = target.deleteGate.refusal() !== undefined;
  const absent = closed ? undefined : await target.absentId();
  if (absent !== undefined)
    return { method: 'DELETE', path: orderPath(absent), label: 'DELETE /store/orders/{an id proven absent}' };
  const listed = await cheapList(target, closed ? GATE_CLOSED : 'no id may be sent as absent');
  if (listed) return listed;
  const refusal = (await target.absenceRefusal()) ?? skipOf('no id could be proven absent', OUTCOME);
  const list = await target.list().catch(() => undefined);
  return skipOf(
    `${refusal.reason}; and the order list is too costly to repeat up to Limit + 3 times (${list ? `${list.response.bytes} bytes` : 'it could not be read'}; at most ${MAX_REPEATED_LIST_BYTES})`,
    refusal.cause,
  );
}

const GATE_CLOSED = 'a DELETE of an id sent as absent was answered 2xx, so none is sent again';

/** The list as the repeated request (`why` in its label), when it is small and was read whole; else undefined. */
export async function cheapList(target: TargetFacts, why: string): Promise<ProbeRequest | undefined> {
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
  // Limited already (other traffic, or the run itself past a front's own limit): waited out once, a limiter's
  // 503 as a 429, so the walk starts from an answer that was served.
  const limited = (s: Sample) => s.status === 429 || REFUSAL_STATUSES.has(s.status);
  if (limited(sample)) {
    if (sample.status !== 429) holdAfterRefusal(env, sample);
    env.log(
      `  the key was refused (${sample.status}) before the probe began: waiting as told, then reading again`,
    );
    sample = await sender.send(request, 'primary', false);
  }
  // The reading's own cancel of an absent id answered 2xx: it is not repeated; the list is, when it may be.
  if (request.method === 'DELETE' && env.target.deleteGate.proof) {
    const listed = await cheapList(env.target, GATE_CLOSED);
    const refusal = env.target.deleteGate.refusal()!;
    if (!listed) return skip(`the probe has no request to repeat: ${refusal.reason}`, refusal.cause);
    env.log(`  ${GATE_CLOSED}: the probe repeats the list instead`);
    request = listed;
    sample = sender.restart(await sender.send(listed, 'primary', false));
  }
  const list =
    left(sample) === undefined && ![401, 429].includes(sample.status) && request.method === 'DELETE'
      ? await cheapList(env.target, 'the absent-id cancel carries no X-RateLimit-Remaining')
      : undefined;
  if (list) {
    env.log('  that answer carried no X-RateLimit-Remaining: the probe repeats the list instead');
    const again = sender.restart(await sender.send(list, 'primary', false));
    if (left(again) !== undefined && again.status !== 429) {
      request = list;
      sample = again;
    }
  }
  if (limited(sample)) {
    if (sample.status !== 429) holdAfterRefusal(env, sample);
    return skip(
      `the key was limited before the probe began (${sample.status}), and still after waiting as told (other traffic on the key?): rerun when the key is idle, or leave the probe out with ${flagRef('skipRateLimitProbe')}`,
      input('skipRateLimitProbe'),
    );
  }
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
  const announced = sample.announced?.limit;
  if (announced !== undefined)
    return done({ request, sample, limit: announced, limitFrom: 'the draft RateLimit fields' });
  const plan = env.config.plan;
  if (plan && plan !== 'enterprise')
    return done({ request, sample, limit: PLAN_LIMITS[plan].perMinute, limitFrom: 'plan' });
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

/** What the walk and what follows will cost at most, or why the walk must not start. */
export function planWalk(env: Tools, reading: Reading, now: number): Outcome<WalkPlan> {
  const { config } = env;
  const base = left(reading.sample) ?? reading.limit;
  if (base === undefined)
    return skip(
      `no X-RateLimit-Remaining or X-RateLimit-Limit (nor the IETF draft's RateLimit fields) to bound the walk by (see RL-HEADERS-PRESENT): give the plan with ${flagAndEnv('plan')} to bound it by the plan limit`,
      input('plan'),
    );
  const resetAtMs = reading.sample.resetAtMs ?? reading.sample.announced?.resetAtMs;
  const untilReset = resetAtMs !== undefined ? Math.max(0, resetAtMs - now) : undefined;
  // A day quota announced (a plan's requests per day) is walked no further than that plan's minute.
  const capped =
    untilReset !== undefined && untilReset > config.maxWaitMs
      ? cappedWalk(reading, config.plan, untilReset)
      : undefined;
  if (untilReset !== undefined && untilReset > config.maxWaitMs && !capped)
    return skip(
      `exhausting this window would keep the key limited for ${seconds(untilReset)} (until X-RateLimit-Reset), longer than ${flagRef('maxWaitSeconds')} (${config.maxWaitMs / 1000} s): raise ${flagAndEnv('maxWaitSeconds')} to run the probe`,
      limit('maxWaitSeconds'),
    );
  const bound = capped?.bound ?? base + WALK_MARGIN;
  const second = config.hasSecondKey ? 2 : 0;
  const reserve = RECOVERY_ATTEMPTS + (second > 0 ? 1 : 0);
  const needed = bound + RECOVERY_ATTEMPTS + second;
  const budget = env.http.pacer.budgetLeft;
  if (needed > budget) return budgetSkip(needed, budget);
  // Limit + 1 at once, and one request to read a fresh window first when the current one ends too soon.
  const burst = config.burst ? (reading.limit ?? base) + 2 : 0;
  const parts = [
    capped
      ? `walk ≤ ${bound} (${capped.why})`
      : `walk ≤ ${bound} (${boundText(reading)} ${base} + ${WALK_MARGIN})`,
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
  const rollover = capped ? 0 : (reading.limit ?? left(reading.sample) ?? 0) + WALK_MARGIN;
  const text = `up to ${needed + burst} requests (${needed + burst + rollover} if the window resets mid-walk or refills as it is walked; ${parts.join(', ')}); longest wait ${wait}, never one over ${flagRef('maxWaitSeconds')} (${max} s); the walk's last ${togetherMax(reading.limit)} or fewer before Remaining 0 sent together, within its count (Limit + 1 together, once the limit is whole again, when a refill keeps pace with the walk); backoff at most ${max} s more only if the limit does not lift${burst > 0 ? ', and one more window after the burst' : ''}${env.target.heldFixture !== undefined ? `; and only if a 429 comes before Remaining 0 (before the held fixture's cancel went), the next window walked down to where it came and that cancel sent there: at most ${(reading.limit ?? base) + 1} more` : ''}; and only if X-RateLimit-Remaining runs as several interleaved counts that serve past the Limit and refuse nothing (worker processes each counting on their own), on one at a time until one refuses, within the budget`;
  return done({ bound, reserve, text, ...(capped ? { capped: capped.why } : {}) });
}

/** What bounds the walk, in words: the Remaining the reading carried, or the Limit and where it came from. */
function boundText(reading: Reading): string {
  if (reading.sample.remaining !== undefined) return 'Remaining';
  if (reading.sample.announced?.remaining !== undefined)
    return `the remaining of the IETF draft's ${reading.sample.announced.form},`;
  return `Limit, from ${reading.limitFrom === 'plan' ? flagRef('plan') : reading.limitFrom},`;
}
