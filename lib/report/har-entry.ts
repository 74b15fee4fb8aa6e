// One transcript entry as the text JSON.stringify gives its object (lib/report/har.ts entry) at indent 1 in
// log.entries, written by hand as UTF-8 bytes, mostly bytes kept for the parts exchanges share: building the
// object and stringifying it was most of writing a million-entry transcript. A field of a type the entry does
// not expect puts nothing: har.ts then stringifies that one.
import { FoldedExchange } from '../http/folded-exchange.ts';
import type { Exchange, RecordedResponse } from '../http/transcript.ts';
import { ByteOut } from './byte-out.ts';
import { EntryTexts, QUOTED_CHARS, QUOTED_LONGEST, QUOTED_MAX } from './har-entry-texts.ts';
import { commentOf, contentTypeOf } from './har-fields.ts';
import { jsonString, nested, num, UNEXPECTED, Unexpected } from './har-json.ts';

const bytes = (s: string) => Buffer.from(s, 'utf8');
const EMPTY_LIST = bytes('[]');
const LINES_END = bytes('\n      }\n     ]');
const RESPONSE_END = bytes('\n    }');
const TIME = bytes('Z",\n    "time": ');
const REQUEST = bytes(',\n    "request": ');
const RESPONSE = bytes(',\n    "response": ');
const TIMINGS = bytes(',\n    "cache": {},\n    "timings": {\n     "send": 0,\n     "wait": ');

/** Longest value written as it is, not kept (#strBytes). */
const SHORT = 64;
/** Most requests a writer keeps the bytes of (some 600 each). */
const REQUESTS_MAX = 10_000;
/** Most statuses, and response bodies, a writer keeps the lines of (#statusHead, #content). */
const STATUSES_MAX = 1000;
const CONTENTS_MAX = 10_000;
/** Most comments, and checks, a writer keeps the lines of (#commentLines, #plainTail). */
const COMMENTS_MAX = 10_000;
const TAILS_MAX = 10_000;

/**
 * Writes the entries of one transcript. It keeps, as bytes, the parts that recur (a request, a status, a body's
 * lines, a header value, a comment: a recording's exchanges share them), bounded: at a bound it forgets all and
 * starts over. Nothing it keeps is ever changed, only read.
 */
export class EntryWriter {
  readonly #texts = new EntryTexts();
  readonly #requests = new Map<object, Uint8Array>();
  /** #quoted's texts as bytes, for the values written straight into the bytes (header values). */
  readonly #quotedBytes = new Map<string, Uint8Array>();
  #quotedBytesLength = 0;
  readonly #statusHeads = new Map<number, Uint8Array>();
  readonly #contents = new Map<
    string,
    { bodyBytes: unknown; truncated: unknown; mimeType: string; bytes: Uint8Array }
  >();
  readonly #comments = new Map<string, Uint8Array>();
  readonly #tails = new Map<unknown, Map<unknown, Uint8Array>>();
  /**
   * The second the last FoldedExchange's startedAt fell in, and the entry's text up to that second's
   * milliseconds (its startedAt is `new Date(startedMs).toISOString()`: exchanges come in order, most in the
   * last one's second).
   */
  #second = Number.NaN;
  #secondBytes: Uint8Array = new Uint8Array();

