// The probe's second half: the second key while the first is limited, the recovery after Retry-After (with
// bounded exponential backoff), the opt-in burst, and the final wait so the run never ends inside a
// Retry-After. Every wait goes through the pacer; nothing here sends inside a Retry-After period.
import { UNMET } from '../../../lib/check/needs.ts';
import { limit, OUTCOME } from '../../../lib/check/skip.ts';
import { flagAndEnv, flagRef } from '../../../lib/config/settings.ts';
import { HarnessError } from '../../../lib/errors.ts';
import { retryAfter } from '../../../lib/formats/rate-limit-headers.ts';
import type { Tools } from '../../kit/context.ts';
import { ORDERS } from '../../kit/paths.ts';
import { remainingMisbehaves } from '../buckets/of-run.ts';
import { STALE_AFTER_MS } from '../headers/windows.ts';
import { notSeenCounting, remainingUnreliable } from './judge-counts.ts';
import { budgetSkip, done, skip, skipFor } from './outcome.ts';
import {
  BURST_MAX,
  type Burst,
  backoffDelayMs,
  type Outcome,
  type ProbeRequest,
  RECOVERY_ATTEMPTS,
  type Recovery,
  rolledOver,
  type Sample,
  sampleOf,
  seconds,
  type Walk,
  wholeSecondGraceMs,
} from './record.ts';
import { gradualRefill } from './refill.ts';
import { isRefusal, refusalName } from './refusal.ts';
import type { ProbeSender } from './sender.ts';
import { saneResetAtMs, windowResetOf } from './windows.ts';

const LIST_REQUEST: ProbeRequest = { method: 'GET', path: ORDERS, label: 'GET /store/orders' };

function retryAfterMs(s: Sample): number | undefined {
  const ra = retryAfter(s.response.headers, s.response.receivedAtMs);
  return ra && ra.form !== 'invalid' ? ra.delayMs : undefined;
}

function describeWait(s: Sample, walk: Walk): string {
  const ra = retryAfter(s.response.headers, s.response.receivedAtMs);
  if (ra) return `Retry-After: ${ra.raw}`;
  if (s.reset !== undefined) return 'no Retry-After; X-RateLimit-Reset';
  return windowResetOf(s, walk) !== undefined
    ? "no Retry-After; the window's last X-RateLimit-Reset"
    : 'neither Retry-After nor Reset: 60 s';
}

/**
 * Why the recovery alone cannot show the next window, or undefined when it can. When the walk proved
 * Remaining unreliable, no rise of it shows a new window; when the recovered answer's Reset names no later
 * moment than the 429's (equal once both are rounded to the second, as a sliding log's next expiry may be),
 * it cannot tell a new window's own Reset from the passed one kept. Either way the window must show by time
 * alone, a second past the moment (RL-HEADERS-NEW-WINDOW reads Reset against the server's whole-second Date).
 */
function recoveryUnclear(walk: Walk, recovered: Sample, recovery: Recovery): string | undefined {
  const unreliable = remainingUnreliable(walk, recovery);
  if (unreliable !== undefined) return 'X-RateLimit-Remaining does not count';
  const before = walk.limited ? windowResetOf(walk.limited, walk)?.reset : undefined;
  if (before !== undefined && recovered.reset !== undefined && recovered.reset <= before)
    return 'the recovered answer names no later X-RateLimit-Reset than the 429 did';
  return undefined;
}

/**
 * When the recovery cannot show the next window (recoveryUnclear), one more request, kept within the
 * recovery's tries, goes out well past the 429's Reset (RL-HEADERS-NEW-WINDOW's margin), where the window
 * must have turned by time alone. Nothing when the run is already past that moment or the wait would pass
 * the limit.
 */
