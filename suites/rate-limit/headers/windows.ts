// Reads every response's X-RateLimit-* as windows, per credential bucket (per count): Reset
// moving later within a window, a new window after the Reset moment. Pure: offences for RL-HEADERS, no verdict.
import { serverDateMs } from '../../../lib/formats/rate-limit-headers.ts';
import type { Bucket, Exchange } from '../../../lib/http/transcript.ts';
import { separateParts } from '../../kit/limiter-buckets.ts';
import { keyRequests } from '../../kit/limiter-requests.ts';
import { rateLimitColumns } from '../../kit/rate-limit-columns.ts';
import type { Offence } from '../../kit/whole-run.ts';
import { BUCKET_SLACK_MS, bucketGrowth, refillsWithin } from './bucket-reset.ts';
import { BOTH_ROUNDINGS_MS, predecessor, type Reading, ReadingList } from './reading.ts';
import { unrenewedAcrossReset } from './unrenewed.ts';

/** Reset is whole seconds: a move of one is rounding. */
const ROUNDING_S = 1;
/** How long after the announced moment a response may still name it (rounding, skew, a slow reset). */
export const STALE_AFTER_MS = 2000;

/** The bucket a response counts in: a 401 is charged to the address whatever credential was offered. */
export function bucketOf(x: Exchange): Bucket {
  return x.response!.status === 401 ? 'anonymous' : x.bucket;
}

/**
 * Each bucket's readings of `xs`, in their order, as positions in the columns of `all` (the run's exchanges,
 * of which `xs` are some: read once for every reader of them).
 */
export function byBucket(xs: readonly Exchange[], all: readonly Exchange[] = xs): Map<Bucket, ReadingList> {
  const cols = rateLimitColumns(all);
  const out = new Map<Bucket, ReadingList>();
  for (const x of xs) {
    if (!x.response) continue;
    const b = bucketOf(x);
    let readings = out.get(b);
    if (!readings) {
      readings = new ReadingList(cols);
      out.set(b, readings);
    }
    const i = cols.indexOf(x);
    if (i < 0) throw new Error(`exchange ${x.seq} is not one of the run's`);
    readings.push(i);
  }
  return out;
}

/**
 * The windows of every count (byCount) as judgeWindows finds them. Two checks read the same transcript that
 * has not grown (a recording never does): judged once, and only the findings kept (not every reading).
 */
export function countWindows(
  xs: readonly Exchange[],
  all: readonly Exchange[],
  baseUrl: string,
): WindowFindings {
  const hit = windowsOnce.get(all);
  if (hit && hit.length === all.length && hit.baseUrl === baseUrl && sameList(hit.xs, xs)) return hit.found;
  const found = judgeWindows(byCount(xs, all, baseUrl));
  windowsOnce.set(all, { length: all.length, baseUrl, xs, found });
  return found;
}

const windowsOnce = new WeakMap<
  readonly Exchange[],
  { length: number; baseUrl: string; xs: readonly Exchange[]; found: WindowFindings }
>();

const sameList = (a: readonly Exchange[], b: readonly Exchange[]): boolean =>
  a === b || (a.length === b.length && a.every((x, i) => x === b[i]));
/**
 * Per count: the credential bucket's, or, when a key's answers keep separate counts (per method, route, path
 * or URL: RL-BUCKET-ONE-COUNT's finding, read over `all` the run's exchanges), each of them on its own. Each
 * such count opens and turns its own windows, so reading them as one would take one count's Reset for a
 * move of another's. Keyed by how a finding names it ("primary bucket", or with the count).
 */
export function byCount(
  xs: readonly Exchange[],
  all: readonly Exchange[],
  baseUrl: string,
): Map<string, ReadingList> {
  // Read without keeping the requests behind them: the readings below are made while they would be held.
  const parts = separateParts(all, baseUrl);
  const countOf = new Map<Exchange, string>();
  if ([...parts.values()].some((p) => p !== undefined))
    for (const r of keyRequests(all, new URL(baseUrl).pathname)) {
      const part = parts.get(r.key);
      if (part) countOf.set(r.x, r.parts[part]);
    }
  const out = new Map<string, ReadingList>();
  for (const [bucket, rs] of byBucket(xs, all)) {
    // The bucket's own label made once, not a string per response.
    const whole = `${bucket} bucket`;
    for (let k = 0; k < rs.length; k++) {
      const i = rs.position(k);
      const count = bucket === 'anonymous' || countOf.size === 0 ? undefined : countOf.get(rs.cols.xs[i]!);
      const label = count === undefined ? whole : `${bucket} bucket, its count of ${count}`;
      let readings = out.get(label);
      if (!readings) {
        readings = new ReadingList(rs.cols);
        out.set(label, readings);
      }
      readings.push(i);
    }
  }
  return out;
}

