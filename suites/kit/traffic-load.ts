// Turns recorded entries (below the base URL, in the order sent) into what a passive run judges: the
// transcript (redacted, the responses as received kept for judging), what each request offered and asked for,
// every list body read whole as it arrived, and the first list. Every credential of the recording is a secret:
// registered with the run's redactor before anything is recorded, told apart by a keyed fingerprint, never kept.

import { isUtf8 } from 'node:buffer';
import { createHmac, randomBytes } from 'node:crypto';
import type { RecordedEntry } from '../../lib/formats/har.ts';
import { bodyFailure } from '../../lib/http/body-failure.ts';
import { Interner } from '../../lib/http/intern.ts';
import { addRecorded } from '../../lib/http/recorded.ts';
import { KEY_VARIABLE, type Redactor, SECOND_KEY_VARIABLE } from '../../lib/http/redact.ts';
import { redactOnce } from '../../lib/http/redact-once.ts';
import { type Bucket, Transcript } from '../../lib/http/transcript.ts';
import { ListBodies } from './list-bodies.ts';
import { carriesKey, KEY_TEXT, type KnownKeys, type Offered, offeredBy, SECOND_KEY_TEXT } from './offered.ts';
import { readList } from './order-list.ts';
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

/** What the pass over credentials reads of one entry. */
export interface EntryCredentials {
  /** The bearer token of its one Authorization line. */
  token: string | undefined;
  /** Whether the target answered it with anything but 401 and 429. */
  accepted: boolean;
  /** Every value that is or may hold a credential. */
  secrets: readonly string[];
}

