// The record of every exchange of a run, redacted (redact.ts), so it can cross to the report as is (no bigint
// either). Each response also keeps, out of serialisation, what was received raw: checks judge that, since a
// redacted copy is not what the server sent (a key echoed in a JSON body replaced by an expression).

export type Bucket = 'primary' | 'secondary' | 'anonymous';

export interface RecordedRequest {
  method: string;
  url: string;
  /** A header sent on several lines (two Authorization lines) is an array. */
  headers: Record<string, string | string[]>;
  /** The content written after the head (redacted), when the request carried any (SendOptions.content). */
  content?: string;
}

export interface RecordedResponse {
  status: number;
  headers: Record<string, string | string[]>;
  /** The body as text, cut at the transcript cap. */
  body: string;
  bodyBytes: number;
  bodyTruncated: boolean;
  /** The body could not be read as the headers framed it (e.g. a Content-Length on a 204). */
  bodyError?: { code: string; message: string };
  /** Header lines left out of the record (a flood): how many, and their characters. Checks read them all. */
  headersOmitted?: { lines: number; chars: number };
}

/** Most lines of one field the record keeps, and characters of one value (the header cap bounds the rest). */
export const RECORD_HEADER_LINES = 20;
export const RECORD_HEADER_CHARS = 2000;

/**
 * The headers as the record keeps them: every field, a flood of lines of one field or a long value cut and
 * counted, so an exchange's record stays small whatever the target sends (checks judge the headers whole).
 */
export function recordedHeaders(headers: Record<string, string | string[]>): {
  headers: Record<string, string | string[]>;
  omitted?: { lines: number; chars: number };
} {
  const out: Record<string, string | string[]> = {};
  let lines = 0;
  let chars = 0;
  const cut = (v: string) =>
    v.length <= RECORD_HEADER_CHARS
      ? v
      : `${v.slice(0, RECORD_HEADER_CHARS)}… (${v.length} characters in all)`;
  for (const [name, value] of Object.entries(headers)) {
    if (!Array.isArray(value)) {
      out[name] = cut(value);
      continue;
    }
    for (const v of value.slice(RECORD_HEADER_LINES)) {
      lines += 1;
      chars += name.length + v.length;
    }
    out[name] = value.slice(0, RECORD_HEADER_LINES).map(cut);
  }
  return lines > 0 ? { headers: out, omitted: { lines, chars } } : { headers: out };
}

/** What was received, before redaction: for judging only, never written (not enumerable). */
export interface RawResponse {
  headers: Record<string, string | string[] | undefined>;
  /** The body as text, cut at the transcript cap. */
  body: string;
  /** Whether the body's bytes were UTF-8 (the text above has replacement characters where they were not). */
  utf8: boolean;
}

const RAW = Symbol('raw');

/** Attaches the raw response to its redacted record, hidden from JSON.stringify and spreads. */
export function withRaw(recorded: RecordedResponse, raw: RawResponse): RecordedResponse {
  Object.defineProperty(recorded, RAW, { value: raw, enumerable: false });
  return recorded;
}

/**
 * A recorded response that redacting left as received, read as received: each field read from it when asked
 * for. A recorded exchange makes its header record anew on each read (folded-exchange.ts): made here for
 * every rawOf, it was made for each response a judge read the body of only, some millions of times over a
 * long recording. A class, its getters on the prototype (an object literal's getters were closures made on
 * each call, slower than the copy they spared).
 */
class AsReceived implements RawResponse {
  readonly utf8 = true;
  constructor(private readonly recorded: RecordedResponse) {}
  get headers(): RawResponse['headers'] {
    return this.recorded.headers;
  }
  get body(): string {
    return this.recorded.body;
  }
}

/** The response as received when known, else the recorded one (an exchange rebuilt from a report). */
export function rawOf(recorded: RecordedResponse): RawResponse {
  return (recorded as { [RAW]?: RawResponse })[RAW] ?? new AsReceived(recorded);
}

/**
 * One field (its lower-case name) of the response as received, as `rawOf(recorded).headers[name]` reads it,
 * without making the whole record where the response can give one field (a recorded exchange: its `field`):
 * a judge that looks for one field in each of a million answers made a million records.
 */
export function rawField(recorded: RecordedResponse, name: string): string | string[] | undefined {
  const raw = (recorded as { [RAW]?: RawResponse })[RAW];
  if (raw) return raw.headers[name];
  const one = (recorded as { field?: (name: string) => string | string[] | undefined }).field;
  return one ? one.call(recorded, name) : recorded.headers[name];
}

