// One transcript entry as the text JSON.stringify gives its object (lib/report/har.ts entry) at indent 1 in
// log.entries, written by hand: building the object and stringifying it was most of writing a million-entry
// transcript. A field of a type the entry does not expect makes it undefined: har.ts then stringifies that one.
import { FoldedExchange } from '../http/folded-exchange.ts';
import type { Exchange, RecordedResponse } from '../http/transcript.ts';
import { commentOf, contentTypeOf, queryString } from './har-fields.ts';
import { flat, jsonString, nested, num, UNEXPECTED, Unexpected } from './har-json.ts';

/** Most strings a writer keeps the JSON text of, the longest it keeps, and the most characters in all. */
const QUOTED_MAX = 50_000;
const QUOTED_LONGEST = 16 * 1024;
const QUOTED_CHARS = 8_000_000;
/** Most header records a writer keeps the lines of (a recording's requests share a few records). */
const RECORDS_MAX = 1000;
/** Most requests a writer keeps the text of (some 600 characters each), and header names. */
const REQUESTS_MAX = 10_000;
const NAMES_MAX = 1000;
/** Most statuses, and response bodies, a writer keeps the lines of (#statusHead, #content). */
const STATUSES_MAX = 1000;
const CONTENTS_MAX = 10_000;
/** Most comments, and checks, a writer keeps the lines of (#commentLines, #plainTail). */
const COMMENTS_MAX = 10_000;
const TAILS_MAX = 10_000;

/**
 * Writes the entries of one transcript. It keeps the JSON text of the strings that recur (a header's name and
 * value, a list body: a recording's exchanges share them) and the lines of the records requests share,
 * bounded: at a bound it forgets all and starts over. Nothing it keeps is ever changed, only read.
 */
export class EntryWriter {
  readonly #quoted = new Map<string, string>();
  #quotedChars = 0;
  readonly #records = new Map<object, string>();
  readonly #requests = new Map<object, string>();
  /** Each header name's line starts (#lineStarts). */
  readonly #names = new Map<string, readonly [string, string]>();
  readonly #statusHeads = new Map<number, string>();
  readonly #contents = new Map<
    string,
    { bodyBytes: unknown; truncated: unknown; mimeType: string; text: string }
  >();
  readonly #comments = new Map<string, string>();
  readonly #tails = new Map<unknown, Map<unknown, string>>();
  /**
   * The second the last FoldedExchange's startedAt fell in, and the entry's text up to that second's
   * milliseconds (its startedAt is `new Date(startedMs).toISOString()`: exchanges come in order, most in the
   * last one's second).
   */
  #second = Number.NaN;
  #secondText = '';