/** What the pass over credentials reads of `e` (a reader that keeps it shares equal ones: never changed). */
export function credentialsOf(e: RecordedEntry): EntryCredentials {
  return {
    token: bearerToken(e),
    accepted: e.status > 0 && e.status !== 401 && e.status !== 429,
    secrets: secretsOf(e),
  };
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

/** One credential of the recording as the report names it: by fingerprint and role, never by value. */
export interface CredentialSeen {
  fingerprint: string;
  role: 'key' | 'second key' | 'other token';
  /** The key was not given: it is the bearer token the target answered most often other than 401. */
  inferred?: true;
  requests: number;
  /** How many answers of each status it got. */
  statuses: Record<string, number>;
}

export interface LoadedTraffic {
  transcript: Transcript;
  traffic: Traffic;
  listBodies: ListBodies;
  /** The store model's reading of each plain list (suites/state/). */
  storeLists: StoreLists;
  credentials: CredentialSeen[];
}

/** What this suite writes in place of a secret, never a secret itself. */
const EXPRESSION = /ORDER_STORE_|^\[(credential|REDACTED|base64 of)/;
const CREDENTIAL_NAME = /key|token|auth|secret|passw|credential|session|sid|jwt/i;

/** An escape that is no percent-encoding makes the request invalid HTTP (RFC 3986 §2.1). */
const INVALID_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

/**
 * Whether a value is kept out of reports as a credential: long enough to be one (short values such as
 * `true`, `dark` or a number would also stand for themselves in every body and header), never a scheme name.
 */
const secretLike = (v: string): boolean =>
  v.length >= 8 && !/^\d+$/.test(v) && !/^(bearer|basic|digest|negotiate)$/i.test(v) && !EXPRESSION.test(v);

/** Every value of an entry that is or may hold a credential: Authorization, cookies, key-like fields. */
function secretsOf(e: RecordedEntry): string[] {
  const out: string[] = [];
  for (const [name, value] of e.requestHeaders) {
    if (name === 'authorization' || name === 'proxy-authorization') {
      const words = value.trim().split(/\s+/);
      out.push(words.length === 1 ? words[0]! : words.slice(1).join(' '), ...words.slice(1));
    } else if (name === 'cookie') {
      for (const pair of value.split(';')) out.push(pair.slice(pair.indexOf('=') + 1).trim());
    } else if (CREDENTIAL_NAME.test(name) && name !== 'sec-websocket-key') out.push(value.trim());
  }
  for (const [name, value] of e.responseHeaders)
    if (name === 'set-cookie') out.push((value.split(';')[0] ?? '').split('=').slice(1).join('=').trim());
  const q = e.url.indexOf('?');
  if (q >= 0)
    for (const pair of e.url
      .slice(q + 1)
      .split('#')[0]!
      .split('&')) {
      const [name = '', value = ''] = pair.split('=');
      if (!CREDENTIAL_NAME.test(name)) continue;
      out.push(value);
      try {
        out.push(decodeURIComponent(value.replace(/\+/g, ' ')));
      } catch {
        // Left as sent: it is registered as it stands.
      }
    }
  return out.filter(secretLike);
}

/** The bearer token of an entry's one Authorization line, if it has one. */
function bearerToken(e: RecordedEntry): string | undefined {
  const lines = e.requestHeaders.filter(([n]) => n === 'authorization');
  if (lines.length !== 1) return undefined;
  const m = /^bearer\s+(\S+)$/i.exec(lines[0]![1].trim());
  return m?.[1];
}

/** What the first pass over the entries learns: the bearer tokens the target accepted, every credential. */
interface FirstPass {
  /** Bearer tokens answered with anything but 401 and 429, by how often, in the order first seen. */
  accepted: Map<string, number>;
  /** Whether a request carried this suite's own expression of the key (its transcript.har). */
  ownKey: boolean;
  /** Every value that is or may hold a credential, in the order first seen. */
  secrets: Set<string>;
}

function firstPass(entries: Iterable<EntryCredentials>, progress: (done: number) => void): FirstPass {
  const pass: FirstPass = { accepted: new Map(), ownKey: false, secrets: new Set() };
  let done = 0;
  for (const { token: t, accepted, secrets } of entries) {
    if (t === KEY_TEXT) pass.ownKey = true;
    if (t !== undefined && accepted) pass.accepted.set(t, (pass.accepted.get(t) ?? 0) + 1);
    for (const v of secrets) pass.secrets.add(v);
    progress(++done);
  }
  return pass;
}

function* credentialsRead(entries: Iterable<RecordedEntry>): Generator<EntryCredentials> {
  for (const e of entries) yield credentialsOf(e);
}

/**
 * The keys as the judge can tell them: given, written by this suite's redactor, or (neither) inferred: the
 * bearer tokens the target answered most often with anything but 401, the second one as the second key.
 */
function knownKeys(
  input: TrafficInput,
  pass: FirstPass,
): { keys: KnownKeys; state: Traffic['keys']; inferred: string[] } {
  const key = [KEY_TEXT, ...(input.apiKey ? [input.apiKey] : [])];
  const second = [SECOND_KEY_TEXT, ...(input.secondApiKey ? [input.secondApiKey] : [])];
  if (input.apiKey || pass.ownKey)
    return { keys: { key, second, known: true }, state: 'known', inferred: [] };
  const ranked = [...pass.accepted].sort((a, b) => b[1] - a[1]).map(([t]) => t);
  if (ranked.length === 0) return { keys: { key, second, known: false }, state: 'none', inferred: [] };
  const [first, next] = ranked;
  return {
    keys: { key: [...key, first!], second: [...second, ...(next ? [next] : [])], known: false },
    state: 'inferred',
    inferred: [first!, ...(next ? [next] : [])],
  };
}

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
  const salt = randomBytes(16);
  // A token is fingerprinted once, however many requests carry it.
  const prints = new Map<string, string>();
  const fingerprint = (v: string) => {
    let f = prints.get(v);
    if (f === undefined) {
      f = createHmac('sha256', salt).update(v).digest('hex').slice(0, 8);
      if (prints.size < 10_000) prints.set(v, f);
    }
    return f;
  };
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
  let done = 0;
  for (const e of passes.read(true)) {
    progress('recording the exchanges', ++done);
    if (e.ours.framed === true) framing = true;
    if (e.ours.bucket !== undefined) ownBuckets = true;
    const relative = relativeTo(e.url, input.baseUrl) ?? '/';
    const offered = offeredBy(e.requestHeaders, e.url, keys, fingerprint);
    const route: Route | undefined = routeOf(e.method, relative);
    const entry =
      e.ours.invalidRequest === undefined && INVALID_ESCAPE.test(relative.split('?')[0]!)
        ? {
            ...e,
            ours: { ...e.ours, invalidRequest: 'an invalid percent-encoding in its target (RFC 3986 §2.1)' },
          }
        : e;
    const x = addRecorded(transcript, entry, bucketOf(e, offered), redact, RECORDED_BODY_BYTES, intern);
    // Most exchanges offer and ask for what others did: one copy of each such fact.
    facts.set(x.seq, intern.value(JSON.stringify([offered, route ?? null]), { offered, route }));
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

/** Counts a bearer credential's requests and answers, by fingerprint. */
function tally(
  seen: Map<string, CredentialSeen>,
  offered: Offered,
  e: RecordedEntry,
  keys: KnownKeys,
  inferred: boolean,
): void {
  const form = offered.form;
  if (form.kind !== 'bearer') return;
  const role = form.role === 'key' ? 'key' : form.role === 'second' ? 'second key' : 'other token';
  const c = seen.get(form.fingerprint) ?? {
    fingerprint: form.fingerprint,
    role,
    ...(inferred && role !== 'other token' && !keys.known ? { inferred: true as const } : {}),
    requests: 0,
    statuses: {},
  };
  c.requests += 1;
  const status = e.status === 0 ? 'no answer' : String(e.status);
  c.statuses[status] = (c.statuses[status] ?? 0) + 1;
  seen.set(form.fingerprint, c);
}
