// The probe's recovery: after the walk's 429 it waits what the 429 asked (Retry-After, else Reset), then tries
// again with bounded exponential backoff, and reads once past Reset when only time can show the next window.
// Every wait goes through the pacer; nothing here sends inside a Retry-After period.
import { limit } from '../../../lib/check/skip.ts';
import { flagAndEnv, flagRef } from '../../../lib/config/settings.ts';
import { retryAfter } from '../../../lib/formats/rate-limit-headers.ts';
import type { Tools } from '../../kit/context.ts';
import { STALE_AFTER_MS } from '../headers/windows.ts';
import { noLimitCause } from './counters-walk.ts';
import { settleWaitMs, withinGrace } from './grace.ts';
import { remainingUnreliable } from './judge-counts.ts';
import { budgetSkip, done, skip } from './outcome.ts';
import {
  announcedLiftMs,
  type Outcome,
  type ProbeRequest,
  RECOVERY_ATTEMPTS,
  type Recovery,
  type Sample,
  seconds,
  type Walk,
  wholeSecondGraceMs,
} from './record.ts';
import { isRefusal, refusalName } from './refusal.ts';
import type { ProbeSender } from './sender.ts';
import { windowResetOf } from './windows.ts';

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
      walk.unreached
        ? `${walk.unreached.reason}; so there is nothing to recover from`
        : `the walk met no 429${walk.cutShort ? ` (a ${walk.cutShort.status} stopped it before the limit)` : ''}, so there is nothing to recover from (see RL-PROBE-LIMIT-ENFORCED)`,
      noLimitCause(walk),
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
    // A refusal within the grace second settles on the next try (grace.ts); else the backoff doubles the wait.
    const settle = i === 1 && withinGrace(recovery, last);
    const delay = settle
      ? settleWaitMs(retryAfterMs(last) ?? 0)
      : backoffDelayMs(i, firstMs, retryAfterMs(last) ?? 0, env.random.next());
    if (backoffMs + delay > maxWaitMs) {
      recovery.gaveUp = `the next backoff (${seconds(delay)}) would take the backoff past ${flagRef('maxWaitSeconds')} (${maxWaitMs / 1000} s)`;
      break;
    }
    if (pacer.budgetLeft < 1) {
      recovery.gaveUp = `the request budget is spent (${flagRef('maxRequests')})`;
      break;
    }
    env.log(
      settle
        ? `  still ${last.status} within the second past the moment the wait said: trying again in ${seconds(delay)} (the backoff owed a second 429, or its Retry-After), past that second (try ${i + 1} of ${RECOVERY_ATTEMPTS})`
        : `  still ${last.status}: backing off ${seconds(delay)} (exponential, with jitter; try ${i + 1} of ${RECOVERY_ATTEMPTS})`,
    );
    // The backoff itself where the 429 named no moment ahead (the pacer's minute would stand in for it).
    pacer.backOff('primary', last.response.receivedAtMs + delay);
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

/**
 * The wait before backoff attempt `i` (1-based): at least the latest Retry-After, else the first wait
 * doubled per attempt, plus up to a quarter of that as jitter so clients sharing a key do not retry in step.
 */
export function backoffDelayMs(i: number, firstWaitMs: number, retryAfterMs: number, random: number): number {
  const exponential = Math.max(1000, firstWaitMs) * 2 ** i;
  return Math.max(retryAfterMs, exponential) + Math.floor(random * exponential * 0.25);
}
