// One transcript entry as the text JSON.stringify gives its object (lib/report/har.ts entry) at indent 1 in
// log.entries, written by hand: building the object and stringifying it was most of writing a million-entry
// transcript. A field of a type the entry does not expect makes it undefined: har.ts then stringifies that one.
import { FoldedExchange } from '../http/folded-exchange.ts';
import type { Exchange, RecordedResponse } from '../http/transcript.ts';
import { commentOf, contentTypeOf, queryString } from './har-fields.ts';

/** What JSON.stringify escapes in a string: a quote, a backslash, a control character, a surrogate. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters JSON escapes are the point.
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `s` as JSON.stringify writes it (a string with nothing to escape, quoted as it is: the common case). */
export function jsonString(s: string): string {
  return ESCAPED.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/** Thrown by a field of an unexpected type: the entry is then stringified from its object. */
class Unexpected extends Error {}
const UNEXPECTED = new Unexpected();

const num = (v: unknown): string => {
  // JSON.stringify writes a finite number as String does (-0 as 0), any other as null: left to it.
  if (typeof v !== 'number' || !Number.isFinite(v)) throw UNEXPECTED;
  return String(v);
};

/**
 * `v` as JSON.stringify writes it as the property `key` of an object at `indent` (a line break and the spaces
 * of the object's own lines): stringified inside an object of its own, so a toJSON hears its key as it would.
 */
function nested(key: string, v: unknown, indent: string): string {
  const text = JSON.stringify({ [key]: v }, null, 1);
  const head = `{\n ${JSON.stringify(key)}: `;
  if (!text.startsWith(head)) throw UNEXPECTED; // left out (undefined, a function): not this entry's shape
  return text.slice(head.length, text.length - 2).replaceAll('\n', indent);
}

/** Most strings a writer keeps the JSON text of, the longest it keeps, and the most characters in all. */
const QUOTED_MAX = 50_000;
const QUOTED_LONGEST = 16 * 1024;
const QUOTED_CHARS = 8_000_000;
/** Most header records a writer keeps the lines of (a recording's requests share a few records). */
const RECORDS_MAX = 1000;
/** Most requests a writer keeps the text of (some 600 characters each), and header names. */
const REQUESTS_MAX = 10_000;
const NAMES_MAX = 1000;

/**
 * `s`, flattened: V8 copies a string made by concatenation into one piece when a character of it is read.
 * Kept and written again and again, a string of many pieces was walked piece by piece each time.
 */
function flat(s: string): string {
  s.charCodeAt(0);
  return s;
}

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
  /** The second the last FoldedExchange's startedAt fell in, and that second's text up to its milliseconds. */
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

  /**
   * When the exchange went out, as its startedAt: a FoldedExchange's is `new Date(startedMs).toISOString()`,
   * made here from the text of its second (exchanges come in order: most share the last one's).
   */
  #startedAt(x: Exchange): string {
    if (!(x instanceof FoldedExchange)) return this.#str(x.startedAt);
    const ms = x.startedMs;
    const second = Math.floor(ms / 1000);
    if (second !== this.#second) {
      // `...:SS.000Z` less its `000Z` (a year past 9999 is written longer, its tail the same).
      this.#secondText = new Date(second * 1000).toISOString().slice(0, -4);
      this.#second = second;
    }
    const milli = ms - second * 1000;
    return `"${this.#secondText}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z"`;
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
    let content = `{\n      "size": ${num(r?.bodyBytes ?? 0)},\n      "mimeType": ${this.#str(contentType?.value ?? '')}`;
    if (r) {
      const body = r.body;
      if (body !== '' && body !== undefined) content += `,\n      "text": ${this.#str(body)}`;
    }
    let out = `{\n     "status": ${num(r?.status ?? 0)},\n     "statusText": "",\n     "httpVersion": ${r ? '"HTTP/1.1"' : '""'},\n     "cookies": [],\n     "headers": ${headers ? this.#headerLines(headers) : '[]'},\n     "content": ${content}\n     },\n     "redirectURL": "",\n     "headersSize": -1`;
    if (!r) return `${out},\n     "bodySize": -1\n    }`;
    const bodyBytes = r.bodyBytes;
    if (bodyBytes !== undefined) out += `,\n     "bodySize": ${num(bodyBytes)}`;
    const truncated = r.bodyTruncated;
    if (typeof truncated === 'boolean') out += `,\n     "_bodyTruncated": ${truncated}`;
    else if (truncated !== undefined) throw UNEXPECTED;
    const bodyError = r.bodyError;
    if (bodyError) out += `,\n     "_bodyError": ${nested('_bodyError', bodyError, '\n    ')}`;
    return `${out}\n    }`;
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

  /** The entry's text (its first line unindented, as JSON.stringify puts it after `[` or `,`), or undefined. */
  text(x: Exchange): string | undefined {
    try {
      const r = x.response;
      const headers = r?.headers;
      const comment = commentOf(x, r);
      const time = num(x.durationMs);
      let out = `{\n    "startedDateTime": ${this.#startedAt(x)},\n    "time": ${time},\n    "request": ${this.#request(x.request)},\n    "response": ${this.#response(r, headers)},\n    "cache": {},\n    "timings": {\n     "send": 0,\n     "wait": ${time},\n     "receive": 0\n    },\n    "comment": ${this.#str(comment)},\n    "_seq": ${num(x.seq)}`;
      const checkId = x.checkId;
      if (checkId) out += `,\n    "_checkId": ${this.#str(checkId)}`;
      const together = x.together;
      if (together !== undefined) out += `,\n    "_together": ${num(together)}`;
      out += `,\n    "_bucket": ${this.#str(x.bucket)}`;
      if (x.error) out += `,\n    "_transportError": ${nested('_transportError', x.error, '\n   ')}`;
      const invalid = x.invalidRequest;
      if (invalid) out += `,\n    "_invalidRequest": ${this.#str(invalid)}`;
      if (x.lengthOmitted) out += ',\n    "_lengthOmitted": true';
      if (x.connection !== undefined) out += `,\n    "connection": ${jsonString(String(x.connection))}`;
      return `${out}\n   }`;
    } catch (e) {
      if (e instanceof Unexpected) return undefined;
      throw e;
    }
  }
}
