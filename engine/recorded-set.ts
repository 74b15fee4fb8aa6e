// Recorded entries as a passive run reads them: held in memory (an API caller's, the proxy's), or read again
// from their files each time they are needed (a recording of any length), so that only a few facts of each
// entry (its head) stay in memory between passes. Reads; judges nothing.
import type { RecordedEntry } from '../lib/formats/har.ts';
import type { EntryCredentials } from '../suites/index.ts';

/** What choosing the base URL and ordering the entries needs of each: `at` is its position in the set. */
export interface EntryHead {
  at: number;
  url: string;
  method: string;
  startedMs: number;
  ours: Pick<RecordedEntry['ours'], 'answeredByProxy'>;
  /** A CORS preflight (isPreflight): the browser's own request, not a call of the API. */
  preflight?: true;
}

/**
 * Whether an entry is a CORS preflight: an OPTIONS naming Access-Control-Request-Method (Fetch §3.2.2), the
 * browser's own request, not a call of the API. Another OPTIONS is a client's, and judged.
 */
export const isPreflight = (e: Pick<RecordedEntry, 'method' | 'requestHeaders'>): boolean =>
  e.method === 'OPTIONS' &&
  e.requestHeaders.some(([name]) => name.toLowerCase() === 'access-control-request-method');

export interface RecordedSet {
  readonly size: number;
  /** Every entry's head, in the set's order; a file's set makes them once (its URLs are let go with them). */
  heads(): EntryHead[];
  /**
   * The entries at these positions, read whole, in that order; `withBody` false leaves bodies out (a pass
   * that reads only headers). Each entry is handed over as it is read: nothing keeps it.
   */
  read(positions: ArrayLike<number>, withBody: boolean): Iterable<RecordedEntry>;
  /** What the entries at these positions carry as credentials, when kept as they were first read (a file). */
  credentials?(positions: ArrayLike<number>): Iterable<EntryCredentials>;
  /** Lets go of what it reads from (a file), once judged. */
  close?(): void;
}

/** Entries already in memory. */
export function heldSet(entries: readonly RecordedEntry[]): RecordedSet {
  return {
    size: entries.length,
    heads: () =>
      entries.map((e, at) => ({
        at,
        url: e.url,
        method: e.method,
        startedMs: e.startedMs,
        ours: e.ours,
        ...(isPreflight(e) ? { preflight: true as const } : {}),
      })),
    *read(positions) {
      for (let i = 0; i < positions.length; i++) yield entries[positions[i]!]!;
    },
  };
}

/** Several sets as one, in the order given (positions run on from one set to the next). */
export function joinedSet(sets: readonly RecordedSet[]): RecordedSet {
  if (sets.length === 1) return sets[0]!;
  const starts: number[] = [];
  let size = 0;
  for (const s of sets) {
    starts.push(size);
    size += s.size;
  }
  const setOf = (at: number): number => {
    let k = sets.length - 1;
    while (k > 0 && starts[k]! > at) k--;
    return k;
  };
  const runs = function* (positions: ArrayLike<number>) {
    // Runs of positions in one set are read together, so a file is read in order where the traffic was.
    let i = 0;
    while (i < positions.length) {
      const k = setOf(positions[i]!);
      const run: number[] = [];
      while (i < positions.length && setOf(positions[i]!) === k) run.push(positions[i++]! - starts[k]!);
      yield [k, run] as const;
    }
  };
  return {
    size,
    close: () => {
      for (const s of sets) s.close?.();
    },
    ...(sets.every((s) => s.credentials)
      ? {
          *credentials(positions: ArrayLike<number>) {
            for (const [k, run] of runs(positions)) yield* sets[k]!.credentials!(run);
          },
        }
      : {}),
    heads: () => sets.flatMap((s, k) => s.heads().map((h) => ({ ...h, at: h.at + starts[k]! }))),
    *read(positions, withBody) {
      for (const [k, run] of runs(positions)) yield* sets[k]!.read(run, withBody);
    },
  };
}
