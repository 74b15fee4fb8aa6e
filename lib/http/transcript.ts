// The record of every exchange of a run, already redacted (redact.ts). It feeds the evidence of each check
// and the whole-run checks; it holds no secret and no bigint, so it can cross to the report as is.

export type Bucket = 'primary' | 'secondary' | 'anonymous';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
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
}

export interface Exchange {
  seq: number;
  /** The check during which it was sent. */
  checkId?: string;
  bucket: Bucket;
  startedAt: string;
  durationMs: number;
  request: RecordedRequest;
  response?: RecordedResponse;
  error?: { code: string; message: string };
}

export class Transcript {
  private readonly exchanges: Exchange[] = [];

  add(exchange: Omit<Exchange, 'seq'>): Exchange {
    const recorded = { seq: this.exchanges.length + 1, ...exchange };
    this.exchanges.push(recorded);
    return recorded;
  }

  all(): readonly Exchange[] {
    return this.exchanges;
  }

  get size(): number {
    return this.exchanges.length;
  }
}
