// Finds the entries of a HAR 1.2 file (`log.entries`) in its bytes as they are read, chunk by chunk, so a
// recording of any length is read in bounded memory: each entry's bytes are handed on whole (to be parsed on
// their own), an entry nested past MAX_JSON_DEPTH or larger than the entry cap is skipped unread and named.
// Pure: reads the bytes it is given, never a file; decides nothing about what an entry means.
import { MAX_JSON_DEPTH } from './json-parse.ts';

/** One entry's place in the file: bytes [start, end), or why it is left unread (its bytes then not kept). */
export interface EntrySpan {
  index: number;
  start: number;
  end: number;
  /** Why it is not read: it nests too deep, or it is larger than the entry cap. */
  skipped?: 'deep' | 'large';
}

const [QUOTE, BACKSLASH, COMMA, COLON, OPEN_OBJ, CLOSE_OBJ, OPEN_ARR, CLOSE_ARR] = [
  0x22, 0x5c, 0x2c, 0x3a, 0x7b, 0x7d, 0x5b, 0x5d,
];
const BOM = [0xef, 0xbb, 0xbf];
/** How far into a string its end is looked for byte by byte before it is searched for. */
const SHORT_STRING = 64;
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/**
 * A push scanner over a HAR file's bytes. Outside the entries it reads only the structure (where `log` and
 * its `entries` are); inside, it counts nesting and finds where each entry ends. What it cannot place is a
 * syntax error (`problem`), reported as the file being no JSON.
 */
export class HarScanner {
  /** Whether `log.entries` was found as an array. */
  found = false;
  /** Why the bytes are no JSON, once that is known (the first problem only). */
  problem: string | undefined;
  #pos = 0;
  #depth = 0;
  #inString = false;
  #escape = false;
  /** Bytes of the key string being read (depth 1 or 2 only), and the last key seen at depths 1 and 2. */
  #key: number[] | undefined;
  #keys: [string, string, string] = ['', '', ''];
  /** Per depth up to 3: whether the container there is an object, and whether a key is expected next. */
  #isObject: boolean[] = [];
  #expectKey: boolean[] = [];
  #entriesDepth = 0;
  #entryStart = -1;
  #entryIndex = 0;
  /** Why the open entry is no longer kept: it nests too deep, or it grew past the entry cap. */
  #entrySkip: EntrySpan['skipped'];
  #scalar = false;
  #ended = false;
  #bom = true;

  constructor(
    private readonly onEntry: (span: EntrySpan) => void,
    /** The most bytes of one entry that are read; a larger one is skipped unread. */
    private readonly maxEntryBytes: number,
  ) {}