  /** A string's JSON text as bytes (#str), for a value written straight into the bytes. */
  #strBytes(v: unknown, out: ByteOut): void {
    if (typeof v !== 'string') throw UNEXPECTED;
    // A short value (a Date, a Remaining: most differ from one response to the next) is written as it is.
    if (v.length <= SHORT) {
      out.json(v);
      return;
    }
    if (v.length > QUOTED_LONGEST) {
      out.text(jsonString(v));
      return;
    }
    let b = this.#quotedBytes.get(v);
    if (b === undefined) {
      b = Buffer.from(jsonString(v));
      if (this.#quotedBytes.size >= QUOTED_MAX || this.#quotedBytesLength + b.length > QUOTED_CHARS) {
        this.#quotedBytes.clear();
        this.#quotedBytesLength = 0;
      }
      this.#quotedBytes.set(v, b);
      this.#quotedBytesLength += b.length;
    }
    out.bytes(b);
  }

  /** The response's object at depth 4 (none: a transport error's entry, status 0). */
  #response(
    r: RecordedResponse | undefined,
    headers: Record<string, string | string[]> | undefined,
    out: ByteOut,
  ) {
    const contentType = headers ? contentTypeOf(headers) : undefined;
    const mimeType = this.#texts.str(contentType?.value ?? '');
    if (!r) {
      const lines = headers ? this.#texts.headerLines(headers) : '[]';
      out.text(
        `{\n     "status": 0,\n     "statusText": "",\n     "httpVersion": "",\n     "cookies": [],\n     "headers": ${lines},\n     "content": {\n      "size": 0,\n      "mimeType": ${mimeType}\n     },\n     "redirectURL": "",\n     "headersSize": -1,\n     "bodySize": -1\n    }`,
      );
      return;
    }
    out.bytes(this.#statusHead(r.status));
    if (headers) this.#headerBytes(headers, out);
    else out.bytes(EMPTY_LIST);
    out.bytes(this.#content(r, mimeType));
    const bodyError = r.bodyError;
    if (bodyError) out.text(`,\n     "_bodyError": ${nested('_bodyError', bodyError, '\n    ')}`);
    out.bytes(RESPONSE_END);
  }

  /** #headerLines, straight into the bytes (a response's headers: a record of its own, its Date its own). */
  #headerBytes(headers: Record<string, string | string[]>, out: ByteOut): void {
    let first = true;
    for (const name of Object.keys(headers)) {
      const v: unknown = headers[name];
      const starts = this.#texts.lineStarts(name);
      if (typeof v === 'string') {
        out.bytes(first ? starts.firstBytes : starts.nextBytes);
        this.#strBytes(v, out);
        first = false;
      } else if (Array.isArray(v))
        for (const value of v) {
          out.bytes(first ? starts.firstBytes : starts.nextBytes);
          this.#strBytes(value, out);
          first = false;
        }
      else throw UNEXPECTED;
    }
    out.bytes(first ? EMPTY_LIST : LINES_END);
  }

  /** A response's first lines, up to its header lines, kept by its status. */
  #statusHead(status: unknown): Uint8Array {
    if (typeof status !== 'number') throw UNEXPECTED;
    let head = this.#statusHeads.get(status);
    if (head === undefined) {
      head = Buffer.from(
        `{\n     "status": ${num(status)},\n     "statusText": "",\n     "httpVersion": "HTTP/1.1",\n     "cookies": [],\n     "headers": `,
      );
      if (this.#statusHeads.size >= STATUSES_MAX) this.#statusHeads.clear();
      this.#statusHeads.set(status, head);
    }
    return head;
  }

  /**
   * A response's lines from its content to its _bodyTruncated, kept by its body (a recording's responses share
   * their bodies) while the size, type, byte count and cut they were made with are the response's.
   */
  #content(r: RecordedResponse, mimeType: string): Uint8Array {
    const { body, bodyBytes, bodyTruncated } = r;
    if (typeof body !== 'string' || body.length > QUOTED_LONGEST)
      return Buffer.from(this.#texts.contentText(r, mimeType));
    const kept = this.#contents.get(body);
    if (
      kept !== undefined &&
      kept.bodyBytes === bodyBytes &&
      kept.truncated === bodyTruncated &&
      kept.mimeType === mimeType
    )
      return kept.bytes;
    const bytes = Buffer.from(this.#texts.contentText(r, mimeType));
    if (this.#contents.size >= CONTENTS_MAX) this.#contents.clear();
    this.#contents.set(body, { bodyBytes, truncated: bodyTruncated, mimeType, bytes });
    return bytes;
  }

  /** The request's object at depth 4, kept by the request (a recording's exchanges share their requests). */
  #request(request: Exchange['request']): Uint8Array {
    let bytes = this.#requests.get(request);
    if (bytes === undefined) {
      bytes = Buffer.from(this.#texts.requestText(request));
      if (this.#requests.size >= REQUESTS_MAX) this.#requests.clear();
      this.#requests.set(request, bytes);
    }
    return bytes;
  }

  /** The entry's first lines, up to its time's value. */
  #head(x: Exchange, out: ByteOut): void {
    if (!(x instanceof FoldedExchange)) {
      out.text(`{\n    "startedDateTime": ${this.#texts.str(x.startedAt)},\n    "time": `);
      return;
    }
    const ms = x.startedMs;
    const second = Math.floor(ms / 1000);
    if (second !== this.#second) {
      // `...:SS.000Z` less its `000Z` (a year past 9999 is written longer, its tail the same).
      const iso = new Date(second * 1000).toISOString();
      this.#secondBytes = Buffer.from(`{\n    "startedDateTime": "${iso.slice(0, -4)}`);
      this.#second = second;
    }
    out.bytes(this.#secondBytes);
    const milli = ms - second * 1000;
    out.ascii(milli < 10 ? `00${milli}` : milli < 100 ? `0${milli}` : `${milli}`);
    out.bytes(TIME);
  }

  /** The lines from the end of the timings to the _seq's value, kept by the comment. */
  #commentLines(comment: string): Uint8Array {
    let lines = this.#comments.get(comment);
    if (lines === undefined) {
      lines = Buffer.from(
        `,\n     "receive": 0\n    },\n    "comment": ${jsonString(comment)},\n    "_seq": `,
      );
      if (this.#comments.size >= COMMENTS_MAX) this.#comments.clear();
      this.#comments.set(comment, lines);
    }
    return lines;
  }

  /** The lines after the _seq of an entry with nothing more to say than its check and bucket, kept by those. */
  #plainTail(checkId: unknown, bucket: unknown): Uint8Array {
    let byBucket = this.#tails.get(checkId);
    if (byBucket === undefined) {
      if (this.#tails.size >= TAILS_MAX) this.#tails.clear();
      byBucket = new Map();
      this.#tails.set(checkId, byBucket);
    }
    let tail = byBucket.get(bucket);
    if (tail === undefined) {
      const check = checkId ? `,\n    "_checkId": ${this.#texts.str(checkId)}` : '';
      tail = Buffer.from(`${check},\n    "_bucket": ${this.#texts.str(bucket)}\n   }`);
      byBucket.set(bucket, tail);
    }
    return tail;
  }

  /**
   * Puts the entry's text (its first line unindented, as JSON.stringify puts it after `[` or `,`) into `out` as
   * UTF-8; false, with nothing put, for an entry of another shape.
   */
  write(x: Exchange, out: ByteOut): boolean {
    const start = out.used;
    try {
      const r = x.response;
      const headers = r?.headers;
      const comment = commentOf(x, r);
      const time = num(x.durationMs);
      this.#head(x, out);
      out.ascii(time);
      out.bytes(REQUEST);
      out.bytes(this.#request(x.request));
      out.bytes(RESPONSE);
      this.#response(r, headers, out);
      out.bytes(TIMINGS);
      out.ascii(time);
      out.bytes(this.#commentLines(comment));
      out.ascii(num(x.seq));
      const { checkId, together, bucket, error, invalidRequest, lengthOmitted, connection } = x;
      if (together === undefined && !error && !invalidRequest && !lengthOmitted && connection === undefined) {
        out.bytes(this.#plainTail(checkId, bucket));
        return true;
      }
      let tail = '';
      if (checkId) tail += `,\n    "_checkId": ${this.#texts.str(checkId)}`;
      if (together !== undefined) tail += `,\n    "_together": ${num(together)}`;
      tail += `,\n    "_bucket": ${this.#texts.str(bucket)}`;
      if (error) tail += `,\n    "_transportError": ${nested('_transportError', error, '\n   ')}`;
      if (invalidRequest) tail += `,\n    "_invalidRequest": ${this.#texts.str(invalidRequest)}`;
      if (lengthOmitted) tail += ',\n    "_lengthOmitted": true';
      if (connection !== undefined) tail += `,\n    "connection": ${jsonString(String(connection))}`;
      out.text(`${tail}\n   }`);
      return true;
    } catch (e) {
      if (!(e instanceof Unexpected)) throw e;
      out.used = start;
      return false;
    }
  }

  /** The entry's text as write puts it, or undefined. */
  text(x: Exchange): string | undefined {
    const out = new ByteOut(4096);
    return this.write(x, out) ? out.view().toString('utf8') : undefined;
  }
}