export interface Exchange {
  seq: number;
  /** The check during which it was sent. */
  checkId?: string;
  /**
   * Sent at one moment with the other exchanges of the same number (HttpClient.together: a race, a burst),
   * each on a connection of its own, whether or not the target answered one before the next arrived.
   */
  together?: number;
  bucket: Bucket;
  startedAt: string;
  durationMs: number;
  request: RecordedRequest;
  response?: RecordedResponse;
  error?: { code: string; message: string };
  /**
   * Set when no response could be read to a request that may have changed the store (a DELETE whose answer
   * was lost): nothing may assume it took no effect, and the order it named counts as used.
   */
  mayHaveTakenEffect?: true;
  /**
   * Why the request itself was not valid HTTP (an invalid percent-encoding in its target, RFC 3986 §2.1), when
   * a check sent it so on purpose: its answer may be the HTTP stack's, before the API saw it.
   */
  invalidRequest?: string;
  /**
   * A POST, PUT or PATCH sent with no Content-Length on purpose, its body empty (RFC 9112 §6.3), where a user
   * agent SHOULD send one (RFC 9110 §8.6): a 411 to it may be the HTTP stack's, before the API saw it.
   */
  lengthOmitted?: true;
  /**
   * The run's number of the connection it went on, when known (lib/http/connections.ts): a later exchange with
   * the same number was written on the same connection, after this one.
   */
  connection?: number;
}

/** An exchange that keeps when it went out as a number (folded-exchange.ts), its startedAt text made on read. */
interface TimedExchange {
  readonly startedMs: number;
}

const TIMED = Symbol('startedMs kept');

/** Marks a class whose `startedMs` is exactly `Date.parse(startedAt)` (a whole millisecond in Date's range). */
export function keepsStartedMs(prototype: object): void {
  Object.defineProperty(prototype, TIMED, { value: true });
}

/**
 * When the exchange's request went out (Unix ms), as `Date.parse(x.startedAt)` reads it, without making and
 * parsing the text where the exchange keeps the number: judges read it of each of a million recorded exchanges,
 * many times over (a tenth of a long judgement's CPU went to the text).
 */
export function startedMsOf(x: Exchange): number {
  return (x as { [TIMED]?: true })[TIMED]
    ? (x as unknown as TimedExchange).startedMs
    : Date.parse(x.startedAt);
}

/**
 * One exchange as the transcript keeps it: its fields assigned one by one (absent ones left out, as before),
 * so each is one small object; `{ seq, ...exchange }` gave every exchange a second array for its properties
 * (some 60 bytes each, over a million exchanges of a recording).
 */
class KeptExchange implements Exchange {
  // Declared, not defined: a defined class field is an own property (undefined) even where absent.
  declare seq: number;
  declare checkId?: string;
  declare together?: number;
  declare bucket: Bucket;
  declare startedAt: string;
  declare durationMs: number;
  declare request: RecordedRequest;
  declare response?: RecordedResponse;
  declare error?: { code: string; message: string };
  declare mayHaveTakenEffect?: true;
  declare invalidRequest?: string;
  declare lengthOmitted?: true;
  declare connection?: number;

  constructor(seq: number, e: Omit<Exchange, 'seq'>) {
    this.seq = seq;
    if (e.checkId !== undefined) this.checkId = e.checkId;
    if (e.together !== undefined) this.together = e.together;
    this.bucket = e.bucket;
    this.startedAt = e.startedAt;
    this.durationMs = e.durationMs;
    this.request = e.request;
    if (e.response !== undefined) this.response = e.response;
    if (e.error !== undefined) this.error = e.error;
    if (e.mayHaveTakenEffect !== undefined) this.mayHaveTakenEffect = e.mayHaveTakenEffect;
    if (e.invalidRequest !== undefined) this.invalidRequest = e.invalidRequest;
    if (e.lengthOmitted !== undefined) this.lengthOmitted = e.lengthOmitted;
    if (e.connection !== undefined) this.connection = e.connection;
  }
}

export class Transcript {
  private exchanges: Exchange[] = [];

  add(exchange: Omit<Exchange, 'seq'>): Exchange {
    const recorded = new KeptExchange(this.exchanges.length + 1, exchange);
    this.exchanges.push(recorded);
    return recorded;
  }

  /** Adds an exchange made by `make` with its number (a recorded one kept as one object: folded-exchange.ts). */
  addMade(make: (seq: number) => Exchange): Exchange {
    const recorded = make(this.exchanges.length + 1);
    this.exchanges.push(recorded);
    return recorded;
  }

  all(): readonly Exchange[] {
    return this.exchanges;
  }

  get size(): number {
    return this.exchanges.length;
  }

  /**
   * Hands out a new array of the same exchanges from now on: what was made once of the old one and keyed by it
   * (the judges' readings of a long recording, held in WeakMaps by the array they read) can then be let go.
   */
  renew(): void {
    this.exchanges = [...this.exchanges];
  }
}
