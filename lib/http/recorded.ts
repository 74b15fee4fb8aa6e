// Recorded traffic (a HAR entry, an exchange the proxy forwarded) as the run's own exchanges: redacted for
// the report, the response as received kept beside it for judging, exactly as the client records what it
// sends; and a recorded response handed to a check as if it had just arrived. Sends nothing.
import { isUtf8 } from 'node:buffer';
import type { RecordedEntry } from '../formats/har.ts';
import { type JsonParseResult, parseJson } from '../formats/json.ts';
import { bodyFailure } from './body-failure.ts';
import type { Response } from './client.ts';
import { FoldedExchange, type FoldedFields } from './folded-exchange.ts';
import type { Interner } from './intern.ts';
import type { RedactText } from './redact-once.ts';
import { type Bucket, type Exchange, rawOf, startedMsOf, type Transcript, withRaw } from './transcript.ts';

/** Header lines as a record, as undici gives them: names in lower case, a repeated field as an array. */
export function headerRecord(
  lines: ReadonlyArray<readonly [string, string]>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of lines) {
    const had = out[name];
    out[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}

/** Why an entry holds no response, as an exchange's transport error. */
function noResponse(entry: RecordedEntry): { code: string; message: string } {
  return entry.ours.error ?? { code: 'E_NO_RESPONSE', message: 'the recording holds no response to it' };
}

/**
 * The header record as kept: shared (intern.ts) with the values of Date and X-RateLimit-Remaining set apart
 * (they change from one response to the next, and made each response's record one of its own), or, without
 * sharing, as it is. FoldedExchange puts them back where they were when the record is read.
 */
function sharedHeaders(
  intern: Pick<Interner, 'string' | 'fields'>,
  record: Record<string, string | string[]>,
): { headers: Record<string, string | string[]>; date?: string; remaining?: string } {
  const date = record.date;
  const remaining = record['x-ratelimit-remaining'];
  if (intern === OWN || (typeof date !== 'string' && typeof remaining !== 'string'))
    return { headers: intern.fields(record) };
  const rest = { ...record };
  if (typeof date === 'string') rest.date = '';
  if (typeof remaining === 'string') rest['x-ratelimit-remaining'] = '';
  return {
    headers: intern.fields(rest),
    ...(typeof date === 'string' ? { date: intern.string(date) } : {}),
    ...(typeof remaining === 'string' ? { remaining: intern.string(remaining) } : {}),
  };
}

/** What the response's header record is made of, and whether redacting changed nothing in it. */
interface ResponseRecord {
  kept: { headers: Record<string, string | string[]>; date?: string; remaining?: string };
  same: boolean;
  /** The record as received (made only when redacting changed something). */
  received: () => Record<string, string | string[]>;
}

/** The response's header record as sharedHeaders keeps it, redacted, made anew. */
function responseRecord(
  entry: RecordedEntry,
  redactor: RedactText,
  intern: Pick<Interner, 'string' | 'fields'>,
): ResponseRecord {
  const received = headerRecord(entry.responseHeaders);
  // Most answers carry nothing to redact: their record is then the same object (redact-once.ts).
  const redacted = redactor.redactHeaders(received);
  return { kept: sharedHeaders(intern, redacted), same: redacted === received, received: () => received };
}

/**
 * The same, for an entry whose lines are those of its shape (engine/shared-lines.ts): what the shape's lines make
 * is made once (the record with '' in place of Date and X-RateLimit-Remaining, as sharedHeaders keeps it),
 * the entry's own two values redacted on their own. A shape with either name on more than one line (a record
 * holding them as arrays) is made anew.
 */
function shapedRecord(
  entry: RecordedEntry,
  shape: NonNullable<RecordedEntry['responseShape']>,
  redactor: RedactText,
  intern: Pick<Interner, 'string' | 'fields' | 'once'>,
): ResponseRecord {
  const made = intern.once(shape.lines, redactor, () => {
    let [dates, remainings] = [0, 0];
    for (const [name] of shape.lines) {
      if (name === 'date') dates++;
      else if (name === 'x-ratelimit-remaining') remainings++;
    }
    if (dates > 1 || remainings > 1) return undefined;
    const record = headerRecord(shape.lines);
    const redacted = redactor.redactHeaders(record);
    return { headers: intern.fields(redacted), same: redacted === record };
  });
  if (made === undefined) return responseRecord(entry, redactor, intern);
  const lines = entry.responseHeaders;
  const date = shape.dateAt >= 0 ? lines[shape.dateAt]![1] : undefined;
  const remaining = shape.remainingAt >= 0 ? lines[shape.remainingAt]![1] : undefined;
  const redactedDate = date === undefined ? undefined : redactor.redact(date);
  const redactedRemaining = remaining === undefined ? undefined : redactor.redact(remaining);
  return {
    kept: {
      headers: made.headers,
      ...(redactedDate !== undefined ? { date: intern.string(redactedDate) } : {}),
      ...(redactedRemaining !== undefined ? { remaining: intern.string(redactedRemaining) } : {}),
    },
    same: made.same && redactedDate === date && redactedRemaining === remaining,
    received: () => headerRecord(lines),
  };
}

const NO_BODY = Buffer.alloc(0);

/** What the transcript keeps of a body: the text received and redacted, cut at `recordBodyBytes`. */
function bodyTexts(
  body: Buffer,
  redactor: RedactText,
  recordBodyBytes: number,
  intern: Pick<Interner, 'string'>,
): { cut: boolean; rawBody: string; redactedBody: string; utf8: boolean } {
  const shown = body.toString('utf8', 0, Math.min(body.length, 3 * recordBodyBytes + 4));
  return {
    cut: shown.length > recordBodyBytes,
    rawBody: intern.string(shown.slice(0, recordBodyBytes)),
    redactedBody: intern.string(redactor.redactCut(shown, recordBodyBytes)),
    utf8: isUtf8(body),
  };
}

/** No sharing: each value kept as it is. */
const OWN: Pick<Interner, 'string' | 'fields' | 'request' | 'once'> = {
  string: (s) => s,
  fields: (r) => r,
  request: (method, url, headers) => ({ method, url, headers }),
  once: (_of, _by, make) => make(),
};

/**
 * Adds one recorded entry to the transcript as an exchange sent with `bucket`: the request and response
 * redacted by `redactor` (every credential of the recording registered with it first), the response as
 * received attached for the checks, its body cut at `recordBodyBytes` as the client cuts what it receives.
 * `intern` shares the values that recur across a long recording (intern.ts); where redacting changed
 * nothing, the redacted record and the one as received are the same values.
 */
export function addRecorded(
  transcript: Transcript,
  entry: RecordedEntry,
  bucket: Bucket,
  redactor: RedactText,
  recordBodyBytes: number,
  intern: Pick<Interner, 'string' | 'fields' | 'request' | 'once'> = OWN,
): Exchange {
  // Entries read with their lines shared (engine/shared-lines.ts, which sets responseShape) share their
  // request's lines: its record made once for all.
  const requestRecord = () => intern.fields(redactor.redactHeaders(headerRecord(entry.requestHeaders)));
  const requestHeaders =
    entry.responseShape !== undefined
      ? intern.once(entry.requestHeaders, redactor, requestRecord)
      : requestRecord();
  const request = intern.request(entry.method, redactor.redact(entry.url), requestHeaders);
  if (entry.status === 0)
    return transcript.add({
      ...(entry.ours.checkId !== undefined ? { checkId: entry.ours.checkId } : {}),
      ...(entry.ours.together !== undefined ? { together: entry.ours.together } : {}),
      bucket,
      startedAt: new Date(entry.startedMs).toISOString(),
      durationMs: entry.durationMs,
      request,
      error: noResponse(entry),
      ...(entry.ours.invalidRequest !== undefined ? { invalidRequest: entry.ours.invalidRequest } : {}),
      ...(entry.ours.lengthOmitted ? { lengthOmitted: true as const } : {}),
    });
  const body = entry.body ?? NO_BODY;
  const { cut, rawBody, redactedBody, utf8 } = bodyTexts(body, redactor, recordBodyBytes, intern);
  // Entries read with their lines shared share the shape of their response's lines.
  const shape = entry.responseShape;
  const headers =
    shape !== undefined && intern !== OWN
      ? shapedRecord(entry, shape, redactor, intern)
      : responseRecord(entry, redactor, intern);
  const truncated = !entry.bodyWhole || cut;
  // The exchange and its response as one object (folded-exchange.ts): a long recording holds a million.
  const fields: FoldedFields = {
    ...(entry.ours.checkId !== undefined ? { checkId: entry.ours.checkId } : {}),
    ...(entry.ours.together !== undefined ? { together: entry.ours.together } : {}),
    bucket,
    startedMs: entry.startedMs,
    durationMs: entry.durationMs,
    request,
    ...(entry.ours.invalidRequest !== undefined ? { invalidRequest: entry.ours.invalidRequest } : {}),
    ...(entry.ours.lengthOmitted ? { lengthOmitted: true as const } : {}),
    status: entry.status,
    ...headers.kept,
    body: redactedBody,
    bodyBytes: entry.bodyBytes,
    bodyTruncated: truncated,
    ...(entry.ours.bodyError ? { bodyError: entry.ours.bodyError } : {}),
  };
  const x = transcript.addMade((seq) => new FoldedExchange(seq, fields));
  // Where redacting changed nothing, the record is what was received (rawOf reads it so): no second copy.
  const same = headers.same && rawBody === redactedBody && utf8;
  if (!same) withRaw(x.response!, { headers: intern.fields(headers.received()), body: rawBody, utf8 });
  return x;
}

/** A body as a replayed response is given it: its bytes, the recorded text they encode, or how to make them. */
export type ReplayedBody = Buffer | string | (() => Buffer);

/**
 * A recorded response as the HTTP client would have handed it to a check (`headers` undefined: the response's
 * as received, read when first asked for): `body` is the whole body the
 * recording holds (the caller makes sure it is whole before a check reads it as such), as bytes, as the text
 * the transcript keeps (encoded as UTF-8 when first read), or how to make it: a judge that reads only the
 * status and headers of a million replayed responses then makes no copy of a body, and no closure for one.
 */
export function replayed(
  exchange: Exchange,
  headers: Response['headers'] | undefined,
  body: ReplayedBody,
): Response {
  return new ReplayedResponse(exchange, headers, body);
}

/** One replayed response: its headers, body, text and JSON made once, when first read (on the prototype). */
class ReplayedResponse implements Response {
  declare bodyError?: { code: string; message: string };
  readonly status: number;
  #headers: Response['headers'] | undefined;
  #body: ReplayedBody;
  #text: string | undefined;
  #parsed: JsonParseResult | undefined;

  constructor(
    readonly exchange: Exchange,
    headers: Response['headers'] | undefined,
    body: ReplayedBody,
  ) {
    const r = exchange.response!;
    this.status = r.status;
    if (r.bodyError) this.bodyError = r.bodyError;
    this.#headers = headers;
    this.#body = body;
  }

  /**
   * The headers given, or else the response's as received, read when first asked for: a recorded exchange
   * makes its header record anew on each read (folded-exchange.ts), and most replays of a long recording are
   * read for their status and moments only (the probe's views of a million answers, some 17 reads each).
   */
  get headers(): Response['headers'] {
    this.#headers ??= rawOf(this.exchange.response!).headers;
    return this.#headers;
  }

  /** Worked out when read: a moment kept is a number boxed on the heap, for each of a million replays. */
  get receivedAtMs(): number {
    return startedMsOf(this.exchange) + this.exchange.durationMs;
  }

  get body(): Buffer {
    if (typeof this.#body === 'function') this.#body = this.#body();
    else if (typeof this.#body === 'string') this.#body = Buffer.from(this.#body, 'utf8');
    return this.#body;
  }

  get text(): string {
    this.#text ??= this.body.toString('utf8');
    return this.#text;
  }

  get bytes(): number {
    return this.body.length;
  }

  json(): JsonParseResult {
    this.#parsed ??= this.bodyError
      ? { ok: false, error: bodyFailure(this.bodyError) }
      : parseJson(this.body);
    return this.#parsed;
  }
}
