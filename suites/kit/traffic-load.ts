// Turns recorded entries (below the base URL, in the order sent) into what a passive run judges: the
// transcript (redacted, the responses as received kept for judging), what each request offered and asked for,
// every list body read whole as it arrived, and the first list. Every credential of the recording is a secret
// (recorded-credentials.ts): registered with the run's redactor before anything is recorded, never kept.

import { isUtf8 } from 'node:buffer';
import type { RecordedEntry } from '../../lib/formats/har.ts';
import { bodyFailure } from '../../lib/http/body-failure.ts';
import { Interner } from '../../lib/http/intern.ts';
import { addRecorded } from '../../lib/http/recorded.ts';
import { KEY_VARIABLE, type Redactor, SECOND_KEY_VARIABLE } from '../../lib/http/redact.ts';
import { redactOnce } from '../../lib/http/redact-once.ts';
import { type Bucket, Transcript } from '../../lib/http/transcript.ts';
import { ListBodies } from './list-bodies.ts';
import { carriesKey, type Offered, offeredBy } from './offered.ts';
import { readList } from './order-list.ts';
import {
  type CredentialSeen,
  credentialsRead,
  type EntryCredentials,
  fingerprinter,
  firstPass,
  knownKeys,
  tally,
} from './recorded-credentials.ts';
import { type Route, relativeTo, routeOf } from './routes.ts';
import { StoreLists } from './store-lists.ts';
import { RecordedFacts, type Traffic } from './traffic.ts';

/** How much of each body the transcript keeps, as in a run that sends (lib/run/runtime.ts). */
export const RECORDED_BODY_BYTES = 16 * 1024;

/** Entries read on demand, once per pass, in the same order each time (a long recording is never held whole). */
export interface EntryPasses {
  size: number;
  /** The entries in the order sent; `withBody` false leaves bodies out (the pass over credentials). */
  read(withBody: boolean): Iterable<RecordedEntry>;
  /**
   * What each entry carries as credentials (credentialsOf), in the same order, when the reader kept it as it
   * first read the entries (a file's scan): the pass over credentials then reads no entry again.
   */
  credentials?(): Iterable<EntryCredentials>;
}

export interface TrafficInput {
  /** The entries to judge: requests below `baseUrl`, in the order sent. */
  entries: readonly RecordedEntry[] | EntryPasses;
  baseUrl: string;
  /** The keys, when the judge was told them: only to recognise them (and redact them); never sent. */
  apiKey?: string;
  secondApiKey?: string;
  redactor: Redactor;
  /** Hears how many entries a pass has read so far (a progress line). */
  progress?: (phase: string, done: number) => void;
}

export type { CredentialSeen } from './recorded-credentials.ts';

export interface LoadedTraffic {
  transcript: Transcript;
  traffic: Traffic;
  listBodies: ListBodies;
  /** The store model's reading of each plain list (suites/state/). */
  storeLists: StoreLists;
  credentials: CredentialSeen[];
}

/** An escape that is no percent-encoding makes the request invalid HTTP (RFC 3986 §2.1). */
const INVALID_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

const BUCKETS: readonly string[] = ['primary', 'secondary', 'anonymous'];

function bucketOf(e: RecordedEntry, offered: Offered): Bucket {
  if (e.ours.bucket !== undefined && BUCKETS.includes(e.ours.bucket)) return e.ours.bucket as Bucket;
  return carriesKey(offered) ?? 'anonymous';
}

/** Whether a list request asks for JSON as a client of a JSON API does (no Accept, or one naming JSON). */
const asksJson = (e: RecordedEntry): boolean => {
  const accept = e.requestHeaders.filter(([n]) => n === 'accept').map(([, v]) => v);
  return accept.length === 0 || accept.some((v) => /json/i.test(v));
};

/** The entries as passes: an array is read as it is. */
const passesOf = (entries: TrafficInput['entries']): EntryPasses =>
  'read' in entries ? entries : { size: entries.length, read: () => entries };

