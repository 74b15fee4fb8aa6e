// The texts of a transcript entry's parts made as strings before they are kept as bytes (har-entry.ts):
// quoted strings, header lines, a request's and a response content's lines, each as JSON.stringify writes it
// at its depth. Keeps what recurs, bounded: at a bound it forgets all and starts over.
import type { Exchange, RecordedResponse } from '../http/transcript.ts';
import { contentTypeOf, queryString } from './har-fields.ts';
import { flat, jsonString, num, UNEXPECTED } from './har-json.ts';

/** A header name's line starts: the first line's (opening the list), a later one's (ending the one before). */
export interface LineStarts {
  first: string;
  next: string;
  firstBytes: Uint8Array;
  nextBytes: Uint8Array;
}

/** Most strings a writer keeps the JSON text of, the longest it keeps, and the most characters in all. */
export const QUOTED_MAX = 50_000;
export const QUOTED_LONGEST = 16 * 1024;
export const QUOTED_CHARS = 8_000_000;
/** Most header records a writer keeps the lines of (a recording's requests share a few records). */
const RECORDS_MAX = 1000;
const NAMES_MAX = 1000;

export class EntryTexts {
  readonly #quoted = new Map<string, string>();
  #quotedChars = 0;
  readonly #records = new Map<object, string>();
  readonly #names = new Map<string, LineStarts>();

  /** A string's JSON text; anything else is an entry of another shape. */
  str(v: unknown): string {
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
  lineStarts(name: string): LineStarts {
    let starts = this.#names.get(name);
    if (starts === undefined) {
      const start = `{\n       "name": ${jsonString(name)},\n       "value": `;
      const first = flat(`[\n      ${start}`);
      const next = flat(`\n      },\n      ${start}`);
      starts = { first, next, firstBytes: Buffer.from(first), nextBytes: Buffer.from(next) };
      if (this.#names.size >= NAMES_MAX) this.#names.clear();
      this.#names.set(name, starts);
    }
    return starts;
  }

  /** Header lines as headerList lists them, as an array at depth 5 (an entry's request or response). */
  headerLines(headers: Record<string, string | string[]>): string {
    let out = '';
    let first = true;
    for (const name of Object.keys(headers)) {
      const v: unknown = headers[name];
      const starts = this.lineStarts(name);
      if (typeof v === 'string') {
        out = out + (first ? starts.first : starts.next) + this.str(v);
        first = false;
      } else if (Array.isArray(v))
        for (const value of v) {
          out = out + (first ? starts.first : starts.next) + this.str(value);
          first = false;
        }
      else throw UNEXPECTED;
    }
    return first ? '[]' : `${out}\n      }\n     ]`;
  }

  /** #headerLines of a record requests share (a request's headers), kept by the record. */
  recordLines(headers: Record<string, string | string[]>): string {
    let lines = this.#records.get(headers);
    if (lines === undefined) {
      lines = flat(this.headerLines(headers));
      if (this.#records.size >= RECORDS_MAX) this.#records.clear();
      this.#records.set(headers, lines);
    }
    return lines;
  }

  queryLines(url: string): string {
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

  contentText(r: RecordedResponse, mimeType: string): string {
    const body = r.body;
    let out = `,\n     "content": {\n      "size": ${num(r.bodyBytes ?? 0)},\n      "mimeType": ${mimeType}`;
    if (body !== '' && body !== undefined) out += `,\n      "text": ${this.str(body)}`;
    out += '\n     },\n     "redirectURL": "",\n     "headersSize": -1';
    const bodyBytes = r.bodyBytes;
    if (bodyBytes !== undefined) out += `,\n     "bodySize": ${num(bodyBytes)}`;
    const truncated = r.bodyTruncated;
    if (typeof truncated === 'boolean') out += `,\n     "_bodyTruncated": ${truncated}`;
    else if (truncated !== undefined) throw UNEXPECTED;
    return out;
  }

  requestText(request: Exchange['request']): string {
    const { method, url, content } = request;
    const head = `{\n     "method": ${this.str(method)},\n     "url": ${this.str(url)},\n     "httpVersion": "HTTP/1.1",\n     "cookies": [],\n     "headers": ${this.recordLines(request.headers)},\n     "queryString": ${this.queryLines(url)},\n     "headersSize": -1,\n     "bodySize": `;
    if (content === undefined) return `${head}0\n    }`;
    if (typeof content !== 'string') throw UNEXPECTED;
    const mimeType = contentTypeOf(request.headers)?.value ?? '';
    return `${head}${Buffer.byteLength(content)},\n     "postData": {\n      "mimeType": ${this.str(mimeType)},\n      "text": ${this.str(content)}\n     }\n    }`;
  }
}
