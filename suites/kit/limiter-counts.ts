// Reads each key's requests as counts: which partition of them (one count per key, or one per method, route,
// path or URL) the X-RateLimit-Remaining of every answer continues (limiter-steps.ts predicts each), and by how
// much each request made it fall. Pure: the limiter model the RL-BUCKET checks report and the probe's gates read.
import { type KeyRequest, PARTS, type Part } from './limiter-requests.ts';
import { eachPrediction, type Prediction, predictions, ROUNDING_S } from './limiter-steps.ts';

export { type Overcharge, overcharged, type Steps, unruled } from './limiter-overcharge.ts';
export { exchangeOf, type Prediction, predictions, stepText } from './limiter-steps.ts';

export interface SeparateCounts {
  /** The coarsest partition whose counts every answer continues. */
  part: Exclude<Part, 'key'>;
  /**
   * The answers one count per key cannot explain, with what it said: Remaining stayed or rose, or (each
   * count in a window of its own) the answer named another Reset moment while the one before was not over.
   */
  rises: Prediction[];
  /** The answers judged under that partition. */
  judged: number;
  /** Each count names a Reset moment of its own (its window opened by its own first request). */
  ownWindows?: true;
  /**
   * The answers that continue no count of that partition either (a limiter keyed finer still on some
   * requests, a HEAD counted apart from its GET): few, where one count per key misreads many more.
   */
  misfits?: Prediction[];
}

export interface BucketReading {
  /** How many answers one count per key was judged on. */
  judged: number;
  /** When the key's answers continue separate counts (per method, route, path or URL): which. */
  separate?: SeparateCounts;
  /** Each answer after the one before it in its count (the key's, or the separate ones), in any window. */
  steps: Prediction[];
  /**
   * The steps handed to `visit` one by one, in their order, none kept (read anew on each call): a reader of
   * what they come to (overcharged, unruled) holds no list of a long recording's every step.
   */
  eachStep(visit: (p: Prediction) => void): void;
}

/**
 * The answer continues its count: one less than the one before it, or, the first of its count in a window,
 * where the window's first answer stood or where a count opened by this very request stands (its Limit less
 * one: a count per path that a path new to the run opens mid-window).
 */
const FRESH_OR_STEP = (p: Prediction) =>
  p.r.remaining === p.predicted ||
  (p.from === undefined && p.r.limit !== undefined && p.r.remaining === p.r.limit - 1);

/**
 * How far apart two answers' Reset moments are, in seconds: whole Unix seconds compared as written (two
 * readings of one window differ by a second at most, so two apart are two windows), any other unit by the
 * moment read, less a second of rounding.
 */
function apartS(a: KeyRequest, b: KeyRequest): number {
  if (a.resetKind === 'unix-seconds' && a.reset !== undefined && b.reset !== undefined)
    return Math.abs(b.reset - a.reset);
  return Math.abs(b.resetAtMs! - a.resetAtMs!) / 1000 - ROUNDING_S;
}

/**
 * Consecutive answers of the key that name Reset moments more than a rounding apart while the first one's
 * had not come: one count per key names one window at a time (a sliding log's moment moves only once it has
 * passed), so each such pair is two windows open at once, one per count.
 */
function splitWindows(requests: readonly KeyRequest[]): Prediction[] {
  const out: Prediction[] = [];
  let prev: KeyRequest | undefined;
  for (const r of requests) {
    if (!r.usable || r.concurrent) {
      prev = undefined;
      continue;
    }
    if (
      prev &&
      prev.foreign === r.foreign &&
      prev.resetKind === r.resetKind &&
      prev.resetAtMs !== undefined &&
      r.resetAtMs !== undefined &&
      apartS(prev, r) > ROUNDING_S &&
      r.receivedAtMs < Math.min(prev.resetAtMs, r.resetAtMs) - ROUNDING_S * 1000
    )
      out.push({ r, from: prev, predicted: prev.remaining! - 1 });
    prev = r;
  }
  return out;
}

/**
 * Under `part`, whether every count keeps a window of its own and counts down in it: each split is between
 * two counts, and every answer that follows one of its own count in the same window is exactly one less (at
 * least two such). A token bucket's Reset moves with every request, so its counts never keep one.
 */
function ownWindows(
  requests: readonly KeyRequest[],
  part: Part,
  splits: Prediction[],
): Prediction[] | undefined {
  if (!splits.every((p) => p.from!.parts[part] !== p.r.parts[part])) return undefined;
  const steps = predictions(requests, part).filter((p) => p.from !== undefined);
  return steps.length >= 2 && steps.every(FRESH_OR_STEP) ? steps : undefined;
}

/** At most one answer in this many may continue no count of a partition that reads the key's answers. */
const MISFIT_SHARE = 10;

interface Fit {
  part: Exclude<Part, 'key'>;
  ps: Prediction[];
  explained: Prediction[];
  misfits: Prediction[];
}

