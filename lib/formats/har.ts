// Reads a HAR 1.2 file (browsers' devtools, Playwright's recordHar, mitmproxy and Charles exports, this suite's
// own transcript.har) into plain recorded entries: the request as sent, the response as received, the body
// when the file holds it. Pure: parses text, decides nothing about what an entry means, never writes. An entry
// nested past MAX_JSON_DEPTH is left unread and named (a limit of this harness): nothing recurses into it.
import { MAX_JSON_DEPTH } from './json-parse.ts';

/** One exchange of a recording, as the file holds it; names of headers in lower case, values as recorded. */
export interface RecordedEntry {
  /** Where it was read from: `file#index` (the index in the file's entries, from 0). */
  source: string;
  /** When the request went out (Unix ms) and how long until the response ended. */
  startedMs: number;
  durationMs: number;
  method: string;
  /** The URL as recorded (never normalised: a doubled slash or a dot segment stays as sent). */
  url: string;
  requestHeaders: Array<[string, string]>;
  /** 0 when no response was recorded (a transport error, a blocked request). */
  status: number;
  responseHeaders: Array<[string, string]>;
  /** The body as recorded, or undefined when the file holds none (omitted, or stored elsewhere). */
  body?: Buffer;
  /** The body's size as the recorder counted it (decoded), or the recorded body's when it gave none. */
  bodyBytes: number;
  /** Whether the recorded body is the whole body (false: cut short by the recorder, or absent). */
  bodyWhole: boolean;
  /** What this suite's own recorder adds (its transcript.har, the proxy): unknown to other recorders. */
  ours: OwnFields;
  /**
   * Set by a reader that shares the lines of the entries it reads (engine/shared-lines.ts): then
   * `requestHeaders` is one array for every entry with the same request lines, and this one object for every
   * entry whose response lines differ from its own in their Date and X-RateLimit-Remaining values only.
   */
  responseShape?: ResponseShape;
}

/**
 * The response's header lines as `responseHeaders` but for the values of its first Date and its first
 * X-RateLimit-Remaining line, '' here (at `dateAt` and `remainingAt`; -1: no such line). Never changed.
 */
export interface ResponseShape {
  lines: Array<[string, string]>;
  dateAt: number;
  remainingAt: number;
}

/** The `_`-prefixed fields this suite's HAR writer adds (HAR 1.2 allows custom fields so named). */
export interface OwnFields {
  checkId?: string;
  /** Sent at one moment with the entries of the same number (Exchange.together). */
  together?: number;
  bucket?: string;
  /** The body broke its framing (a reset, a truncated chunk, bytes after a 204). */
  bodyError?: { code: string; message: string };
  /** No response: the transport failed before the status line. */
  error?: { code: string; message: string };
  invalidRequest?: string;
  /** Sent with no Content-Length on purpose (Exchange.lengthOmitted). */
  lengthOmitted?: true;
  bodyTruncated?: boolean;
  /** Recorded by this suite (its client or its proxy), which notes how each response ended on the connection. */
  framed?: true;
  /**
   * The proxy answered the request itself (why): a request target it does not forward, an answer it could
   * not relay. Never the target's answer: left out of judging. Set by the proxy only, never read from a file.
   */
  answeredByProxy?: string;
  /**
   * Why the recording stops short for a cause that is not the target's (the client hung up, the proxy's
   * memory budget, its stop): the body is not whole, and no framing of the target's is judged by it.
   */
  cutBy?: string;
}