async function readPastReset(
  env: Tools,
  sender: ProbeSender,
  request: ProbeRequest,
  walk: Walk,
  recovery: Recovery,
): Promise<void> {
  // The 429's Reset, else (a 429 sent without the headers) the last one of the window it ended.
  const at = walk.limited ? windowResetOf(walk.limited, walk)?.atMs : undefined;
  if (at === undefined || !recovery.recovered) return;
  const why = recoveryUnclear(walk, recovery.recovered, recovery);
  if (why === undefined) return;
  if (recovery.attempts.length >= RECOVERY_ATTEMPTS || env.http.pacer.budgetLeft < 1) return;
  // A second more than the margin: each answer's Reset moment is read against its own whole-second Date, so
  // the moment can read up to a second later on the next answer than on the 429.
  const until = at + STALE_AFTER_MS + 1200;
  const ms = until - Date.now();
  if (ms <= 0 || ms > env.config.maxWaitMs) return;
  env.log(
    `Rate-limit probe: ${why}, so the next window can show by time alone: one more request ${seconds(ms)} from now, ${seconds(until - at)} past X-RateLimit-Reset`,
  );
  // The sender adds the hold to the probe's waiting when it sends.
  env.http.pacer.hold('primary', until);
  await sender.send(request, 'primary', true);
}

/** Waits what the 429 asks (Retry-After, else Reset), then tries again, backing off while still limited. */
export async function recover(
  env: Tools,
  sender: ProbeSender,
  request: ProbeRequest,
  walk: Walk,
): Promise<Outcome<Recovery>> {
  const limited = walk.limited;
  if (!limited)
    return skip(
      `the walk met no 429${walk.cutShort ? ` (a ${walk.cutShort.status} stopped it before the limit)` : ''}, so there is nothing to recover from (see RL-PROBE-LIMIT-ENFORCED)`,
      OUTCOME,
    );
  const { pacer } = env.http;
  const maxWaitMs = env.config.maxWaitMs;
  const firstMs = pacer.requiredWait('primary', true)?.ms ?? 0;
  if (firstMs > maxWaitMs)
    return skip(
      `the ${refusalName(limited)} asks for a ${seconds(firstMs)} wait (${describeWait(limited, walk)}), longer than ${flagRef('maxWaitSeconds')} (${maxWaitMs / 1000} s): recovery was not tried and the key is not used again in this run; raise ${flagAndEnv('maxWaitSeconds')} to check it`,
      limit('maxWaitSeconds'),
    );
  if (pacer.budgetLeft < 1) return budgetSkip(1, 0);
  env.log(
    `Rate-limit probe: waiting ${seconds(firstMs)} as the ${refusalName(limited)} said (${describeWait(limited, walk)}), then one request`,
  );
  const recovery: Recovery = {
    refusedWith: limited.status,
    waitsMs: [firstMs],
    dueAtMs: announcedLiftMs(limited) ?? Date.now() + firstMs,
    graceMs: wholeSecondGraceMs(limited),
    attempts: [],
  };
  // A limiter that refused with 503 refuses again alike; a 429 is a refusal whatever the walk met, and so is
  // a front's own refusal (a 403 page) that shows only now: it is judged as that limiter's 429.
  const still = (s: Sample) =>
    s.status === 429 || s.status === limited.status || isRefusal(s, walk.samples[0]!);
  let last = await sender.send(request, 'primary', true);
  recovery.attempts.push(last);
  let backoffMs = 0;
  for (let i = 1; i < RECOVERY_ATTEMPTS && still(last); i++) {
    const delay = backoffDelayMs(i, firstMs, retryAfterMs(last) ?? 0, env.random.next());
    if (backoffMs + delay > maxWaitMs) {
      recovery.gaveUp = `the next backoff (${seconds(delay)}) would take the backoff past ${flagRef('maxWaitSeconds')} (${maxWaitMs / 1000} s)`;
      break;
    }
    if (pacer.budgetLeft < 1) {
      recovery.gaveUp = `the request budget is spent (${flagRef('maxRequests')})`;
      break;
    }
    env.log(
      `  still ${last.status}: backing off ${seconds(delay)} (exponential, with jitter; try ${i + 1} of ${RECOVERY_ATTEMPTS})`,
    );
    pacer.hold('primary', last.response.receivedAtMs + delay);
    backoffMs += delay;
    recovery.waitsMs.push(delay);
    last = await sender.send(request, 'primary', true);
    recovery.attempts.push(last);
  }
  const recovered = recovery.attempts.find((s) => !still(s));
  if (recovered) recovery.recovered = recovered;
  await readPastReset(env, sender, request, walk, recovery);
  return done(recovery);
}

