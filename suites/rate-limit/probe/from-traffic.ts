// The rate-limit probe's record as a recording shows it, for the RL-PROBE checks to judge as they judge the
// probe's own: the key's requests of the window that ended in its first 429 (the walk, its first answer the
// reading), and the requests the client sent once that 429's Retry-After (or Reset) had passed (the recovery).
// Requests sent inside a Retry-After are the client's to answer for and are left out. Pure: never sends.
import { rateLimitHeaders } from '../../../lib/formats/rate-limit-headers.ts';
import type { Response } from '../../../lib/http/client.ts';
import { replayed } from '../../../lib/http/recorded.ts';
import { type Exchange, startedMsOf } from '../../../lib/http/transcript.ts';
import type { Ctx } from '../../kit/context.ts';
import { ownRateLimitColumns } from '../../kit/rate-limit-columns.ts';
import { NOT_OBSERVED, replay } from '../../kit/traffic.ts';
import { countOrder } from './count-order.ts';
import {
  announcedLiftMs,
  type Outcome,
  type ProbeRecord,
  RECOVERY_ATTEMPTS,
  REFUSAL_STATUSES,
  type Recovery,
  type Sample,
  sampleOf,
  WALK_MARGIN,
  type Walk,
  wholeSecondGraceMs,
} from './record.ts';
import { arrivedAtMs } from './sample-reads.ts';
import { sampleViews } from './sample-views.ts';
import { servedBeyondLimit } from './served.ts';
import { saneResetAtMs, windowStarts } from './windows.ts';

const notRecorded = <T>(reason: string): Outcome<T> => ({ kind: 'skip', reason, cause: NOT_OBSERVED });

function answerOf(ctx: Ctx, x: Exchange): Response {
  return replay(ctx, x) ?? replayed(x, undefined, Buffer.alloc(0));
}

/**
 * The key's answered requests in the order sent, each alone on the wire, or one of a set of identical ones
 * sent together (as the probe's walk sends its last few), with at most one other among them (the held
 * cancel the walk sends last of a paced group): those in the order their answers say they were counted in
 * (count-order.ts), and listed in `together`. Other overlapping requests carry no order: left out.
 */
function keySequence(ctx: Ctx): { xs: Exchange[]; together: Exchange[][] } {
  const keyed = (x: Exchange) =>
    x.bucket === 'primary' && x.response !== undefined && x.response.status !== 401;
  const end = (x: Exchange) => startedMsOf(x) + x.durationMs;
  const xs: Exchange[] = [];
  const together: Exchange[][] = [];
  // Each cluster is placed as it closes: a list of every cluster held an array per request of a long
  // recording, nearly all of them of one request.
  const place = (c: readonly Exchange[]) => {
    if (c.length === 1) xs.push(c[0]!);
    else if (oneRequestAndOneMore(c)) {
      const ordered = countOrder(c, (x) => {
        const rl = rateLimitHeaders(x.response!.headers);
        const remaining = rl.remaining?.value;
        const reset = rl.reset?.value;
        const limit = rl.limit?.value;
        return {
          status: x.response!.status,
          ...(remaining !== undefined ? { remaining } : {}),
          ...(reset !== undefined ? { reset } : {}),
          ...(limit !== undefined ? { limit } : {}),
          atMs: end(x),
        };
      });
      xs.push(...ordered);
      together.push(ordered);
    }
  };
  // One array for the open cluster, emptied once placed (placing keeps none of it).
  const cluster: Exchange[] = [];
  let until = Number.NEGATIVE_INFINITY;
  // Read as they come, not filtered into a list first (a long recording's every request with the key).
  for (const x of ctx.transcript.all()) {
    if (!keyed(x)) continue;
    if (cluster.length > 0 && until > startedMsOf(x) + 1) cluster.push(x);
    else {
      if (cluster.length > 0) place(cluster);
      cluster.length = 0;
      cluster.push(x);
      until = Number.NEGATIVE_INFINITY;
    }
    until = Math.max(until, end(x));
  }
  if (cluster.length > 0) place(cluster);
  return { xs, together };
}

