// What a key's steps show of the weight of each kind of request: the routes whose requests Remaining falls by
// more than one for as their rule, and the steps too few of one route show so (neither judged nor passed).
// Reads steps as listed or as a reading hands them out one by one (limiter-counts.ts). Pure.
import type { Prediction } from './limiter-steps.ts';

/** Steps as listed, or as a reading hands them out one by one. */
export type Steps = readonly Prediction[] | StepSource;

/** What hands out steps one by one (a key's BucketReading). */
export interface StepSource {
  eachStep(visit: (p: Prediction) => void): void;
}

function forEachStep(steps: Steps, visit: (p: Prediction) => void): void {
  if (Array.isArray(steps)) for (const p of steps as readonly Prediction[]) visit(p);
  else (steps as StepSource).eachStep(visit);
}

export interface Overcharge {
  route: string;
  /** The steps of requests of that route that took more than one from Remaining, and all its steps. */
  over: Prediction[];
  steps: number;
}

/**
 * The routes whose requests Remaining falls by more than one for: on at least three steps, and on more than
 * half of that route's steps or by one and a half on average, each fall counted as two at most (a weighted
 * request on a refilling limiter falls by one on some steps), so other traffic on the key, which falls at
 * random, is not taken for them.
 */
export function overcharged(steps: Steps): Overcharge[] {
  // Per route, in the order first stepped: how many steps, the falls summed (each counted as two at most: one
  // long fall, other traffic on the key between two of the route's requests, is no weight of the route's),
  // and the steps that fell by two or more. No list of every step per route: a long recording's were a
  // million slots.
  const byRoute = new Map<string, { steps: number; sum: number; over: Prediction[] }>();
  forEachStep(steps, (p) => {
    const fall = p.from!.remaining! - p.r.remaining!;
    let route = byRoute.get(p.r.parts.route);
    if (!route) {
      route = { steps: 0, sum: 0, over: [] };
      byRoute.set(p.r.parts.route, route);
    }
    route.steps += 1;
    route.sum += Math.min(fall, 2);
    if (fall >= 2) route.over.push(p);
  });
  const out: Overcharge[] = [];
  for (const [route, { steps: n, sum, over }] of byRoute) {
    const mean = sum / Math.max(1, n);
    if (over.length >= 3 && (over.length * 2 > n || mean >= 1.5)) out.push({ route, over, steps: n });
  }
  return out;
}

/**
 * The steps that took more than one from Remaining on a route too few of whose steps do so to make it that
 * route's rule (overcharged): a weight or other traffic on the key, which the run cannot tell apart.
 */
export function unruled(steps: Steps, over: readonly Overcharge[] = overcharged(steps)): Prediction[] {
  const ruled = new Set(over.map((o) => o.route));
  const out: Prediction[] = [];
  forEachStep(steps, (p) => {
    if (p.from!.remaining! - p.r.remaining! >= 2 && !ruled.has(p.r.parts.route) && !drawnBetween(p))
      out.push(p);
  });
  return out;
}

/**
 * Whether the run's exchanges between a step's two answers are enough to have drawn what it fell by beyond
 * one: a count read per route shares some of them (a limiter keyed a little differently), which is no weight
 * of the request's own.
 */
const drawnBetween = (p: Prediction): boolean =>
  p.from!.remaining! - p.r.remaining! - 1 <= p.r.x.seq - p.from!.x.seq - 1;
