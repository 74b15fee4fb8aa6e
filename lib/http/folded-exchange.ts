// A recorded exchange that got a response, kept as one object: the response's fields beside the exchange's,
// its start as a number (the ISO text made when read), read through the same Exchange and RecordedResponse
// the judges know. A long recording's transcript holds a million of them: its status, bucket, cut and start
// packed in small integers, some 90 bytes each fewer than an exchange and its response object.
import {
  type Bucket,
  type Exchange,
  keepsStartedMs,
  type RecordedRequest,
  type RecordedResponse,
} from './transcript.ts';

/** What one recorded exchange with a response is made of (lib/http/recorded.ts). */
export interface FoldedFields {
  checkId?: string;
  together?: number;
  bucket: Bucket;
  /** When the request went out (Unix ms). */
  startedMs: number;
  durationMs: number;
  request: RecordedRequest;
  invalidRequest?: string;
  lengthOmitted?: true;
  status: number;
  /**
   * The response's header record; with `date` or `remaining` given, a record shared with other responses whose
   * Date and X-RateLimit-Remaining lines hold '' in their places, the values being these.
   */
  headers: Record<string, string | string[]>;
  date?: string;
  remaining?: string;
  body: string;
  bodyBytes: number;
  bodyTruncated: boolean;
  bodyError?: { code: string; message: string };
}

/**
 * A start is kept as its distance in ms from the first start this process kept (EPOCH), a small integer
 * while within 2^30 ms (12 days) of it (below V8's smallest Smi range); one farther off is kept aside.
 */
const NEAR = 2 ** 30;
let EPOCH: number | undefined;
const farStart = new WeakMap<FoldedExchange, number>();
const BUCKETS: readonly Bucket[] = ['primary', 'secondary', 'anonymous'];
const STATUS_SHIFT = 3;
/** A status too large for the packed integer (no HTTP status is; a recording may say anything). */
const WIDE_STATUS = 2 ** 20;
const wideStatus = new WeakMap<FoldedExchange, number>();

/** The status (above its 3 low bits), the bucket's number (bits 0-1), whether the body was cut (bit 2). */
function pack(status: number, bucket: Bucket, truncated: boolean): number {
  const b = BUCKETS.indexOf(bucket);
  if (b < 0) throw new TypeError(`no such bucket: ${bucket}`);
  const kept = Number.isInteger(status) && status >= 0 && status < WIDE_STATUS ? status : WIDE_STATUS;
  return (kept << STATUS_SHIFT) | (truncated ? 4 : 0) | b;
}

/** The header record made last, and of which exchange (FoldedExchange.headers): two variables, no object. */
let lastOf: FoldedExchange | undefined;
let lastHeaders: Record<string, string | string[]> = {};

/** The largest time a Date holds (ECMA-262 §21.4.1.22): past it, toISOString throws, as it did when added. */
const MAX_TIME = 8.64e15;

/**
 * One object for the exchange and its response: `response` is the exchange itself (read as a
 * RecordedResponse), and `toJSON` gives the text an exchange with a separate response object gave, field by
 * field in the same order, so reports and transcripts do not change.
 */
export class FoldedExchange implements Exchange, RecordedResponse {
  // Declared, not defined: a defined class field is an own property (undefined) even where absent.
  declare seq: number;
  declare checkId?: string;
  declare together?: number;
  declare durationMs: number;
  declare request: RecordedRequest;
  declare invalidRequest?: string;
  declare lengthOmitted?: true;
  declare body: string;
  declare bodyBytes: number;
  declare bodyError?: { code: string; message: string };
  /** The status, the bucket's number and whether the body was cut, in one small integer (#pack). */
  #packed: number;
  /**
   * When the request went out, a whole millisecond as a small integer (its distance from EPOCH), or NEAR for
   * one kept in farStart: a number kept as it is takes a box of its own on the heap (8 bytes here and 16
   * there, a million times over), and two small integers took a field more than one.
   */
  #start: number;
  /**
   * The header record, shared with other responses when `#date` or `#remaining` is set: the two fields whose
   * values change from one response to the next are kept here, so a long recording holds no record of its
   * own for each response (some 60 bytes each); the record with them is made when read.
   */
  #headers: Record<string, string | string[]>;
  #date: string | undefined;
  #remaining: string | undefined;