/**
 * The key's answered requests of the whole run, in the order sent, each alone on the wire (those sent together
 * left out: their answers carry no order), numbered from 0 in that order.
 */
export function keySamples(ctx: Ctx): Sample[] {
  const { xs, together } = keySequence(ctx);
  const apart = new Set(together.flat());
  return xs.filter((x) => !apart.has(x)).map((x, i) => sampleOf(answerOf(ctx, x), i));
}

/**
 * Whether a cluster is one request sent several times, and at most one other with it when the copies are
 * two or more: as the walk sends its groups (together.ts), a whole Limit and one more with the held fixture's
 * cancel last (paced.ts, when a refill keeps pace with a walk slowed by a loaded machine). All count in the
 * key's one count, so their Remaining orders them; a recording that left that group out lost its 429.
 */
function oneRequestAndOneMore(c: readonly Exchange[]): boolean {
  const shapes = new Map<string, number>();
  for (const x of c) {
    const shape = `${x.request.method} ${x.request.url}`;
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
  }
  const most = Math.max(...shapes.values());
  return most === c.length || (most >= 2 && most === c.length - 1);
}

/** When a 429 lets the client send again: its Retry-After, else its Reset when sane, else never known. */
const liftsAt = (s: Sample): number | undefined => announcedLiftMs(s, saneResetAtMs(s));

/** Whole seconds on Reset and Date: how much sooner than read a window may end. */
const ROUNDINGS_MS = 2000;

/**
 * Where the window that ended in the 429 at `at` begins: at the last window start before it, unless the 429
 * and the answer just before that start name one X-RateLimit-Reset whose moment was still ahead when the start
 * came: no window turned there. It was a count of its own beside the spent one (a route's whose window had
 * ended, served at the walk's Remaining 0), or the first answer that did not fall after a turn read late (the
 * window before was another route's). The start before it is taken; from the first answer without one.
 */
function startOf429(samples: readonly Sample[], starts: readonly boolean[], at: number): number {
  const refused = samples[at]!.reset;
  for (let j = at > 0 ? starts.lastIndexOf(true, at - 1) : -1; j > 0; j = starts.lastIndexOf(true, j - 1)) {
    const before = samples[j - 1]!;
    const end = saneResetAtMs(before);
    const within = end !== undefined && arrivedAtMs(samples[j]!) < end - ROUNDINGS_MS;
    if (refused === undefined || refused !== before.reset || !within) return j;
  }
  return 0;
}

function recoveryAfter(ctx: Ctx, limited: Sample, rest: readonly Exchange[]): Outcome<Recovery> {
  let notBefore = liftsAt(limited);
  if (notBefore === undefined)
    return notRecorded(
      'the 429 names no Retry-After and no usable Reset, so no request can be said to have waited it',
    );
  const recovery: Recovery = {
    waitsMs: [],
    dueAtMs: notBefore,
    graceMs: wholeSecondGraceMs(limited),
    attempts: [],
    refusedWith: 429,
  };
  let from = limited.response.receivedAtMs;
  let early = 0;
  for (const x of rest) {
    if (recovery.attempts.length >= RECOVERY_ATTEMPTS || recovery.recovered) break;
    const sent = startedMsOf(x);
    if (sent < notBefore) {
      early += 1;
      continue;
    }
    const s = sampleOf(answerOf(ctx, x), limited.n + 1 + recovery.attempts.length);
    recovery.waitsMs.push(sent - from);
    recovery.attempts.push(s);
    if (s.status !== 429 && !REFUSAL_STATUSES.has(s.status)) recovery.recovered = s;
    else {
      from = s.response.receivedAtMs;
      // A front's refusal (a 403 page) names no wait: the client's next request is not early by it.
      notBefore = liftsAt(s) ?? (s.status === 429 ? Number.POSITIVE_INFINITY : from);
    }
  }
  // A client that kept sending inside a Retry-After may have got the key banned, as spec §8 rule 5 lets a
  // server do: what followed says nothing of whether the limit lifts on time.
  if (early > 0)
    return notRecorded(
      `the client sent ${early} requests with the key inside the 429's Retry-After, which a server may answer with a ban (spec §8 rule 5), so what followed is not judged`,
    );
  if (recovery.attempts.length === 0)
    return notRecorded('no request with the key was recorded once the 429’s Retry-After had passed');
  return { kind: 'done', value: recovery };
}