/** A file that is not a HAR 1.2 recording, or an entry that cannot be read; the message says which and why. */
export class HarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HarError';
  }
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function headersOf(v: unknown): Array<[string, string]> {
  if (!Array.isArray(v)) return [];
  const out: Array<[string, string]> = [];
  for (const h of v) {
    if (!isObject(h) || typeof h.name !== 'string') continue;
    const name = h.name.toLowerCase();
    // HTTP/2 pseudo-headers (:status, :path) are how devtools show the frame, not fields of the message.
    if (name.startsWith(':')) continue;
    // A value of another type is no field value (HAR 1.2: a string); a scalar is kept as written.
    const v = h.value;
    out.push([
      name,
      typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '',
    ]);
  }
  return out;
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function failure(v: unknown): { code: string; message: string } | undefined {
  if (!isObject(v) || typeof v.code !== 'string') return undefined;
  return { code: v.code, message: text(v.message) ?? '' };
}

function ownFields(e: Json, response: Json): OwnFields {
  // Field by field, in this order: a spread of a literal for each was a tenth of reading an entry, twice an
  // entry of a long recording.
  const out: OwnFields = {};
  const checkId = text(e._checkId);
  if (checkId !== undefined) out.checkId = checkId;
  if (Number.isSafeInteger(e._together)) out.together = e._together as number;
  const bucket = text(e._bucket);
  if (bucket !== undefined) out.bucket = bucket;
  const bodyError = failure(response._bodyError);
  if (bodyError) out.bodyError = bodyError;
  const error = failure(e._transportError);
  if (error) out.error = error;
  const invalidRequest = text(e._invalidRequest);
  if (invalidRequest !== undefined) out.invalidRequest = invalidRequest;
  if (e._lengthOmitted === true) out.lengthOmitted = true;
  if (typeof response._bodyTruncated === 'boolean') out.bodyTruncated = response._bodyTruncated;
  if (e._bucket !== undefined) out.framed = true;
  return out;
}

/** The body the file holds (text, or base64 when `encoding` says so) and whether it is all of it. */
function bodyOf(
  content: Json,
  ours: OwnFields,
  withBody: boolean,
): Pick<RecordedEntry, 'body' | 'bodyBytes' | 'bodyWhole'> {
  const size = typeof content.size === 'number' && content.size >= 0 ? content.size : undefined;
  // Without the body, as if the file held none: its size alone is read (no copy of the content without it).
  const raw = withBody ? text(content.text) : undefined;
  if (raw === undefined) return { bodyBytes: size ?? 0, bodyWhole: size === 0 };
  const body = content.encoding === 'base64' ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  // This suite's writer says itself whether it cut the body (its text is redacted, so its length may differ
  // from the size); another recorder's body is whole when it holds at least the size it announces.
  const whole =
    ours.bodyTruncated !== undefined ? !ours.bodyTruncated : size === undefined || body.length >= size;
  return {
    body,
    bodyBytes: ours.bodyTruncated !== undefined ? (size ?? body.length) : Math.max(size ?? 0, body.length),
    bodyWhole: whole,
  };
}

function entryOf(e: unknown, at: string, withBody: boolean): RecordedEntry {
  if (!isObject(e) || !isObject(e.request)) throw new HarError(`${at}: an entry without a request object`);
  const req = e.request;
  const url = text(req.url);
  const method = text(req.method);
  if (url === undefined || method === undefined)
    throw new HarError(`${at}: the request has no url or method`);
  const startedMs = Date.parse(text(e.startedDateTime) ?? '');
  if (Number.isNaN(startedMs))
    throw new HarError(
      `${at}: startedDateTime ${typeof e.startedDateTime === 'string' ? JSON.stringify(e.startedDateTime.slice(0, 80)) : `(${e.startedDateTime === null ? 'null' : typeof e.startedDateTime})`} is no ISO 8601 date`,
    );
  const res = isObject(e.response) ? e.response : {};
  const ours = ownFields(e, res);
  const status = typeof res.status === 'number' && Number.isInteger(res.status) ? res.status : 0;
  const time = typeof e.time === 'number' && Number.isFinite(e.time) && e.time >= 0 ? e.time : 0;
  return {
    source: at,
    startedMs,
    durationMs: Math.round(time),
    method: method.toUpperCase(),
    url,
    requestHeaders: headersOf(req.headers),
    status,
    responseHeaders: headersOf(res.headers),
    ...(status > 0
      ? bodyOf(isObject(res.content) ? res.content : {}, ours, withBody)
      : { bodyBytes: 0, bodyWhole: false }),
    ours,
  };
}

/** An entry of a recording this harness did not read: where (`file#index`) and why. */
export interface UnreadEntry {
  source: string;
  reason: string;
}

/** How deep `v` nests (a scalar is 0), counted without recursion and no further than `max` + 1. */
export function nestingOf(v: unknown, max: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[v, 0]];
  while (stack.length > 0) {
    const [x, d] = stack.pop()!;
    if (typeof x !== 'object' || x === null) continue;
    if (d + 1 > deepest) deepest = d + 1;
    if (deepest > max) return deepest;
    for (const child of Array.isArray(x) ? x : Object.values(x)) stack.push([child, d + 1]);
  }
  return deepest;
}

/** Why an entry nested past MAX_JSON_DEPTH is left unread. */
export const tooDeep = (at: string): UnreadEntry => ({
  source: at,
  reason: `${at}: the entry nests deeper than ${MAX_JSON_DEPTH} levels, more than this harness reads (a limit of the harness, not a finding): it is not judged`,
});

/**
 * One entry read, or left unread when it nests past what this harness reads. `withBody` false leaves the
 * body's text undecoded (a first pass over a recording reads only what is around the bodies).
 */
export function readEntry(e: unknown, at: string, withBody = true): RecordedEntry | UnreadEntry {
  if (nestingOf(e, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return tooDeep(at);
  return entryOf(e, at, withBody);
}

export const isUnread = (x: RecordedEntry | UnreadEntry): x is UnreadEntry => !('method' in x);

/** The document of a HAR file: its entries, not yet read. */
function entriesOfText(textOfFile: string, name: string): unknown[] {
  let doc: unknown;
  try {
    doc = JSON.parse(textOfFile.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new HarError(`${name} is not JSON (${e instanceof Error ? e.message : String(e)}), so no HAR file`);
  }
  if (!isObject(doc) || !isObject(doc.log) || !Array.isArray(doc.log.entries))
    throw new HarError(`${name} is no HAR file: it has no log.entries array (HAR 1.2)`);
  return doc.log.entries;
}

/** Every entry of a HAR 1.2 file, in the file's order, and those left unread; `name` names the file. */
export function readHar(
  textOfFile: string,
  name: string,
): { entries: RecordedEntry[]; unread: UnreadEntry[] } {
  const entries: RecordedEntry[] = [];
  const unread: UnreadEntry[] = [];
  entriesOfText(textOfFile, name).forEach((e, i) => {
    const x = readEntry(e, `${name}#${i}`);
    if (isUnread(x)) unread.push(x);
    else entries.push(x);
  });
  return { entries, unread };
}

/** Every entry of a HAR 1.2 file, in the file's order; an entry it cannot read is a HarError. */
export function parseHar(textOfFile: string, name: string): RecordedEntry[] {
  const { entries, unread } = readHar(textOfFile, name);
  if (unread.length > 0) throw new HarError(unread[0]!.reason);
  return entries;
}

/** One entry whose nesting the scanner (har-stream.ts) already bounded: read without walking it again. */
export const readScannedEntry = (e: unknown, at: string, withBody: boolean): RecordedEntry =>
  entryOf(e, at, withBody);
