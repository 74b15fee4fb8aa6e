// The probe's opt-in burst: right after the recovery, in a fresh window, Remaining + 1 identical requests at
// once, sent only when the run's answers show Remaining counts one per request (a burst sized by a count that
// does not would overshoot the limit and risk a ban).
import { UNMET } from '../../../lib/check/needs.ts';
import { OUTCOME } from '../../../lib/check/skip.ts';
import { HarnessError } from '../../../lib/errors.ts';
import type { Tools } from '../../kit/context.ts';
import { remainingMisbehaves } from '../../kit/limiter-buckets.ts';
import { ORDERS } from '../../kit/paths.ts';
import { notSeenCounting, remainingUnreliable } from './judge-counts.ts';
import { budgetSkip, done, skip, skipFor } from './outcome.ts';
import {
  BURST_MAX,
  type Burst,
  type Outcome,
  type ProbeRequest,
  type Recovery,
  rolledOver,
  type Sample,
  sampleOf,
  seconds,
  type Walk,
} from './record.ts';
import { gradualRefill } from './refill.ts';
import type { ProbeSender } from './sender.ts';
import { saneResetAtMs } from './windows.ts';

const LIST_REQUEST: ProbeRequest = { method: 'GET', path: ORDERS, label: 'GET /store/orders' };

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
      ? remainingUnreliable(
          walk.value,
          recovery.kind === 'done' ? recovery.value : undefined,
          env.transcript.all(),
        )
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