/** The probe's record as the recording shows it; a phase it does not show is skipped as not observed. */
export function recordedProbe(ctx: Ctx): ProbeRecord {
  const { xs, together } = keySequence(ctx);
  const at = xs.findIndex((x) => x.response!.status === 429);
  const none = notRecorded<never>('not a phase a recording shows: the probe sends it itself');
  const base = { secondKey: none, burst: none, planned: 'nothing: judged from a recording' };
  const actual = `${xs.length} recorded requests with the key`;
  if (xs.length === 0) {
    const why = notRecorded<never>('the recording holds no answered request with the key');
    return { ...base, reading: why, walk: why, recovery: why, actual };
  }
  const last = at < 0 ? xs.length - 1 : at;
  // The answers up to the walk's last as views (sample-views.ts): the readings of the whole sequence below
  // compare their fields only, and a sample with its replayed response for each of a million was the peak.
  const samples = sampleViews(
    xs,
    last + 1,
    (x) => answerOf(ctx, x),
    ownRateLimitColumns(ctx.transcript.all()),
  );
  // From the start of the last window before it: a 429 read as opening a window of its own (its Reset the
  // next moment) still has the answers before it, which say how early it came. Without a 429, from the
  // answer whose announced window served more than its Limit, if one did (several counts behind the key).
  // With a 429, from the first of the answers before it that all named one unmoved Reset, more than its
  // Limit of them, when that is earlier (counts side by side, as one per connection: their rises read as starts).
  // Read up to the answer before the last (a copy cut there was another list of a recording's every answer).
  const starts = windowStarts(samples);
  const before429 = at < 0 ? undefined : servedBeyondLimit(samples);
  const beyond = at < 0 ? servedBeyondLimit(samples) : before429?.sameReset ? before429 : undefined;
  const start = Math.min(
    beyond ? samples.indexOf(beyond.from) : samples.length,
    at < 0 && beyond
      ? samples.length
      : at < 0
        ? Math.max(0, last > 0 ? starts.lastIndexOf(true, last - 1) : -1)
        : startOf429(samples, starts, at),
  );
  // Without a 429 the walk shows a limit only when the window served a request past Remaining 0.
  let past = false;
  for (let i = start + 1; i <= last && !past; i++)
    past = samples[i - 1]!.remaining === 0 && samples[i]!.status !== 429;
  // The window as samples a check is handed, made only when the walk is judged: else its first, the reading.
  const judged = at >= 0 || past || beyond !== undefined;
  const window = xs.slice(start, judged ? last + 1 : start + 1).map((x, i) => sampleOf(answerOf(ctx, x), i));
  const reading = window[0]!;
  const walk: Walk = {
    samples: window,
    ...(at >= 0 ? { limited: window[window.length - 1]! } : {}),
    bound: last - start + 1 + WALK_MARGIN,
    sent: last - start,
    // A recording names no other client address on purpose: nothing is counted apart.
    spoofed: [],
    apart: [],
    headersRefused: [],
  };
  // The first requests sent together within the window, as the walk records its own (judge-together.ts).
  const group = together.find((g) => g.every((x) => xs.indexOf(x) > start && xs.indexOf(x) <= last));
  if (group) walk.together = group.map((x) => window[xs.indexOf(x) - start]!);
  const walked: Outcome<Walk> = judged
    ? { kind: 'done', value: walk }
    : notRecorded('no request with the key was answered 429, nor served past X-RateLimit-Remaining 0');
  return {
    ...base,
    reading: {
      kind: 'done',
      value: {
        request: { method: 'GET', path: '', label: 'the recorded requests' },
        sample: reading,
        ...(reading.limit !== undefined ? { limit: reading.limit } : {}),
        limitFrom: 'reading',
      },
    },
    walk: walked,
    recovery:
      at >= 0 ? recoveryAfter(ctx, walk.limited!, xs.slice(at + 1)) : notRecorded('no 429 in the recording'),
    actual,
  };
}