export function loadTraffic(input: TrafficInput): LoadedTraffic {
  const fingerprint = fingerprinter();
  const passes = passesOf(input.entries);
  const progress = input.progress ?? (() => {});
  const pass = firstPass(passes.credentials?.() ?? credentialsRead(passes.read(false)), (n) =>
    progress('reading the credentials', n),
  );
  const { keys, state, inferred } = knownKeys(input, pass);
  // Every secret is registered before anything is recorded: the keys under their variables, the rest as
  // their fingerprints (which tell them apart in a report without saying what they are).
  const [givenKey, givenSecond] = [input.apiKey ?? inferred[0], input.secondApiKey ?? inferred[1]];
  if (givenKey) input.redactor.addKey(givenKey, KEY_VARIABLE);
  if (givenSecond) input.redactor.addKey(givenSecond, SECOND_KEY_VARIABLE);
  for (const v of pass.secrets) input.redactor.addSecret(v, `[credential ${fingerprint(v)}]`);

  const transcript = new Transcript();
  const intern = new Interner();
  // Every secret is registered: each distinct text's redaction is final.
  const redact = redactOnce(input.redactor);
  const listBodies = new ListBodies();
  // The store model's ids of each plain list, from the same reading of each body (as a run feeds it).
  const storeLists = new StoreLists(listBodies);
  const facts = new RecordedFacts();
  const binary = new Map<number, Buffer>();
  const seen = new Map<string, CredentialSeen>();
  let firstList: Traffic['firstList'];
  let firstListAsks = false;
  let framing = false;
  let ownBuckets = false;
  // What a request offered, by its lines, for entries read with their lines shared (engine/shared-lines.ts,
  // which sets responseShape) and no query (offeredBy reads nothing else of the URL): made once for all.
  const offers = new WeakMap<object, { offered: Offered; key: string }>();
  const offerOf = (e: RecordedEntry): { offered: Offered; key: string } => {
    const shared = e.responseShape !== undefined && !e.url.includes('?');
    const had = shared ? offers.get(e.requestHeaders) : undefined;
    if (had !== undefined) return had;
    const offered = offeredBy(e.requestHeaders, e.url, keys, fingerprint);
    const made = { offered, key: JSON.stringify(offered) };
    if (shared) offers.set(e.requestHeaders, made);
    return made;
  };
  let done = 0;
  for (const e of passes.read(true)) {
    progress('recording the exchanges', ++done);
    if (e.ours.framed === true) framing = true;
    if (e.ours.bucket !== undefined) ownBuckets = true;
    const relative = relativeTo(e.url, input.baseUrl) ?? '/';
    const { offered, key: offeredKey } = offerOf(e);
    const route: Route | undefined = routeOf(e.method, relative);
    const entry =
      e.ours.invalidRequest === undefined && INVALID_ESCAPE.test(relative.split('?')[0]!)
        ? {
            ...e,
            ours: { ...e.ours, invalidRequest: 'an invalid percent-encoding in its target (RFC 3986 §2.1)' },
          }
        : e;
    const x = addRecorded(transcript, entry, bucketOf(e, offered), redact, RECORDED_BODY_BYTES, intern);
    // Most exchanges offer and ask for what others did: one copy of each such fact, and of each part (the
    // cancels of a hundred thousand ids each ask for a route of their own, all offering the same).
    const routeKey = JSON.stringify(route ?? null);
    facts.set(
      x.seq,
      intern.value(`[${offeredKey},${routeKey}]`, {
        offered: intern.value(`o${offeredKey}`, offered),
        route: route === undefined ? undefined : intern.value(`r${routeKey}`, route),
      }),
    );
    tally(seen, offered, e, keys, inferred.length > 0);
    if (e.status === 0) continue;
    const whole = e.bodyWhole && e.ours.bodyError === undefined ? (e.body ?? Buffer.alloc(0)) : undefined;
    listBodies.observe(x, whole, { method: e.method as 'GET', path: relative });
    storeLists.observe(x, whole, { method: e.method as 'GET', path: relative });
    if (whole && whole.length > 0 && !isUtf8(whole) && whole.length <= RECORDED_BODY_BYTES)
      binary.set(x.seq, whole);
    const isFirstList =
      route?.op === 'list' &&
      !route.spelled &&
      route.query === '' &&
      e.method === 'GET' &&
      carriesKey(offered) === 'primary' &&
      ![401, 429].includes(e.status);
    // The list the run reads first is one asked for as JSON; a client that only ever says */* gets its first.
    if (isFirstList && (!firstList || (!firstListAsks && asksJson(e)))) {
      firstListAsks = asksJson(e);
      firstList = { exchange: x, ...listReading(e, whole) };
    }
  }
  return {
    transcript,
    listBodies,
    storeLists,
    credentials: [...seen.values()],
    traffic: {
      facts,
      keys: state,
      framing,
      ownBuckets,
      ...(firstList ? { firstList } : {}),
      binary,
    },
  };
}

/** The first list's reading, or why there is none to read (the recorder cut or left out its body). */
function listReading(
  e: RecordedEntry,
  whole: Buffer | undefined,
): Omit<NonNullable<Traffic['firstList']>, 'exchange'> {
  const is2xx = e.status >= 200 && e.status <= 299;
  if (e.ours.bodyError)
    return { reading: { ...readList('', false), json: { ok: false, error: bodyFailure(e.ours.bodyError) } } };
  if (!whole)
    return {
      cut: `the recording holds ${e.body ? `only the first ${e.body.length} of the ${e.bodyBytes} bytes` : 'none'} of the first list's body (a recorder that keeps whole bodies would show it)`,
    };
  return { reading: readList(whole, is2xx) };
}
