// A recorded exchange that got a response, kept as one object: the response's fields beside the exchange's,
// its start as a number (the ISO text made when read), read through the same Exchange and RecordedResponse
// the judges know. A long recording's transcript holds a million of them: some 64 bytes each fewer.
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
  headers: Record<string, string | string[]>;
  body: string;
  bodyBytes: number;
  bodyTruncated: boolean;
  bodyError?: { code: string; message: string };
}

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
  declare bucket: Bucket;
  declare startedMs: number;
  declare durationMs: number;
  declare request: RecordedRequest;
  declare invalidRequest?: string;
  declare lengthOmitted?: true;
  declare status: number;
  declare headers: Record<string, string | string[]>;
  declare body: string;
  declare bodyBytes: number;
  declare bodyTruncated: boolean;
  declare bodyError?: { code: string; message: string };

  constructor(seq: number, f: FoldedFields) {
    if (!(Math.abs(f.startedMs) <= MAX_TIME)) throw new RangeError('Invalid time value');
    this.seq = seq;
    if (f.checkId !== undefined) this.checkId = f.checkId;
    if (f.together !== undefined) this.together = f.together;
    this.bucket = f.bucket;
    // As a Date holds it (a whole millisecond, ECMA-262 §21.4.1.31 TimeClip): what startedAt says, to the ms.
    this.startedMs = new Date(f.startedMs).getTime();
    this.durationMs = f.durationMs;
    this.request = f.request;
    if (f.invalidRequest !== undefined) this.invalidRequest = f.invalidRequest;
    if (f.lengthOmitted !== undefined) this.lengthOmitted = f.lengthOmitted;
    this.status = f.status;
    this.headers = f.headers;
    this.body = f.body;
    this.bodyBytes = f.bodyBytes;
    this.bodyTruncated = f.bodyTruncated;
    if (f.bodyError !== undefined) this.bodyError = f.bodyError;
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