/**
 * How long before the moment `prev` named in its Reset the whole limit was back on `r` (Remaining from 0 or a
 * 429, or on the same request again from a spent count, to at least Limit − 1, and the answer after it going on
 * from there, not from a lower count beside it),
 * beyond the roundings; undefined when it was not. No limiter that keeps its Reset does so: a fixed
 * window renews at that moment, a sliding log once its newest request has left (no sooner), a token bucket
 * once full, which is the moment it names. A Reset that rolls forward (now + the window) names a later one.
 */
function renewedEarly(prev: Reading | undefined, r: Reading, next: Reading | undefined): number | undefined {
  // The moment prev named read last of the first tests: it is the one worked out, not looked up.
  if (!prev || prev.remaining === undefined) return undefined;
  if (r.remaining === undefined || r.limit === undefined || r.status === 429) return undefined;
  // Once the limit was spent (a 429, or Remaining 0): a count of its own begun beside it (a limiter keyed
  // per route, RL-BUCKET-ONE-COUNT's) starts full too, but never right where the key's ran out. Or the same
  // request again, sent once the one before was answered, from a count spent by 3 or more to a whole one
  // under a Reset naming a later moment: a count kept per route, path or method would be the same count, and
  // counters kept apart (worker processes) name the same moment when their windows are aligned, or go on
  // from the lower count beside it (the answer after, below).
  const spent = prev.status === 429 || prev.remaining === 0;
  const again =
    sameRequest(prev.x, r.x) &&
    r.sentAtMs >= prev.receivedAtMs &&
    prev.remaining <= r.limit - 3 &&
    prev.reset !== undefined &&
    r.reset !== undefined &&
    r.reset > prev.reset;
  if ((!spent && !again) || r.remaining < r.limit - 1) return undefined;
  const prevAt = prev.resetAtMs;
  if (prevAt === undefined) return undefined;
  if (serverDateMs(prev.x.response!.headers) === undefined) return undefined;
  // A request naming another client address may be counted apart on purpose (RL-PROBE-FORWARDED-HEADERS's).
  if (namesAnotherClient(r.x)) return undefined;
  if (next?.remaining !== undefined && next.status !== 429 && next.remaining < r.remaining - 2)
    return undefined;
  // Early on both clocks: read through the answers' Date (a server's clock apart from ours) and on this
  // machine's own. A Date the server caches goes stale under load (uvicorn's, refreshed by its main loop, read
  // 4 s behind on a loaded zoo run), which moves the first reading late; a Reset that rolls forward is early
  // on both.
  const ahead = Math.min(prevAt, prev.reset! * 1000) - BOTH_ROUNDINGS_MS - r.receivedAtMs;
  return ahead > 0 ? ahead + BOTH_ROUNDINGS_MS : undefined;
}

/** Whether two exchanges sent the same method to the same URL. */
const sameRequest = (a: Exchange, b: Exchange): boolean =>
  a.request.method === b.request.method && a.request.url === b.request.url;

/** Whether the request carried X-Forwarded-For or Forwarded (the probe's requests naming another client). */
const namesAnotherClient = (x: Exchange): boolean =>
  Object.keys(x.request.headers).some((h) => ['x-forwarded-for', 'forwarded'].includes(h.toLowerCase()));

export interface WindowFindings {
  /** Reset moved later while Remaining fell (the same window). */
  moved: Offence[];
  /** A response well after the announced moment still names it or an earlier one. */
  stale: Offence[];
  /** Windows with at least two responses, and Reset moments the run outlived. */
  windows: number;
  passed: number;
}

/**
 * Splits each bucket's responses into windows: a window ends when Remaining rises or when a response arrives
 * after the moment the window's first Reset named. Within a window Remaining falls, so Reset must not move
 * later than its first value (or the last one under which Remaining rose) beyond rounding.
 */