/** The moment a refusal said the limit lifts: its Retry-After, else its Reset (local ms), when it said. */
function announcedLiftMs(limited: Sample): number | undefined {
  const r = limited.response;
  const ra = retryAfter(r.headers, r.receivedAtMs);
  if (ra && ra.form !== 'invalid') return r.receivedAtMs + ra.delayMs;
  return limited.resetAtMs;
}

/** The second key, read before the walk and again while the first key is limited. */
export async function readSecondKey(
  env: Tools,
  sender: ProbeSender,
  request: ProbeRequest,
): Promise<Sample | undefined> {
  if (!env.config.hasSecondKey) return undefined;
  return sender.send(request, 'secondary', false);
}

/** How long a window must still run for a burst to go out in it whole (its requests leave within a few ms). */
const BURST_ROOM_MS = 1500;

/** Right after the recovery (a fresh window), Remaining + 1 identical requests at once. */
export async function burst(
  env: Tools,
  sender: ProbeSender,
  request: ProbeRequest,
  recovery: Outcome<Recovery>,
  walk: Outcome<Walk>,
): Promise<Outcome<Burst>> {
  if (!env.config.burst) return skipFor(UNMET.burst);
  // A burst sized by a Remaining that does not count would overshoot the limit by more than one request:
  // the extra 429s arrive inside the first one's Retry-After, which is how keys get banned.
  const unreliable =
    walk.kind === 'done'
      ? remainingUnreliable(walk.value, recovery.kind === 'done' ? recovery.value : undefined)
      : undefined;
  if (unreliable)
    return skip(
      `not sent: the walk proved X-RateLimit-Remaining unreliable (${unreliable}; see RL-PROBE-REMAINING-COUNTS), so a burst sized by it could overshoot the limit and get the key banned`,
      OUTCOME,
    );
  // Only a Remaining seen counting down, and a limit that refused no earlier than it announced, may size a
  // burst: otherwise the burst's extra 429s come where nothing predicted them.
  const unseen = walk.kind === 'done' ? notSeenCounting(walk.value) : 'the walk did not run';
  if (unseen)
    return skip(`not sent: ${unseen}, so nothing shows a burst sized by it would stop at the limit`, OUTCOME);
  // The rest of the run counts too: a Remaining that falls by two for some requests, or keeps a count per
  // path or method, may not be the count a burst of this request meets.
  const misbehaves = remainingMisbehaves(env.transcript.all(), env.config.baseUrl);
  if (misbehaves)
    return skip(
      `not sent: the run's answers show X-RateLimit-Remaining does not count one per request of the key (${misbehaves}), so a burst sized by it could overshoot the limit and get the key banned`,
      OUTCOME,
    );
  if (recovery.kind !== 'done')
    return skip(
      `needs the fresh window that follows the recovery, which did not run: ${recovery.kind === 'skip' ? recovery.reason : 'it failed'}`,
      recovery.kind === 'skip' ? recovery.cause : OUTCOME,
    );
  if (!recovery.value.recovered)
    return skip('needs a fresh window, and the limit did not lift (see RL-PROBE-RECOVERY)', OUTCOME);
  let fresh = recovery.value.recovered;
  if (fresh.remaining === undefined) {
    // The repeated request carries no Remaining (e.g. no headers on 404): read it from one list request,
    // which counts like any other, so its Remaining already includes itself.
    if (env.http.pacer.budgetLeft < 1) return budgetSkip(1, 0);
    fresh = await sender.send(LIST_REQUEST, 'primary', true);
    if (fresh.remaining === undefined)
      return skip(
        'neither the recovery response nor a list request carried X-RateLimit-Remaining to size the burst by (see RL-HEADERS-PRESENT)',
        OUTCOME,
      );
  }
  // A window that ends before the burst could all arrive (the recovery may land late in it, an aligned window
  // after a whole-period Retry-After) would let it straddle the reset and judge nothing: the burst waits for
  // the next window, when the run may wait that long, and reads its Remaining with one request.
  const end = saneResetAtMs(fresh);
  const until = end === undefined ? 0 : end - Date.now();
  if (
    end !== undefined &&
    until > 0 &&
    until < BURST_ROOM_MS &&
    end + 1000 - Date.now() <= env.config.maxWaitMs
  ) {
    if (env.http.pacer.budgetLeft < 1) return budgetSkip(1, 0);
    env.log(`  the window ends in ${seconds(until)}, too soon for a burst: waiting for the next one`);
    await env.http.pacer.waitUntil('primary', end + 1000, 'X-RateLimit-Reset');
    // Read as the burst was sized: the repeated request, or the list when that carried no Remaining.
    const reader = fresh === recovery.value.recovered ? request : LIST_REQUEST;
    const again = await sender.send(reader, 'primary', true);
    if (again.remaining !== undefined && again.status !== 429) fresh = again;
  }
  const size = fresh.remaining! + 1;
  if (size > BURST_MAX)
    return skip(
      `Remaining ${fresh.remaining} is above the ${BURST_MAX} concurrent requests the burst sends at most`,
      OUTCOME,
    );
  if (env.http.pacer.budgetLeft < size) return budgetSkip(size, env.http.pacer.budgetLeft);
  env.log(
    `Rate-limit probe: burst of ${size} concurrent ${request.label} (Remaining ${fresh.remaining} + 1)`,
  );
  const results = await env.http.burst(
    { method: request.method, path: request.path, retryAfter429: false, spendToLimit: true },
    size,
  );
  const samples: Sample[] = [];
  const failures: string[] = [];
  for (const r of results) {
    if (r instanceof Error) failures.push(r.message);
    else samples.push(sampleOf(r, sender.count++));
  }
  // A burst that did not all arrive proves nothing about the limiter: the harness failed, not the server.
  if (failures.length > 0)
    throw new HarnessError('E_HTTP', `${failures.length} of ${size} burst requests failed: ${failures[0]}`);
  const sizedBy = fresh;
  const straddled = samples.some((s) => rolledOver(sizedBy, s));
  const why = walk.kind === 'done' ? gradualRefill(walk.value, recovery.value) : undefined;
  const gradual = why ? { why, ...refillDuring(sizedBy, samples) } : undefined;
  return done({ size, allowed: size - 1, samples, straddled, ...(gradual ? { gradual } : {}) });
}

