// The base URL of the API in a recording: the one given (checked as a run checks it), or the one its requests
// are under, found from the paths of the spec's operations (…/store/orders, …/pets/{id}). A recording that
// holds the API under several base URLs, or none, is refused with a line saying what it holds.
import { checkBaseUrl } from '../lib/config/credentials.ts';
import { envAndFlag } from '../lib/config/settings.ts';
import { UsageError } from '../lib/errors.ts';
import type { RecordedEntry } from '../lib/formats/har.ts';
import { relativeTo, splitUrl } from '../suites/index.ts';
import { isPreflight } from './recorded-set.ts';

/** What choosing the base needs of an entry (a whole entry, or its head: recorded-set.ts). */
type Head = Pick<RecordedEntry, 'url' | 'method' | 'startedMs'> & {
  ours: Pick<RecordedEntry['ours'], 'answeredByProxy'>;
  /** Set on a head of a CORS preflight (recorded-set.ts isPreflight); a whole entry is read for it. */
  preflight?: true;
};

export interface BaseChoice<T extends Head = RecordedEntry> {
  baseUrl: string;
  inferred: boolean;
  /** The entries below it, in the order sent (a stable sort by start time: recordings may interleave). */
  entries: T[];
  /** Entries of the recording left out: other origins, pages, assets, paths outside the base URL. */
  leftOut: number;
}

/** Where an operation's path begins in a path as sent: its base path is what comes before. */
const OPERATION = /\/(store\/orders(?:\/[^/?#]*)?|pets\/[^/?#]+)\/?(?:[?#].*)?$/i;

/** The base URL a request would have below it, if its path is one of an operation's. */
function candidateOf(url: string): string | undefined {
  const at = splitUrl(url);
  if (!at) return undefined;
  const m = OPERATION.exec(at.rest);
  if (!m) return undefined;
  return `${at.origin}${at.rest.slice(0, m.index)}`;
}

function inferBase(entries: readonly Head[]): string {
  const counts = new Map<string, number>();
  for (const e of entries) {
    const c = candidateOf(e.url);
    if (c !== undefined) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  if (counts.size === 0)
    throw new UsageError(
      `no request of the recording is one of the API's (no path ends in /store/orders, /store/orders/{id} or /pets/{id}); give the API's base URL with ${envAndFlag('baseUrl')}`,
    );
  // Spelled paths (a doubled slash, another case) suggest other bases: the spec's own, ending in /v1, wins.
  const v1 = [...counts].filter(([c]) => /\/v1$/.test(c));
  const pool = v1.length > 0 ? v1 : [...counts];
  const ranked = pool.sort((a, b) => b[1] - a[1]);
  const origins = new Set(ranked.map(([c]) => splitUrl(c)!.origin));
  if (ranked.length > 1 && (origins.size > 1 || v1.length !== 1)) {
    const shown = ranked
      .slice(0, 4)
      .map(([c, n]) => `${c} (${n} requests)`)
      .join(', ');
    throw new UsageError(
      `the recording holds requests of the API under ${ranked.length} base URLs: ${shown}; say which to judge with ${envAndFlag('baseUrl')}`,
    );
  }
  const [base] = ranked[0]!;
  if (!/\/v1$/.test(base))
    throw new UsageError(
      `the recording's requests of the API are under ${base || '/'}, whose path does not end in /v1 (spec §9 rule 1: the version is the last segment of the base address); give the base URL with ${envAndFlag('baseUrl')}`,
    );
  return base;
}

/** The base URL to judge below, and the entries under it. */
export function chooseBase<T extends Head>(recorded: readonly T[], given: string | undefined): BaseChoice<T> {
  // An empty recording lacks traffic, not a base URL: naming --base-url would send the user the wrong way.
  if (recorded.length === 0)
    throw new UsageError(
      'the recording holds no requests at all: save it once the traffic to judge has gone through (browser devtools: with "Preserve log" on; Playwright: recordHar is written when the context closes)',
    );
  const warnings: string[] = [];
  // What the proxy answered itself was never the target's: it neither names a base nor is judged.
  const all = recorded.filter((e) => e.ours.answeredByProxy === undefined);
  const baseUrl = given !== undefined ? checkBaseUrl(given, warnings) : inferBase(all);
  // A CORS preflight (an OPTIONS naming Access-Control-Request-Method, Fetch §3.2.2) is the browser's own
  // request, not a call of the API: it is left out with the rest. Another OPTIONS is a client's, and judged.
  // Sorted as positions, not as wrappers: a million entries made a million short-lived objects more.
  const kept: number[] = [];
  for (let i = 0; i < all.length; i++) {
    const e = all[i]!;
    if (!preflightOf(e) && relativeTo(e.url, baseUrl) !== undefined) kept.push(i);
  }
  kept.sort((a, b) => all[a]!.startedMs - all[b]!.startedMs || a - b);
  const entries = kept.map((i) => all[i]!);
  if (entries.length === 0)
    throw new UsageError(
      `no request of the recording is under ${baseUrl} (${all.length} entries, none below it); check ${envAndFlag('baseUrl')}`,
    );
  return { baseUrl, inferred: given === undefined, entries, leftOut: recorded.length - entries.length };
}

/** Whether a head, or a whole entry, is a CORS preflight. */
const preflightOf = (e: Head): boolean =>
  e.preflight === true || ('requestHeaders' in e && isPreflight(e as unknown as RecordedEntry));
