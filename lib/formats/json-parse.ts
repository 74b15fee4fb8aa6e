// A lossless JSON parser (RFC 8259) over the bytes of a body: integers beyond 2^53 become bigint, so
// 9007199254740993 is never read as ...992. Written by hand for speed on large order lists; its error
// messages and duplicate-key rule are lossless-json's (the library it replaces), positions in bytes.
// It must stay synchronous and non-reentrant: the parse state lives in this module while a parse runs.

/** Called for each object member whose number was written with a fraction or an exponent. */
export type FractionHook = (text: string, holder: object, key: string) => void;

/** Buffer's own slice decoders (undocumented, untyped), without toString's argument checks: the hot path. */
interface Slicing extends Buffer {
  latin1Slice(start: number, end: number): string;
  utf8Slice(start: number, end: number): string;
}

const EMPTY = Buffer.alloc(0) as Slicing;
let src: Slicing = EMPTY;
let pos = 0;
let end = 0;
let onFraction: FractionHook | undefined;
/** Recently seen object keys by a small hash of their bytes: most bodies repeat a few keys many times. */
const keyBytes: Array<Buffer | undefined> = new Array(256);
const keyText: string[] = new Array(256);

/** Parses one JSON text; throws SyntaxError. */
export function parseBytes(input: Uint8Array, hook?: FractionHook): unknown {
  return run(input, hook, () => parseValue(true));
}

/**
 * Reads a JSON array item by item: `visit` gets each item as it is built, and nothing keeps it after, so a
 * list of a million orders is never held whole. Anything but an array is parsed whole and returned.
 */
export function readItems(
  input: Uint8Array,
  visit: Visit,
  hook?: FractionHook,
): { array: true; count: number } | { array: false; value: unknown } {
  let count = 0;
  const counted: Visit = (item, index) => {
    count = index + 1;
    visit(item, index);
  };
  const value = run(input, hook, () => {
    skipWhitespace();
    if (src[pos] !== 0x5b) return parseValue(true);
    parseArray(false, counted);
    skipWhitespace();
    return READ;
  });
  return value === undefined ? { array: true, count } : { array: false, value };
}

/**
 * Reads one member of each item of a JSON array without building the items: the member's value per item,
 * undefined where an item is not an object or lacks it. Undefined when the text is JSON but no array.
 * The whole text is still checked as JSON; duplicate keys are not looked for in the items it skips.
 */
export function readMember(input: Uint8Array, key: string): unknown[] | undefined {
  const values: unknown[] = [];
  return run(input, undefined, () => {
    skipWhitespace();
    if (src[pos] !== 0x5b) return parseValue(false) === undefined ? undefined : READ;
    parseArray(false, (value) => values.push(value), key);
    skipWhitespace();
    return values;
  }) as unknown[] | undefined;
}

/** What a reader returns when it has nothing to hand back: run() turns it into undefined. */
const READ = Symbol('read');
const EMPTY_OBJECT: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

function run(input: Uint8Array, hook: FractionHook | undefined, read: () => unknown): unknown {
  src = (
    Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength)
  ) as Slicing;
  pos = 0;
  end = src.length;
  onFraction = hook;
  try {
    const value = read();
    if (value === undefined) fail('JSON value expected', true);
    if (pos < end) fail('Expected end of input', true);
    return value === READ ? undefined : value;
  } finally {
    src = EMPTY;
    onFraction = undefined;
    member = undefined;
  }
}

function fail(message: string, got: boolean): never {
  const what = !got ? '' : pos < end ? ` but got '${charAt(pos)}'` : ' but reached end of input';
  throw new SyntaxError(`${message}${what} at position ${pos}`);
}

/** The character starting at byte `at`, decoded (a multi-byte UTF-8 sequence whole). */
function charAt(at: number): string {
  const b = src[at]!;
  const len = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
  return src.toString('utf8', at, Math.min(end, at + len));
}

function skipWhitespace(): void {
  let c = src[pos];
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = src[++pos];
}

/** What a value read only to be skipped returns: anything but undefined (which means "no value here"). */
const SKIPPED = 0;
/** In readMember: the value of the wanted member in the object just read (undefined when absent). */
let member: unknown;

/**
 * The value at pos (whitespace around it skipped), or undefined when no value starts there. With `keep`
 * false the value is checked but not built (SKIPPED is returned).
 */
