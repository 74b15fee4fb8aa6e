// A model of the limiter read from what the probe saw: its algorithm (fixed window, sliding log, token bucket),
// several counters behind one key, weights, counts per path, a front with refusals of its own. Recorded by
// RL-PROBE-LIMITER-MODEL only: the checks that own each requirement judge it. Pure; never sends.
import type { BucketReading } from '../../kit/limiter-counts.ts';
import { overcharged } from '../../kit/limiter-counts.ts';
import { repeatedWeight } from './judge-counts.ts';
import { type Judgement, judged } from './judgement.ts';
import { type KeylessSteps, keylessWords } from './keyless-counted.ts';
import { switchedWords } from './method-counting.ts';
import { left, limitOf, REFUSAL_STATUSES, type Recovery, type Sample, type Walk } from './record.ts';
import { gradualRefill } from './refill.ts';
import { interleaved, served, servedBeyondLimit } from './served.ts';
import { errorsUncounted, uncountedWords } from './uncounted.ts';
import { sameWindowPairs } from './windows.ts';

/** A refusal with another status than 429, and whether it carried the rate-limit fields. */
function otherRefusals(samples: readonly Sample[]): string[] {
  const seen = new Map<number, Sample>();
  for (const s of samples) if (REFUSAL_STATUSES.has(s.status) && !seen.has(s.status)) seen.set(s.status, s);
  return [...seen.values()].map((s) =>
    left(s) === undefined
      ? `a front refusing with ${s.status} of its own, without X-RateLimit-* (first on request #${s.n})`
      : `a limiter refusing with ${s.status} where 429 is required (first on request #${s.n})`,
  );
}

/** The algorithm, as far as the walk and the recovery show it. */
function algorithm(walk: Walk, recovery: Recovery | undefined): string {
  const gradual = gradualRefill(walk, recovery);
  if (gradual) return `a token bucket or GCRA: capacity comes back gradually (${gradual})`;
  const pairs = sameWindowPairs(walk.samples).filter(
    ([p, c]) => p.reset !== undefined && c.reset !== undefined,
  );
  const later = pairs.filter(([p, c]) => c.reset! > p.reset! + 1);
  if (pairs.length >= 2 && later.length * 2 > pairs.length)
    return `a window whose Reset moves later with requests (on ${later.length} of ${pairs.length} steps)`;
  const back = recovery?.recovered;
  const limit = back ? limitOf(back) : undefined;
  const after = back ? left(back) : undefined;
  // The whole limit less what the request after the wait took itself (its weight: the walk's largest step).
  const weight = Math.max(1, ...pairs.map(([p, c]) => (left(p) ?? 0) - (left(c) ?? 0)));
  if (after !== undefined && limit !== undefined)
    return after >= limit - weight
      ? `a fixed window: Reset stayed while Remaining fell, and the whole limit came back at once (Remaining ${after} of ${limit} after the wait)`
      : `a sliding window: Reset stayed while Remaining fell, and only part of the limit came back after the wait (Remaining ${after} of ${limit})`;
  return 'a fixed window or a sliding log: Reset stayed while Remaining fell';
}

/**
 * What the limiter behind the key looks like, in words, from the walk, the recovery and the run's bucket
 * reading of the key. A reason to skip (a string) when the walk holds too little to say.
 */
export function modelLimiter(
  walk: Walk,
  recovery: Recovery | undefined,
  bucket: BucketReading | undefined,
  keyless?: KeylessSteps,
): Judgement | string {
  const counted = walk.samples.filter((s) => served(s) && left(s) !== undefined);
  if (counted.length < 3)
    return `the walk holds ${counted.length} answers carrying X-RateLimit-Remaining: too few to tell how the limiter counts`;
  const parts: string[] = [];
  const beyond = servedBeyondLimit(walk.samples);
  const counts = interleaved(walk.samples).filter((c) => c.length >= 2);
  // Errors given back interleave Remaining as several counters would: what the answers show is said instead.
  const uncounted = errorsUncounted(walk.samples);
  if (beyond && counts.length >= 2 && !uncounted)
    parts.push(
      `several counters behind one key (a count per connection or per worker process): ${counts.length} interleaved Remaining sequences (${counts
        .slice(0, 3)
        .map((c) => c.join(' '))
        .join(' | ')}), ${beyond.served.length} requests served in one window of Limit ${beyond.limit}`,
    );
  else {
    if (beyond) parts.push(`${beyond.served.length} requests served in one window of Limit ${beyond.limit}`);
    parts.push(algorithm(walk, recovery));
  }
  const weight = repeatedWeight(walk);
  if (weight !== undefined) parts.push(`the repeated request weighs ${weight}`);
  for (const o of bucket ? overcharged(bucket) : [])
    parts.push(`${o.route} weighs more than one (${o.over.length} of ${o.steps} steps)`);
  if (bucket?.separate) parts.push(`a separate count per ${bucket.separate.part}`);
  const shared = keyless && keylessWords(keyless);
  if (shared) parts.push(shared);
  if (uncounted && !walk.switched) parts.push(uncountedWords(uncounted, walk.samples));
  if (walk.switched)
    parts.push(
      walk.switched.to.method === 'DELETE'
        ? `the list took nothing from Remaining on ${walk.switched.uncounted.length} answers (answered before the limiter, as a front's cache does): the walk went on with ${walk.switched.to.label}`
        : switchedWords({ ...walk, switched: walk.switched }),
    );
  parts.push(
    ...otherRefusals([
      ...walk.samples,
      ...(walk.limited ? [walk.limited] : []),
      ...(walk.cutShort ? [walk.cutShort] : []),
      ...(recovery?.attempts ?? []),
    ]),
  );
  return judged(parts.join('; '), counted.length);
}
