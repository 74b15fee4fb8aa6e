// The limiter model, as the areas read it: each key's bucket reading over the exchanges of a run (the whole
// transcript, or as far as it goes), and whether X-RateLimit-Remaining counts one per request (what sizes the
// probe's burst and explains a state refusal not met). Pure; never sends.
import type { Exchange } from '../../lib/http/transcript.ts';
import { type BucketReading, overcharged, readBuckets } from './limiter-counts.ts';
import { type Key, keyRequests, type Part, partsOf } from './limiter-requests.ts';
import { storedAnswers } from './stored-answer.ts';

/**
 * Each key's reading, over the run's whole transcript (or up to now). `keep` false reads it (and the key's
 * requests) without keeping either for the next reader, unless one is kept already.
 */
export function bucketReadings(
  exchanges: readonly Exchange[],
  baseUrl: string,
  keep = true,
): ReadonlyArray<[Key, BucketReading]> {
  // Several checks read the same transcript: read once while it has not grown (a recording never does).
  const hit = readOnce.get(exchanges);
  if (hit && hit.length === exchanges.length && hit.baseUrl === baseUrl) return hit.readings;
  // A cache's stored answer (Age) was never counted by the limiter, and its fields are the stored ones: it is
  // neither a step of a count nor a request that broke one. Read apart only when a run has one.
  const stored = storedAnswers(exchanges);
  const requests = keyRequests(
    stored.size > 0 ? exchanges.filter((x) => !stored.has(x)) : exchanges,
    new URL(baseUrl).pathname,
    keep && stored.size === 0,
  );
  const readings = (['primary', 'secondary'] as const)
    // A key's own requests; all of them, the same array, when the run used one key only (a long recording's
    // million slots held again by its steps otherwise).
    .map((key): [Key, BucketReading] => [
      key,
      readBuckets(requests.every((r) => r.key === key) ? requests : requests.filter((r) => r.key === key)),
    ])
    .filter(([, b]) => b.judged > 0 || anyStep(b));
  if (keep) readOnce.set(exchanges, { length: exchanges.length, baseUrl, readings });
  return readings;
}

/**
 * Which part of a request each key's answers keep separate counts by (RL-BUCKET-ONE-COUNT's finding), if any:
 * read without keeping the key's requests and steps it is read from (they are let go before a reader of every
 * response's windows makes its own readings: together they were a long recording's peak).
 */
export function separateParts(exchanges: readonly Exchange[], baseUrl: string): Map<Key, Part | undefined> {
  return new Map(bucketReadings(exchanges, baseUrl, false).map(([key, b]) => [key, b.separate?.part]));
}

const readOnce = new WeakMap<
  readonly Exchange[],
  { length: number; baseUrl: string; readings: ReadonlyArray<[Key, BucketReading]> }
>();

/** Whether a reading has a step at all, read without keeping its steps. */
function anyStep(b: BucketReading): boolean {
  let any = false;
  b.eachStep(() => {
    any = true;
  });
  return any;
}

/**
 * Why the run's answers show X-RateLimit-Remaining cannot size a burst of `key`'s requests, or undefined:
 * it keeps separate counts (a burst of one request's kind meets a count the Remaining read may not be), or
 * it falls by more than one for some requests.
 */
export function remainingMisbehaves(
  exchanges: readonly Exchange[],
  baseUrl: string,
  key: Key = 'primary',
): string | undefined {
  const found = bucketReadings(exchanges, baseUrl).find(([k]) => k === key)?.[1];
  if (!found) return undefined;
  if (found.separate) return `it keeps a separate count per ${found.separate.part} (see RL-BUCKET-ONE-COUNT)`;
  const over = overcharged(found)[0];
  if (over)
    return `it fell by more than one for ${over.over.length} of ${over.steps} ${over.route} requests, as RL-BUCKET-ONE-UNIT reports`;
  return undefined;
}

/** A request as the walk sends it: its method and its path below the base URL's. */
export interface RequestShape {
  method: string;
  path: string;
}

/**
 * Why the run's answers show that `other` would not draw on the count `walked` has been spending (so its
 * Remaining 0 says nothing of `other`), or undefined: a separate count per method, route or path that puts
 * them apart, or a Remaining that falls by more than one for some requests (remainingMisbehaves). A limiter
 * counting per route keeps `walked` and `other` in one count when they are of one route.
 */
export function countApart(
  exchanges: readonly Exchange[],
  baseUrl: string,
  walked: RequestShape,
  other: RequestShape,
  key: Key = 'primary',
): string | undefined {
  const found = bucketReadings(exchanges, baseUrl).find(([k]) => k === key)?.[1];
  const part = found?.separate?.part;
  if (part === undefined) return remainingMisbehaves(exchanges, baseUrl, key);
  const a = partsOf(key, walked.method, walked.path)[part];
  const b = partsOf(key, other.method, other.path)[part];
  if (a !== b) return `it keeps a separate count per ${part} (see RL-BUCKET-ONE-COUNT)`;
  const over = overcharged(found!)[0];
  if (over)
    return `it fell by more than one for ${over.over.length} of ${over.steps} ${over.route} requests, as RL-BUCKET-ONE-UNIT reports`;
  return undefined;
}
