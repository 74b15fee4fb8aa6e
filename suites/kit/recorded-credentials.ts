// The credentials of a recording, every one a secret: found in each entry (Authorization, cookies, key-like
// fields), the keys told apart (given, this suite's own, or inferred from what the target accepted), each named
// by a keyed fingerprint and counted by its answers. No value is ever kept in what this returns for a report.
import { createHmac, randomBytes } from 'node:crypto';
import type { RecordedEntry } from '../../lib/formats/har.ts';
import { KEY_TEXT, type KnownKeys, type Offered, SECOND_KEY_TEXT } from './offered.ts';
import type { Traffic } from './traffic.ts';

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

/** What this suite writes in place of a secret, never a secret itself. */
const EXPRESSION = /ORDER_STORE_|^\[(credential|REDACTED|base64 of)/;
const CREDENTIAL_NAME = /key|token|auth|secret|passw|credential|session|sid|jwt/i;

/** A keyed fingerprint of a token, new salt per load: it tells tokens apart and says nothing of them. */
export function fingerprinter(): (v: string) => string {
  const salt = randomBytes(16);
  // A token is fingerprinted once, however many requests carry it.
  const prints = new Map<string, string>();
  return (v: string) => {
    let f = prints.get(v);
    if (f === undefined) {
      f = createHmac('sha256', salt).update(v).digest('hex').slice(0, 8);
      if (prints.size < 10_000) prints.set(v, f);
    }
    return f;
  };
}

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

export function firstPass(entries: Iterable<EntryCredentials>, progress: (done: number) => void): FirstPass {
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

export function* credentialsRead(entries: Iterable<RecordedEntry>): Generator<EntryCredentials> {
  for (const e of entries) yield credentialsOf(e);
}

/**
 * The keys as the judge can tell them: given, written by this suite's redactor, or (neither) inferred: the
 * bearer tokens the target answered most often with anything but 401, the second one as the second key.
 */
export function knownKeys(
  input: { apiKey?: string; secondApiKey?: string },
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

/** Counts a bearer credential's requests and answers, by fingerprint. */
export function tally(
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