  /** A string's JSON text; anything else is an entry of another shape. */
  #str(v: unknown): string {
    if (typeof v !== 'string') throw UNEXPECTED;
    if (v.length > QUOTED_LONGEST) return jsonString(v);
    let q = this.#quoted.get(v);
    if (q === undefined) {
      q = flat(jsonString(v));
      if (this.#quoted.size >= QUOTED_MAX || this.#quotedChars + 2 * v.length > QUOTED_CHARS) {
        this.#quoted.clear();
        this.#quotedChars = 0;
      }
      this.#quoted.set(v, q);
      this.#quotedChars += v.length + q.length;
    }
    return q;
  }

  /** What comes before a header line's value: the line's start, its name, and the end of the line before. */
  #lineStarts(name: string): readonly [string, string] {
    let starts = this.#names.get(name);
    if (starts === undefined) {
      const start = `{\n       "name": ${jsonString(name)},\n       "value": `;
      starts = [flat(`[\n      ${start}`), flat(`\n      },\n      ${start}`)];
      if (this.#names.size >= NAMES_MAX) this.#names.clear();
      this.#names.set(name, starts);
    }
    return starts;
  }

  /** Header lines as headerList lists them, as an array at depth 5 (an entry's request or response). */
  #headerLines(headers: Record<string, string | string[]>): string {
    let out = '';
    let first = true;
    for (const name of Object.keys(headers)) {
      const v: unknown = headers[name];
      const starts = this.#lineStarts(name);
      if (typeof v === 'string') {
        out = out + starts[first ? 0 : 1] + this.#str(v);
        first = false;
      } else if (Array.isArray(v))
        for (const value of v) {
          out = out + starts[first ? 0 : 1] + this.#str(value);
          first = false;
        }
      else throw UNEXPECTED;
    }
    return first ? '[]' : `${out}\n      }\n     ]`;
  }

  /** #headerLines of a record requests share (a request's headers), kept by the record. */
  #recordLines(headers: Record<string, string | string[]>): string {
    let lines = this.#records.get(headers);
    if (lines === undefined) {
      lines = flat(this.#headerLines(headers));
      if (this.#records.size >= RECORDS_MAX) this.#records.clear();
      this.#records.set(headers, lines);
    }
    return lines;
  }

  #queryLines(url: string): string {
    const query = queryString(url);
    if (query.length === 0) return '[]';
    let out = '';
    let sep = '[\n      {\n       "name": ';
    for (const { name, value } of query) {
      out += `${sep}${jsonString(name)},\n       "value": ${jsonString(value)}\n      }`;
      sep = ',\n      {\n       "name": ';
    }
    return `${out}\n     ]`;
  }

  /** The response's object at depth 4 (none: a transport error's entry, status 0). */
  #response(r: RecordedResponse | undefined, headers: Record<string, string | string[]> | undefined): string {
    const contentType = headers ? contentTypeOf(headers) : undefined;
    const mimeType = this.#str(contentType?.value ?? '');
    const lines = headers ? this.#headerLines(headers) : '[]';
    if (!r)
      return `{\n     "status": 0,\n     "statusText": "",\n     "httpVersion": "",\n     "cookies": [],\n     "headers": ${lines},\n     "content": {\n      "size": 0,\n      "mimeType": ${mimeType}\n     },\n     "redirectURL": "",\n     "headersSize": -1,\n     "bodySize": -1\n    }`;
    let out = this.#statusHead(r.status) + lines + this.#content(r, mimeType);
    const bodyError = r.bodyError;
    if (bodyError) out += `,\n     "_bodyError": ${nested('_bodyError', bodyError, '\n    ')}`;
    return `${out}\n    }`;
  }

  /** A response's first lines, up to its header lines, kept by its status. */
  #statusHead(status: unknown): string {
    if (typeof status !== 'number') throw UNEXPECTED;
    let head = this.#statusHeads.get(status);
    if (head === undefined) {
      head = flat(
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
  #content(r: RecordedResponse, mimeType: string): string {
    const { body, bodyBytes, bodyTruncated } = r;
    if (typeof body !== 'string' || body.length > QUOTED_LONGEST) return this.#contentText(r, mimeType);
    const kept = this.#contents.get(body);
    if (
      kept !== undefined &&
      kept.bodyBytes === bodyBytes &&
      kept.truncated === bodyTruncated &&
      kept.mimeType === mimeType
    )
      return kept.text;
    const text = flat(this.#contentText(r, mimeType));
    if (this.#contents.size >= CONTENTS_MAX) this.#contents.clear();
    this.#contents.set(body, { bodyBytes, truncated: bodyTruncated, mimeType, text });
    return text;
  }

  #contentText(r: RecordedResponse, mimeType: string): string {
    const body = r.body;
    let out = `,\n     "content": {\n      "size": ${num(r.bodyBytes ?? 0)},\n      "mimeType": ${mimeType}`;
    if (body !== '' && body !== undefined) out += `,\n      "text": ${this.#str(body)}`;
    out += '\n     },\n     "redirectURL": "",\n     "headersSize": -1';
    const bodyBytes = r.bodyBytes;
    if (bodyBytes !== undefined) out += `,\n     "bodySize": ${num(bodyBytes)}`;
    const truncated = r.bodyTruncated;
    if (typeof truncated === 'boolean') out += `,\n     "_bodyTruncated": ${truncated}`;
    else if (truncated !== undefined) throw UNEXPECTED;
    return out;
  }

  /** The request's object at depth 4, kept by the request (a recording's exchanges share their requests). */
  #request(request: Exchange['request']): string {
    let text = this.#requests.get(request);
    if (text === undefined) {
      text = flat(this.#requestText(request));
      if (this.#requests.size >= REQUESTS_MAX) this.#requests.clear();
      this.#requests.set(request, text);
    }
    return text;
  }

  #requestText(request: Exchange['request']): string {
    const { method, url, content } = request;
    const head = `{\n     "method": ${this.#str(method)},\n     "url": ${this.#str(url)},\n     "httpVersion": "HTTP/1.1",\n     "cookies": [],\n     "headers": ${this.#recordLines(request.headers)},\n     "queryString": ${this.#queryLines(url)},\n     "headersSize": -1,\n     "bodySize": `;
    if (content === undefined) return `${head}0\n    }`;
    if (typeof content !== 'string') throw UNEXPECTED;
    const mimeType = contentTypeOf(request.headers)?.value ?? '';
    return `${head}${Buffer.byteLength(content)},\n     "postData": {\n      "mimeType": ${this.#str(mimeType)},\n      "text": ${this.#str(content)}\n     }\n    }`;
  }

  /** The entry's first lines, up to its time's value. */
  #head(x: Exchange): string {
    if (!(x instanceof FoldedExchange))
      return `{\n    "startedDateTime": ${this.#str(x.startedAt)},\n    "time": `;
    const ms = x.startedMs;
    const second = Math.floor(ms / 1000);
    if (second !== this.#second) {
      // `...:SS.000Z` less its `000Z` (a year past 9999 is written longer, its tail the same).
      const iso = new Date(second * 1000).toISOString();
      this.#secondText = flat(`{\n    "startedDateTime": "${iso.slice(0, -4)}`);
      this.#second = second;
    }
    const milli = ms - second * 1000;
    return `${this.#secondText}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z",\n    "time": `;
  }

  /** The lines from the end of the timings to the _seq's value, kept by the comment. */
  #commentLines(comment: string): string {
    let lines = this.#comments.get(comment);
    if (lines === undefined) {
      lines = flat(`,\n     "receive": 0\n    },\n    "comment": ${jsonString(comment)},\n    "_seq": `);
      if (this.#comments.size >= COMMENTS_MAX) this.#comments.clear();
      this.#comments.set(comment, lines);
    }
    return lines;
  }

  /** The lines after the _seq of an entry with nothing more to say than its check and bucket, kept by those. */
  #plainTail(checkId: unknown, bucket: unknown): string {
    let byBucket = this.#tails.get(checkId);
    if (byBucket === undefined) {
      if (this.#tails.size >= TAILS_MAX) this.#tails.clear();
      byBucket = new Map();
      this.#tails.set(checkId, byBucket);
    }
    let tail = byBucket.get(bucket);
    if (tail === undefined) {
      const check = checkId ? `,\n    "_checkId": ${this.#str(checkId)}` : '';
      tail = flat(`${check},\n    "_bucket": ${this.#str(bucket)}\n   }`);
      byBucket.set(bucket, tail);
    }
    return tail;
  }

  /** The entry's text (its first line unindented, as JSON.stringify puts it after `[` or `,`), or undefined. */
  text(x: Exchange): string | undefined {
    try {
      const r = x.response;
      const headers = r?.headers;
      const comment = commentOf(x, r);
      const time = num(x.durationMs);
      const out = `${this.#head(x)}${time},\n    "request": ${this.#request(x.request)},\n    "response": ${this.#response(r, headers)},\n    "cache": {},\n    "timings": {\n     "send": 0,\n     "wait": ${time}${this.#commentLines(comment)}${num(x.seq)}`;
      const { checkId, together, bucket, error, invalidRequest, lengthOmitted, connection } = x;
      if (together === undefined && !error && !invalidRequest && !lengthOmitted && connection === undefined)
        return out + this.#plainTail(checkId, bucket);
      let tail = '';
      if (checkId) tail += `,\n    "_checkId": ${this.#str(checkId)}`;
      if (together !== undefined) tail += `,\n    "_together": ${num(together)}`;
      tail += `,\n    "_bucket": ${this.#str(bucket)}`;
      if (error) tail += `,\n    "_transportError": ${nested('_transportError', error, '\n   ')}`;
      if (invalidRequest) tail += `,\n    "_invalidRequest": ${this.#str(invalidRequest)}`;
      if (lengthOmitted) tail += ',\n    "_lengthOmitted": true';
      if (connection !== undefined) tail += `,\n    "connection": ${jsonString(String(connection))}`;
      return `${out}${tail}\n   }`;
    } catch (e) {
      if (e instanceof Unexpected) return undefined;
      throw e;
    }
  }
}