/**
 * The partition that explains the key's answers far better than one count does, when none explains every
 * one: at least two of one count's rises explained, at most one answer in MISFIT_SHARE continuing no count
 * of it, and fewer than a third of one count's misreadings. A refilling limiter (a token bucket, a sliding
 * log) misreads at most its refills as one count and every change of request kind as separate counts, so
 * none fits it so; separate counts keyed a little finer than any partition here (a HEAD apart from its GET,
 * every unknown path in one count) misread a handful of answers. Fewest misreadings first, then the
 * coarsest.
 */
function nearestFit(fits: readonly Fit[], wholeMisfits: number): Fit | undefined {
  const near = fits.filter(
    (f) =>
      f.explained.length >= 2 &&
      f.misfits.length * MISFIT_SHARE <= f.ps.length &&
      f.misfits.length * 3 < wholeMisfits,
  );
  return near.reduce<Fit | undefined>(
    (a, f) => (a && a.misfits.length <= f.misfits.length ? a : f),
    undefined,
  );
}

/**
 * How one key's answers count: one count for all its requests, unless that leaves answers whose Remaining
 * stayed or rose within a window, and a finer partition explains at least two of them and every answer it
 * predicts exactly (or all but a few, where one count misreads many more: nearestFit); or unless the key's answers name two windows open at once, at least twice, and a finer
 * partition keeps one window per count. A limiter that refills (a token bucket) stays or rises too, but no
 * partition explains its Remaining exactly.
 */
export function readBuckets(requests: readonly KeyRequest[]): BucketReading {
  const { judged, rises, misread } = oneCount(requests);
  const steps =
    (part: Part, keep: (p: Prediction) => boolean = () => true) =>
    (visit: (p: Prediction) => void) =>
      eachPrediction(requests, part, false, (p) => {
        if (p.from !== undefined && keep(p)) visit(p);
      });
  if (rises.length >= 2) {
    const fits = PARTS.filter((part) => part !== 'key').map((part) => {
      const ps = predictions(requests, part);
      // Rises it has no prediction for (after another credential's request) neither count for nor against it.
      const explained = rises.filter((rise) => ps.some((p) => p.r === rise.r && FRESH_OR_STEP(p)));
      return { part, ps, explained, misfits: ps.filter((p) => !FRESH_OR_STEP(p)) };
    });
    const exact = fits.find((f) => f.explained.length >= 2 && f.misfits.length === 0);
    if (exact)
      return withSteps(
        { judged, separate: { part: exact.part, rises, judged: exact.ps.length } },
        steps(exact.part),
      );
    const near = nearestFit(fits, misread);
    if (near) {
      // A step to or from an answer no count of the partition explains measures no request's weight.
      const odd = new Set(near.misfits.map((p) => p.r));
      return withSteps(
        { judged, separate: { part: near.part, rises, judged: near.ps.length, misfits: near.misfits } },
        steps(near.part, (p) => !odd.has(p.r) && !odd.has(p.from!)),
      );
    }
  }
  const splits = splitWindows(requests);
  if (splits.length >= 2)
    for (const part of PARTS) {
      if (part === 'key') continue;
      const own = ownWindows(requests, part, splits);
      if (own)
        return withSteps(
          {
            judged: judged + splits.length,
            separate: { part, rises: splits, judged: own.length, ownWindows: true },
          },
          steps(part),
        );
    }
  return withSteps({ judged }, steps('key'));
}

/**
 * A reading whose steps are read when first asked for, then kept: RL-BUCKET-ONE-COUNT and a reader of which
 * part keeps separate counts never ask, and a long recording's steps (one object an answer) were the larger
 * part of their peak; a reader of what they come to reads them one by one (eachStep), none kept. The steps are
 * the same whenever read: the requests they are read from never change.
 */
function withSteps(
  reading: Omit<BucketReading, 'steps' | 'eachStep'>,
  each: (visit: (p: Prediction) => void) => void,
): BucketReading {
  let steps: Prediction[] | undefined;
  Object.defineProperty(reading, 'eachStep', {
    value: (visit: (p: Prediction) => void) => {
      if (steps) for (const p of steps) visit(p);
      else each(visit);
    },
  });
  return Object.defineProperty(reading, 'steps', {
    get: () => {
      if (!steps) {
        const made: Prediction[] = [];
        each((p) => made.push(p));
        steps = made;
      }
      return steps;
    },
    enumerable: true,
  }) as BucketReading;
}

/**
 * One count per key's reading of the answers: how many it predicts, those whose Remaining stayed or rose,
 * and how many it misreads, counted when there are rises to explain. The predictions themselves are let go
 * here: kept while the steps were read, a long recording's RL-BUCKET peak held both (two objects a request).
 */
function oneCount(requests: readonly KeyRequest[]): { judged: number; rises: Prediction[]; misread: number } {
  let judged = 0;
  let misread = 0;
  const rises: Prediction[] = [];
  eachPrediction(requests, 'key', true, (p) => {
    judged += 1;
    if (p.from && p.r.remaining! >= p.from.remaining!) rises.push(p);
    if (!FRESH_OR_STEP(p)) misread += 1;
  });
  // Misreadings are counted only where there are rises to explain.
  return { judged, rises, misread: rises.length >= 2 ? misread : 0 };
}