function parseValue(keep: boolean): unknown {
  skipWhitespace();
  const c = src[pos];
  let value: unknown;
  if (c === 0x22) value = parseString(keep);
  else if (c === 0x7b) value = parseObject(keep, undefined);
  else if (c === 0x5b) value = parseArray(keep);
  else if (c === 0x2d || (c !== undefined && c >= 0x30 && c <= 0x39)) value = parseNumber(undefined, '');
  else if (c === 0x74 && keyword(0x72, 0x75, 0x65)) value = true;
  else if (c === 0x66 && src[pos + 4] === 0x65 && keyword(0x61, 0x6c, 0x73)) {
    pos++;
    value = false;
  } else if (c === 0x6e && keyword(0x75, 0x6c, 0x6c)) value = null;
  else return undefined;
  skipWhitespace();
  return value;
}

/** The three bytes after the one at pos; on a match, consumes four bytes. */
function keyword(a: number, b: number, c: number): boolean {
  if (src[pos + 1] !== a || src[pos + 2] !== b || src[pos + 3] !== c) return false;
  pos += 4;
  return true;
}

/** Called with each item of an array read item by item, in order. */
export type Visit = (item: unknown, index: number) => void;

/**
 * An array. With `visit`, each item goes to it as it is read and none is kept; with `want` as well, each
 * object item is skipped but for that member, whose value (undefined when absent) is what `visit` gets.
 */
function parseArray(keep: boolean, visit?: Visit, want?: string): unknown[] | typeof SKIPPED {
  pos++;
  skipWhitespace();
  const array: unknown[] = [];
  let index = 0;
  while (pos < end && src[pos] !== 0x5d) {
    if (index > 0) {
      if (src[pos] !== 0x2c) fail("Comma ',' expected after value", true);
      pos++;
    }
    let item: unknown;
    if (want !== undefined) {
      skipWhitespace();
      member = undefined;
      const read = src[pos] === 0x7b ? parseObject(false, want) : parseValue(false);
      if (read === undefined) fail('Array item expected', true);
      skipWhitespace();
      item = member;
    } else {
      item = parseValue(keep || visit !== undefined);
      if (item === undefined) fail('Array item expected', true);
    }
    if (visit) visit(item, index);
    else if (keep) array.push(item);
    index++;
  }
  if (src[pos] !== 0x5d) fail("Array item or end of array ']' expected", true);
  pos++;
  return keep ? array : SKIPPED;
}

/** An object; with `want` (and keep false) only that member's value is read, into `member`. */
function parseObject(keep: boolean, want: string | undefined): Record<string, unknown> | typeof SKIPPED {
  pos++;
  skipWhitespace();
  const object: Record<string, unknown> = keep ? {} : EMPTY_OBJECT;
  let first = true;
  while (pos < end && src[pos] !== 0x7d) {
    if (!first) {
      if (src[pos] !== 0x2c) fail("Comma ',' expected after value", true);
      pos++;
      skipWhitespace();
    }
    first = false;
    const start = pos;
    if (src[pos] !== 0x22) fail('Quoted object key expected', true);
    const key = parseKey();
    skipWhitespace();
    if (src[pos] !== 0x3a) fail("Colon ':' expected after property name", true);
    pos++;
    skipWhitespace();
    const c = src[pos];
    const read = keep || key === want;
    const value =
      c === 0x2d || (c !== undefined && c >= 0x30 && c <= 0x39)
        ? parseNumber(keep ? object : undefined, key)
        : parseValue(read);
    if (value === undefined) fail("Object value expected after ':'", false);
    skipWhitespace();
    if (!keep) {
      if (key === want) member = value;
    } else if (Object.hasOwn(object, key)) {
      if (!deepEqual(object[key], value))
        throw new SyntaxError(`Duplicate key '${key}' encountered at position ${start + 1}`);
    } else if (key === '__proto__') {
      Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
    } else object[key] = value;
  }
  if (src[pos] !== 0x7d) fail("Quoted object key or end of object '}' expected", true);
  pos++;
  return keep ? object : SKIPPED;
}

/** An object key: plain ASCII keys come from the cache, so a million items share their few key strings. */
function parseKey(): string {
  const start = pos + 1;
  let i = start;
  let c = src[i];
  while (c !== 0x22 && c !== 0x5c && c !== undefined && c >= 0x20 && c < 0x80) c = src[++i];
  if (c !== 0x22) return parseString();
  const len = i - start;
  const slot = (len * 31 + src[start]! * 7 + src[i - 1]!) & 255;
  const cached = keyBytes[slot];
  pos = i + 1;
  if (cached !== undefined && cached.length === len) {
    let same = true;
    for (let k = 0; k < len; k++) {
      if (cached[k] !== src[start + k]) {
        same = false;
        break;
      }
    }
    if (same) return keyText[slot]!;
  }
  const text = src.latin1Slice(start, i);
  keyBytes[slot] = Buffer.from(src.subarray(start, i));
  keyText[slot] = text;
  return text;
}

