// The walk's last requests before Remaining 0, sent together: a limiter that reads its count, awaits, then
// writes it serves requests arriving at one moment past their count, which one at a time never shows. Only
// after the walk saw Remaining count one per request, with room left in the window, and never past Remaining 0:
// the request over the limit stays the walk's own, alone, so no more 429s than the sequential walk risks.
import { HarnessError } from '../../../lib/errors.ts';
import type { Response } from '../../../lib/http/client.ts';
import type { Tools } from '../../kit/context.ts';
import { remainingMisbehaves } from '../../kit/limiter-buckets.ts';
import { MID_WALK } from './client-address.ts';
import { countOrder } from './count-order.ts';
import { remainingUnreliable } from './judge-counts.ts';
import { limitOf, type ProbeRequest, type Sample, sampleOf, type Walk } from './record.ts';
import type { ProbeSender } from './sender.ts';
import { served } from './served.ts';
import { sameWindowPairs, saneResetAtMs } from './windows.ts';

/** The most requests sent together under a small Limit: the last few before Remaining 0. */
export const TOGETHER_MAX = 4;
/** The most under any Limit: a read and write of a count microseconds apart rarely meets only four. */
const TOGETHER_CEILING = 16;

/**
 * How many of the walk's last requests may go together under `limit`: a quarter of it, between TOGETHER_MAX
 * and TOGETHER_CEILING. All are within Remaining, so no more than the walk would send one at a time.
 */
export const togetherMax = (limit: number | undefined): number =>
  Math.max(TOGETHER_MAX, Math.min(TOGETHER_CEILING, Math.floor((limit ?? 0) / 4)));
const TOGETHER_MIN = 2;
/** Same-window steps of exactly one the walk needs just before, so Remaining is the count they meet. */
const EXACT_STEPS = 2;
/** How long the window must still run for them all to arrive in it. */
const ROOM_MS = 1500;

/**
 * How many of the walk's next requests go together, or 0: Remaining (the spec's field) on the last answer,
 * when it is 2 to togetherMax(Limit), every one of them is within the walk's bound and the budget, and past the
 * requests that name other client addresses; the walk's last steps fell by exactly one, nothing the run saw
 * says Remaining counts otherwise, and the window announced has room for them.
 */
export function togetherCount(env: Tools, walk: Walk, reserve: number): number {
  const prev = walk.samples[walk.samples.length - 1]!;
  const r = prev.remaining;
  const most = togetherMax(limitOf(prev) ?? limitOf(walk.samples[0]!));
  if (walk.together || walk.capped || r === undefined || r < TOGETHER_MIN || r > most) return 0;
  if (walk.sent + r > walk.bound || env.http.pacer.budgetLeft <= r + reserve) return 0;
  if (Math.max(...MID_WALK) > walk.sent) return 0;
  const last = sameWindowPairs(walk.samples).slice(-EXACT_STEPS);
  const exact =
    last.length === EXACT_STEPS &&
    last.every(([p, c]) => p.remaining !== undefined && c.remaining === p.remaining - 1) &&
    last[EXACT_STEPS - 1]![1] === prev;
  if (!exact || remainingUnreliable(walk, undefined, env.transcript.all()) !== undefined) return 0;
  if (remainingMisbehaves(env.transcript.all(), env.config.baseUrl) !== undefined) return 0;
  const end = saneResetAtMs(prev);
  return end !== undefined && end - Date.now() > ROOM_MS ? r : 0;
}

/**
 * Sends `count` copies of the walk's request at one moment (the last of them `last`, when given); their samples
 * in the order they were counted. `what` names them in the log (paced.ts sends a whole limit and one more).
 * `last` starts once the others' connections are open, so it arrives after them: the one a limit whole at the
 * start refuses; never after an answer that was a refusal.
 */
export async function sendTogether(
  env: Tools,
  sender: ProbeSender,
  request: ProbeRequest,
  count: number,
  what = `the last ${count} requests before Remaining 0`,
  last?: ProbeRequest,
): Promise<Sample[]> {
  env.log(`  ${what} go together, as a client's concurrent ones would`);
  const results = await env.http.together(
    Array.from({ length: count }, (_, i) => (i === count - 1 && last ? last : request)).map((r) => ({
      method: r.method,
      path: r.path,
      auth: { kind: 'key' as const, key: 'primary' as const },
      retryAfter429: false,
      spendToLimit: true,
    })),
    last ? (first) => !(first instanceof HarnessError) && served(sampleOf(first, 0)) : undefined,
  );
  // The last held back (the first answer was no served one) was never sent: no failure, no sample.
  const sent = results.filter((r) => !(r instanceof HarnessError && r.code === 'E_LEFT_OUT'));
  const failures = sent.filter((r): r is HarnessError => r instanceof HarnessError);
  // Requests that did not all arrive show nothing of the limiter: the harness failed, not the server.
  if (failures.length > 0)
    throw new HarnessError(
      'E_HTTP',
      `${failures.length} of ${count} requests sent together failed: ${failures[0]!.message}`,
    );
  const answered = sent.filter((r): r is Response => !(r instanceof HarnessError)).map((r) => sampleOf(r, 0));
  return countOrder(answered, (s) => ({
    status: s.status,
    ...(s.remaining !== undefined ? { remaining: s.remaining } : {}),
    ...(s.reset !== undefined ? { reset: s.reset } : {}),
    ...(s.limit !== undefined ? { limit: s.limit } : {}),
    atMs: s.response.receivedAtMs,
  })).map((s) => ({ ...s, n: sender.count++ }));
}