  constructor(seq: number, f: FoldedFields) {
    if (!(Math.abs(f.startedMs) <= MAX_TIME)) throw new RangeError('Invalid time value');
    this.seq = seq;
    if (f.checkId !== undefined) this.checkId = f.checkId;
    if (f.together !== undefined) this.together = f.together;
    this.#packed = pack(f.status, f.bucket, f.bodyTruncated);
    if (this.#packed >> STATUS_SHIFT === WIDE_STATUS) wideStatus.set(this, f.status);
    // As a Date holds it (a whole millisecond, ECMA-262 §21.4.1.31 TimeClip): what startedAt says, to the ms.
    const startedMs = new Date(f.startedMs).getTime();
    EPOCH ??= startedMs;
    const near = startedMs - EPOCH;
    // `| 0`: a small integer as V8 keeps it (a difference of two large numbers is a boxed number even when
    // whole, and the field then boxes every exchange's).
    if (near > -NEAR && near < NEAR) this.#start = near | 0;
    else {
      this.#start = NEAR;
      farStart.set(this, startedMs);
    }
    this.durationMs = f.durationMs;
    this.request = f.request;
    if (f.invalidRequest !== undefined) this.invalidRequest = f.invalidRequest;
    if (f.lengthOmitted !== undefined) this.lengthOmitted = f.lengthOmitted;
    this.#headers = f.headers;
    this.#date = f.date;
    this.#remaining = f.remaining;
    this.body = f.body;
    this.bodyBytes = f.bodyBytes;
    if (f.bodyError !== undefined) this.bodyError = f.bodyError;
  }

  get status(): number {
    const status = this.#packed >> STATUS_SHIFT;
    return status === WIDE_STATUS ? wideStatus.get(this)! : status;
  }

  get bucket(): Bucket {
    return BUCKETS[this.#packed & 3]!;
  }

  get headers(): Record<string, string | string[]> {
    if (this.#date === undefined && this.#remaining === undefined) return this.#headers;
    // A judge reads one response's headers several times in a row (its Remaining, then its Date): the
    // record made last is handed out again.
    if (lastOf === this) return lastHeaders;
    const out = { ...this.#headers };
    if (this.#date !== undefined) out.date = this.#date;
    if (this.#remaining !== undefined) out['x-ratelimit-remaining'] = this.#remaining;
    lastOf = this;
    lastHeaders = out;
    return out;
  }

  /** One field of `headers` (a lower-case name), read without making the record. */
  field(name: string): string | string[] | undefined {
    if (name === 'date' && this.#date !== undefined) return this.#date;
    if (name === 'x-ratelimit-remaining' && this.#remaining !== undefined) return this.#remaining;
    return this.#headers[name];
  }

  get bodyTruncated(): boolean {
    return (this.#packed & 4) !== 0;
  }

  /** When the request went out (Unix ms), a whole millisecond. */
  get startedMs(): number {
    const near = this.#start;
    return near === NEAR ? farStart.get(this)! : EPOCH! + near;
  }

  get startedAt(): string {
    return new Date(this.startedMs).toISOString();
  }

  get response(): RecordedResponse {
    return this;
  }

  /** The exchange as JSON, as a KeptExchange with its response object writes it; `key` 'response': the response. */
  toJSON(key?: string): object {
    const response = {
      status: this.status,
      headers: this.headers,
      body: this.body,
      bodyBytes: this.bodyBytes,
      bodyTruncated: this.bodyTruncated,
      ...(this.bodyError !== undefined ? { bodyError: this.bodyError } : {}),
    };
    if (key === 'response') return response;
    return {
      seq: this.seq,
      ...(this.checkId !== undefined ? { checkId: this.checkId } : {}),
      ...(this.together !== undefined ? { together: this.together } : {}),
      bucket: this.bucket,
      startedAt: this.startedAt,
      durationMs: this.durationMs,
      request: this.request,
      response,
      ...(this.invalidRequest !== undefined ? { invalidRequest: this.invalidRequest } : {}),
      ...(this.lengthOmitted !== undefined ? { lengthOmitted: this.lengthOmitted } : {}),
    };
  }
}

keepsStartedMs(FoldedExchange.prototype);