/**
 * The most tokens a gradual limiter can have given back while the burst was in flight (from its first
 * request out to its last answer in): its rate is at most the tokens missing from `sizedBy` over the time
 * until it is full again, which X-RateLimit-Reset names to the second (so a second less, for rounding).
 * null when the headers bound no rate (no Limit or Reset, or full again within the second).
 */
function refillDuring(
  sizedBy: Sample,
  samples: readonly Sample[],
): { refill: number | null; spanMs: number } {
  const sent = Math.min(...samples.map((s) => Date.parse(s.response.exchange.startedAt)));
  const spanMs = Math.max(...samples.map((s) => s.response.receivedAtMs)) - sent;
  const fullAt = saneResetAtMs(sizedBy);
  if (sizedBy.limit === undefined || sizedBy.remaining === undefined || fullAt === undefined)
    return { refill: null, spanMs };
  const toFullMs = fullAt - sizedBy.response.receivedAtMs - 1000;
  if (toFullMs <= 0) return { refill: null, spanMs };
  const missing = Math.max(1, sizedBy.limit - sizedBy.remaining);
  return { refill: Math.ceil((missing * spanMs) / toFullMs), spanMs };
}

/**
 * Waits out a Retry-After still running on a key before the probe ends, so that whatever is sent right
 * after this run (another run, another job on the same key) cannot land inside it.
 */
export async function settle(env: Tools, key: 'primary' | 'secondary', sender: ProbeSender): Promise<void> {
  const { pacer } = env.http;
  const until = pacer.blockedUntil(key);
  if (until === undefined) return;
  const ms = until - Date.now();
  if (ms > env.config.maxWaitMs) {
    env.log(
      `warning: the ${key} key stays inside a Retry-After period until ${new Date(until).toISOString()}; send nothing with it before then`,
    );
    return;
  }
  env.log(`Rate-limit probe: waiting ${seconds(ms)} for the ${key} key's Retry-After to pass before ending`);
  sender.waitedMs += ms;
  await pacer.waitUntilFree(key, true);
}