  /** Scans `chunk`, the file's bytes from where the previous chunk ended. */
  push(chunk: Uint8Array): void {
    const base = this.#pos;
    // Where the next backslash of the chunk is at or after the string being skipped (-1: none left).
    let backslash = -2;
    for (let i = 0; i < chunk.length && this.problem === undefined; i++) {
      // Inside a string no key is read from, the bytes up to its closing quote are skipped at once.
      if (this.#inString && !this.#escape && this.#key === undefined) {
        // A short string (most are) is walked byte by byte, cheaper than two searches; a long one is searched.
        const stop = Math.min(chunk.length, i + SHORT_STRING);
        let j = i;
        let c = 0;
        while (j < stop) {
          c = chunk[j]!;
          if (c === QUOTE || c === BACKSLASH) break;
          j++;
        }
        if (j < stop && c === BACKSLASH) {
          if (j + 1 >= chunk.length) {
            this.#escape = true;
            break;
          }
          i = j + 1;
          continue;
        }
        if (j === chunk.length) break;
        i = j;
      }
      if (this.#inString && !this.#escape && this.#key === undefined && chunk[i] !== QUOTE) {
        if (backslash !== -1 && backslash < i) backslash = chunk.indexOf(BACKSLASH, i);
        const quote = chunk.indexOf(QUOTE, i);
        const end = quote === -1 ? chunk.length : quote;
        if (backslash !== -1 && backslash < end) {
          // An escaped byte: skipped with its backslash (the chunk may end between the two).
          if (backslash + 1 >= chunk.length) {
            this.#escape = true;
            break;
          }
          i = backslash + 1;
          continue;
        }
        if (quote === -1) break;
        i = quote;
      }
      // Inside an entry's object or array only its nesting and strings matter (no key is read there, no
      // close is matched to its open: JSON.parse of the entry does that): walked here to the entry's end or
      // the chunk's, in locals, most bytes never reaching #token.
      if (!this.#inString && this.#entriesDepth > 0 && this.#depth > this.#entriesDepth) {
        i = this.#walkEntry(chunk, i, base);
        continue;
      }
      const b = chunk[i]!;
      // A UTF-8 byte order mark before the document is no part of it (chunks may split it).
      if (this.#bom && base + i < 3) {
        if (b === BOM[base + i]) continue;
        this.#bom = false;
      }
      if (this.#inString) {
        if (this.#escape) this.#escape = false;
        else if (b === BACKSLASH) this.#escape = true;
        else if (b === QUOTE) {
          this.#inString = false;
          if (this.#key) {
            this.#keys[this.#depth - 1] = Buffer.from(this.#key).toString('utf8');
            this.#key = undefined;
          }
        } else if (this.#key && this.#key.length < 64) this.#key.push(b);
        continue;
      }
      if (isSpace(b)) continue;
      this.#token(b, base + i);
    }
    this.#pos = base + chunk.length;
    if (this.#entryStart >= 0 && this.#pos - this.#entryStart > this.maxEntryBytes)
      this.#entrySkip ??= 'large';
  }

  /**
   * Walks an entry's bytes from `from` (outside any string) to the close that ends it or the chunk's end; the
   * index of the last byte walked. A string the chunk ends in is left open (#inString, #escape) for push.
   */
  #walkEntry(chunk: Uint8Array, from: number, base: number): number {
    const top = this.#entriesDepth;
    const n = chunk.length;
    let d = this.#depth;
    let j = from;
    for (; j < n; j++) {
      const c = chunk[j]!;
      if (c === QUOTE) {
        // To the string's closing quote, each escaped byte skipped with its backslash.
        let k = j + 1;
        while (k < n) {
          const x = chunk[k]!;
          if (x === QUOTE) break;
          k += x === BACKSLASH ? 2 : 1;
        }
        if (k >= n) {
          this.#depth = d;
          this.#inString = true;
          // The chunk ended right after a backslash: the byte it escapes opens the next.
          this.#escape = k > n;
          return n - 1;
        }
        j = k;
      } else if (c === OPEN_OBJ || c === OPEN_ARR) {
        d++;
        if (d - top > MAX_JSON_DEPTH) this.#entrySkip ??= 'deep';
      } else if (c === CLOSE_OBJ || c === CLOSE_ARR) {
        d--;
        if (d === top) {
          this.#depth = d;
          if (!this.#scalar) this.#endEntry(base + j + 1);
          return j;
        }
      }
    }
    this.#depth = d;
    return n - 1;
  }

  #token(b: number, at: number): void {
    const d = this.#depth;
    if (this.#ended) {
      this.problem = `unexpected text after the end of the document at byte ${at}`;
      return;
    }
    // A value starting at the top of the entries array is an entry.
    if (
      d === this.#entriesDepth &&
      this.#entriesDepth > 0 &&
      this.#entryStart < 0 &&
      b !== COMMA &&
      b !== CLOSE_ARR
    ) {
      this.#entryStart = at;
      this.#entrySkip = undefined;
      this.#scalar = b !== OPEN_OBJ && b !== OPEN_ARR;
      if (this.#scalar && b === QUOTE) this.#inString = true;
      if (this.#scalar) return;
    }
    if (this.#scalar && d === this.#entriesDepth && (b === COMMA || b === CLOSE_ARR)) this.#endEntry(at);
    if (d <= 3 && d >= 1 && this.#isObject[d - 1]) {
      if (b === COLON) this.#expectKey[d - 1] = false;
      else if (b === COMMA) this.#expectKey[d - 1] = true;
    }
    if (d === 0 && b !== OPEN_OBJ && b !== OPEN_ARR) {
      this.problem = `unexpected '${String.fromCharCode(b)}' at byte ${at}`;
      return;
    }
    switch (b) {
      case QUOTE:
        this.#inString = true;
        if (d >= 1 && d <= 2 && this.#isObject[d - 1] && this.#expectKey[d - 1]) this.#key = [];
        return;
      case OPEN_OBJ:
      case OPEN_ARR: {
        if (d < 3) {
          this.#isObject[d] = b === OPEN_OBJ;
          this.#expectKey[d] = b === OPEN_OBJ;
        }
        if (
          d === 2 &&
          b === OPEN_ARR &&
          !this.found &&
          this.#isObject[0] &&
          this.#isObject[1] &&
          this.#keys[0] === 'log' &&
          this.#keys[1] === 'entries'
        ) {
          this.found = true;
          this.#entriesDepth = 3;
        }
        this.#depth = d + 1;
        if (this.#entryStart >= 0 && this.#depth - this.#entriesDepth > MAX_JSON_DEPTH)
          this.#entrySkip ??= 'deep';
        return;
      }
      case CLOSE_OBJ:
      case CLOSE_ARR: {
        if (d === 0) {
          this.problem = `unexpected '${String.fromCharCode(b)}' at byte ${at}`;
          return;
        }
        if (d <= 3 && (this.#isObject[d - 1] ?? false) !== (b === CLOSE_OBJ)) {
          this.problem = `unexpected '${String.fromCharCode(b)}' at byte ${at}`;
          return;
        }
        this.#depth = d - 1;
        if (this.#depth === this.#entriesDepth && this.#entryStart >= 0 && !this.#scalar)
          this.#endEntry(at + 1);
        if (d === this.#entriesDepth) this.#entriesDepth = -1;
        if (this.#depth === 0) this.#ended = true;
        return;
      }
    }
  }

  #endEntry(end: number): void {
    if (end - this.#entryStart > this.maxEntryBytes) this.#entrySkip ??= 'large';
    const skipped = this.#entrySkip;
    this.onEntry({
      index: this.#entryIndex++,
      start: this.#entryStart,
      end,
      ...(skipped ? { skipped } : {}),
    });
    this.#entryStart = -1;
    this.#scalar = false;
  }

  /** Whether an entry is open whose bytes are still wanted (neither deep nor too large): from where. */
  get openEntry(): number | undefined {
    return this.#entryStart >= 0 && this.#entrySkip === undefined ? this.#entryStart : undefined;
  }

  /** The end of the bytes: why they are no HAR file, if they are not one. */
  finish(): string | undefined {
    if (this.problem) return this.problem;
    if (this.#depth > 0 || this.#inString || !this.#ended) return 'unexpected end of the file';
    return undefined;
  }
}
