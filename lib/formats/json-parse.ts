// A lossless JSON parser (RFC 8259) over a body's bytes, written for speed on large lists: integers past 2^53
// become bigint; errors and the duplicate-key rule are lossless-json's, positions in bytes. Arrays and objects
// are read here, strings and numbers in json-scalars.ts. Synchronous, non-reentrant: its state is module-wide.
// Nesting is bounded (MAX_JSON_DEPTH): a body a million arrays deep is a JsonDepthError, never a stack overflow.
import { HarnessError } from '../errors.ts';
import { type FractionHook, next, readKey, readNumber, readString, syntaxError } from './json-scalars.ts';

export type { FractionHook } from './json-scalars.ts';

const EMPTY = Buffer.alloc(0);
let src: Buffer = EMPTY;
let pos = 0;
let end = 0;
let onFraction: FractionHook | undefined;
/** Arrays and objects open at pos. */
let depth = 0;

/**
 * The deepest nesting of arrays and objects the parser reads (RFC 8259 §9: "An implementation may set limits
 * on the maximum depth of nesting"). An Order nests 2 deep in its list; V8's stack holds thousands.
 */
export const MAX_JSON_DEPTH = 512;

/** A JSON text nested deeper than MAX_JSON_DEPTH: a limit of this harness, not a fault of the target. */
export class JsonDepthError extends HarnessError {
  /** How deep the text nests, counted over the whole text. */
  readonly depth: number;
  constructor(deepest: number, at: number) {
    super(
      'E_JSON_DEPTH',
      `the JSON is nested ${deepest} deep (past byte ${at}); this harness reads at most ${MAX_JSON_DEPTH} levels (RFC 8259 §9 lets a parser limit nesting): a limit of this harness, not a fault of the target`,
    );
    this.name = 'JsonDepthError';
    this.depth = deepest;
  }
}

/** How deep the arrays and objects of `bytes` nest, brackets inside strings aside: one pass, no recursion. */
export function nestingDepth(bytes: Uint8Array): number {
  let open = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++open);
    else if (c === 0x5d || c === 0x7d) open--;
  }
  return deepest;
}

/** Enters one more array or object at pos, refusing past MAX_JSON_DEPTH. */
function enter(): void {
  if (++depth > MAX_JSON_DEPTH) throw new JsonDepthError(nestingDepth(src), pos);
}

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
  src = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  pos = 0;
  end = src.length;
  depth = 0;
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
  throw syntaxError(src, pos, message, got);
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
  if (c === 0x22) {
    value = readString(src, pos, keep);
    pos = next;
  } else if (c === 0x7b) value = parseObject(keep, undefined);
  else if (c === 0x5b) value = parseArray(keep);
  else if (c === 0x2d || (c !== undefined && c >= 0x30 && c <= 0x39)) {
    value = readNumber(src, pos, undefined, undefined, '');
    pos = next;
  } else if (c === 0x74 && keyword(0x72, 0x75, 0x65)) value = true;
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
  enter();
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
  depth--;
  return keep ? array : SKIPPED;
}

/** An object; with `want` (and keep false) only that member's value is read, into `member`. */
function parseObject(keep: boolean, want: string | undefined): Record<string, unknown> | typeof SKIPPED {
  enter();
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
    const key = readKey(src, pos);
    pos = next;
    skipWhitespace();
    if (src[pos] !== 0x3a) fail("Colon ':' expected after property name", true);
    pos++;
    skipWhitespace();
    const c = src[pos];
    const read = keep || key === want;
    let value: unknown;
    if (c === 0x2d || (c !== undefined && c >= 0x30 && c <= 0x39)) {
      value = readNumber(src, pos, onFraction, keep ? object : undefined, key);
      pos = next;
    } else value = parseValue(read);
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
  depth--;
  return keep ? object : SKIPPED;
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