export function judgeWindows(buckets: Map<string, ReadingList>): WindowFindings {
  const found: WindowFindings = { moved: [], stale: [], windows: 0, passed: 0 };
  for (const [bucket, rs] of buckets) {
    /**
     * How far this machine's clock reads ahead of the server's, from the answer so far that shows it least:
     * each answer's Date is its second read down and then carried to us, so its own gap adds up to a second and
     * its delivery (an answer waiting on a busy machine, a Date a server cached past its second) to the skew.
     * Read through one such answer, the moment its Reset names seems later by that much; none shows less than
     * the skew. Only the answers so far: a server clock that runs apart from ours is read as it stands now.
     */
    let lead: number | undefined;
    let anchor: Reading | undefined;
    /** The anchor's Reset moment, worked out once when it became the anchor. */
    let anchorAtMs: number | undefined;
    /**
     * The Reset a later one is compared with for "moved later": the anchor, or the last answer whose
     * Remaining rose under a later Reset. A fixed window's next window may begin a little before its
     * moment reads as come (Reset is rounded up to the second, the Date header down, so the moment can read
     * up to 2 s late), and its first answers must not read as the old window's Reset moving later. Only
     * this comparison moves: the windows and the stale check keep the anchor.
     */
    let base: Reading | undefined;
    const refills = refillsWithin(rs);
    const done = new ReadingList(rs.cols);
    let size = 0;
    for (let at = 0; at < rs.length; at++) {
      const r = rs.get(at)!;
      const skew = r.skewMs;
      if (skew !== undefined) lead = lead === undefined ? skew : Math.min(lead, skew);
      if (r.reset === undefined) continue;
      const prev = predecessor(done, r);
      const early = renewedEarly(prev, r, rs.get(at + 1));
      if (early)
        found.moved.push({
          problem: `the whole limit was back (X-RateLimit-Remaining ${r.remaining} of ${r.limit}) ${Math.round(early / 100) / 10} s before the moment the answer before it had named in X-RateLimit-Reset (${bucket}): that Reset named no moment the limit reset`,
          exchange: r.x,
        });
      const rose = prev?.remaining !== undefined && r.remaining !== undefined && r.remaining > prev.remaining;
      // Reset is rounded to whole seconds and read against the second-resolution Date: a second of slack. The
      // moment is read through the answer that shows the skew least (lead), not only through the anchor's Date.
      const receivedAtMs = r.receivedAtMs;
      const timeUp =
        anchor !== undefined &&
        receivedAtMs >= Math.min(anchorAtMs!, anchor.reset! * 1000 + (lead ?? 0)) - 1000;
      const wellPast = anchor !== undefined && receivedAtMs >= anchorAtMs! + STALE_AFTER_MS;
      // A new window shows by Remaining rising or by time alone once well past the moment; its Reset must
      // then name a later moment than the one that passed.
      const renewed = timeUp && (rose || wellPast);
      // Or the limit visibly lifted: served again, with more left, right after a 429 or a Remaining of 0.
      const lifted = rose && r.status !== 429 && (prev!.status === 429 || prev!.remaining === 0);
      // Stale only when the response's own Reset has passed by more than its rounding, read on the server's
      // own clock: Reset and Date are whole seconds, each may be rounded down (a sliding log's next expiry,
      // 200 ms ahead, reads as this second), and a token bucket refilling within the second names a moment
      // ahead. A Reset that kept naming the passed moment shows once the run is a second past it.
      const named = (r.reset + ROUNDING_S) * 1000 <= r.serverNowMs;
      if ((renewed || lifted) && r.reset <= anchor!.reset! && named)
        found.stale.push({
          problem: `X-RateLimit-Reset still names a moment that has passed once the window it announced was over (${bucket}): the new window got no Reset of its own`,
          exchange: r.x,
        });
      const next = timeUp && (renewed || r.reset > anchor!.reset!);
      if (next) found.passed += 1;
      if (!anchor || next) {
        if (size >= 2) found.windows += 1;
        anchor = r;
        anchorAtMs = r.resetAtMs;
        base = r;
        size = 1;
      } else if (rose && r.reset > base!.reset!) {
        size += 1;
        base = r;
      } else {
        size += 1;
        // A limiter that frees capacity gradually (a token bucket) names when it is full again: that moment
        // moves later as requests spend it, and the time left grows with them. A Reset that moves later
        // while the time left stays put (always "now + window") names no moment at all.
        const from = base!;
        const moved = (r.reset - from.reset!) * 1000;
        // Only a Remaining below the compared one is the same window spent further: an answer with as much
        // left or more (a count of its own begun at the limit, as a limiter keyed per route keeps, which
        // RL-BUCKET-ONE-COUNT judges) names the moment of another count, not a moment that moved.
        const fell =
          r.remaining !== undefined && from.remaining !== undefined && r.remaining < from.remaining;
        // A token bucket's time left grows with what is spent, less what refilled meanwhile: after a pause
        // (the walk's, a slow machine's) it grows less than the Reset moved, yet by more than Reset's rounding.
        // How much it grew is worked out only where Reset moved by more than the rounding.
        const grew =
          fell && r.reset > from.reset! + ROUNDING_S
            ? r.resetAtMs! - receivedAtMs - (from.resetAtMs! - from.receivedAtMs)
            : undefined;
        if (
          grew !== undefined &&
          grew < Math.min(moved / 2, ROUNDING_S * 1000) &&
          (!refills || grew < bucketGrowth(from, r) - BUCKET_SLACK_MS)
        )
          found.moved.push({
            problem: `X-RateLimit-Reset moved later by more than ${ROUNDING_S} s within one window while Remaining fell (${bucket}; the first Reset of the window is the one to compare with)`,
            exchange: r.x,
          });
      }
      done.push(r.i);
    }
    if (size >= 2) found.windows += 1;
    found.moved.push(...unrenewedAcrossReset(rs, bucket));
  }
  return found;
}