function parseString(keep = true): string {
  pos++;
  const start = pos;
  let ascii = true;
  let c = src[pos];
  while (c !== 0x22) {
    if (c === undefined) fail("End of string '\"' expected", true);
    if (c === 0x5c) return parseEscapedString(start);
    if (c < 0x20) fail(`Invalid character '${String.fromCharCode(c)}'`, false);
    if (c >= 0x80) ascii = false;
    c = src[++pos];
  }
  pos++;
  if (!keep) return '';
  return ascii ? src.latin1Slice(start, pos - 1) : src.utf8Slice(start, pos - 1);
}

const ESCAPES: Record<number, string> = {
  34: '"',
  92: '\\',
  47: '/',
  98: '\b',
  102: '\f',
  110: '\n',
  114: '\r',
  116: '\t',
};

const isHex = (c: number | undefined): boolean =>
  c !== undefined && ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));

/** The rest of a string that holds escapes, from its first byte at `start`; pos is at the first backslash. */
function parseEscapedString(start: number): string {
  let out = '';
  let run = start;
  for (let c = src[pos]; c !== 0x22; c = src[pos]) {
    if (c === undefined) fail("End of string '\"' expected", true);
    if (c < 0x20) fail(`Invalid character '${String.fromCharCode(c)}'`, false);
    if (c !== 0x5c) {
      pos++;
      continue;
    }
    out += src.utf8Slice(run, pos);
    const e = src[pos + 1]!;
    const simple = ESCAPES[e];
    if (simple !== undefined) {
      out += simple;
      pos += 2;
    } else if (
      e === 0x75 &&
      isHex(src[pos + 2]) &&
      isHex(src[pos + 3]) &&
      isHex(src[pos + 4]) &&
      isHex(src[pos + 5])
    ) {
      out += String.fromCharCode(Number.parseInt(src.latin1Slice(pos + 2, pos + 6), 16));
      pos += 6;
    } else if (e === 0x75) {
      fail(`Invalid unicode character '${src.toString('utf8', pos, Math.min(end, pos + 6))}'`, false);
    } else {
      fail(`Invalid escape character '${src.toString('utf8', pos, Math.min(end, pos + 2))}'`, false);
    }
    run = pos;
  }
  out += src.utf8Slice(run, pos);
  pos++;
  return out;
}

function expectDigit(start: number): void {
  const c = src[pos];
  if (c === undefined || c < 0x30 || c > 0x39) {
    fail(`Invalid number '${src.latin1Slice(start, pos)}', expecting a digit`, true);
  }
}

/**
 * A number: an integer as a number when it is safe, else as a bigint; anything with a fraction or an
 * exponent as a number (reported to the hook when it is the value of an object member).
 */
function parseNumber(holder: object | undefined, key: string): number | bigint {
  const start = pos;
  const negative = src[pos] === 0x2d;
  if (negative) {
    pos++;
    expectDigit(start);
  }
  let n = 0;
  let c = src[pos]!;
  if (c === 0x30) c = src[++pos]!;
  else {
    while (c >= 0x30 && c <= 0x39) {
      n = n * 10 + (c - 0x30);
      c = src[++pos]!;
    }
  }
  const digitsEnd = pos;
  if (c !== 0x2e && c !== 0x65 && c !== 0x45) {
    // Up to 15 digits the sum above is exact; beyond, the text decides.
    if (digitsEnd - start - (negative ? 1 : 0) <= 15) return negative ? -n : n;
    const text = src.latin1Slice(start, digitsEnd);
    const value = Number(text);
    return Number.isSafeInteger(value) ? value : BigInt(text);
  }
  if (c === 0x2e) {
    pos++;
    expectDigit(start);
    while (src[pos]! >= 0x30 && src[pos]! <= 0x39) pos++;
  }
  c = src[pos]!;
  if (c === 0x65 || c === 0x45) {
    pos++;
    if (src[pos] === 0x2d || src[pos] === 0x2b) pos++;
    expectDigit(start);
    while (src[pos]! >= 0x30 && src[pos]! <= 0x39) pos++;
  }
  const text = src.latin1Slice(start, pos);
  if (holder !== undefined && onFraction !== undefined) onFraction(text, holder, key);
  return Number(text);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) =>
      deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    );
  }
  return false;
}
