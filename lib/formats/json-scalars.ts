// The tokens of the lossless JSON parser (json-parse.ts) that hold no other value: strings, object keys
// and numbers, read from a body's bytes at a position. Each reader leaves the position after its token in
// `next`; none keeps state between calls but the key cache, and none reads arrays or objects.

/** Called for each object member whose number was written with a fraction or an exponent. */
export type FractionHook = (text: string, holder: object, key: string) => void;

/** Buffer's own slice decoders: undocumented and untyped, toString without its argument checks. */
interface NativeSlices {
  latin1Slice(start: number, end: number): string;
  utf8Slice(start: number, end: number): string;
}

/** Whether this Node has Buffer's own slice decoders, and they decode exactly as toString does. */
function hasNativeSlices(): boolean {
  const proto = Buffer.prototype as unknown as Partial<NativeSlices>;
  if (typeof proto.latin1Slice !== 'function' || typeof proto.utf8Slice !== 'function') return false;
  const probe = Buffer.from('a\u00e9\u20ac\u{1f600}\xff', 'utf8');
  try {
    const native = probe as unknown as NativeSlices;
    return (
      native.utf8Slice(0, probe.length) === probe.toString('utf8') &&
      native.latin1Slice(1, 4) === probe.toString('latin1', 1, 4)
    );
  } catch {
    return false;
  }
}

/** Decodes bytes `start` to `end` as Latin-1 (ASCII here) and as UTF-8: the hot path of every string. */
let latin1: (src: Buffer, start: number, end: number) => string;
let utf8: (src: Buffer, start: number, end: number) => string;

/**
 * Decodes with Buffer's own slice decoders when `native` (and this Node has them), else with the documented
 * toString: the same text either way (json-parse.test.ts reads every test text both ways).
 */
export function useNativeSlices(native: boolean): void {
  if (native && hasNativeSlices()) {
    latin1 = (src, start, end) => (src as unknown as NativeSlices).latin1Slice(start, end);
    utf8 = (src, start, end) => (src as unknown as NativeSlices).utf8Slice(start, end);
  } else {
    latin1 = (src, start, end) => src.toString('latin1', start, end);
    utf8 = (src, start, end) => src.toString('utf8', start, end);
  }
}
useNativeSlices(true);

/** The byte just after the token a reader read last. */
export let next = 0;

/** Recently seen object keys by a small hash of their bytes: most bodies repeat a few keys many times. */
const keyBytes: Array<Buffer | undefined> = new Array(256);
const keyText: string[] = new Array(256);

/** lossless-json's wording (`got`: name what stands at `at`), positions in bytes. */
export function syntaxError(src: Buffer, at: number, message: string, got: boolean): SyntaxError {
  const what = !got ? '' : at < src.length ? ` but got '${charAt(src, at)}'` : ' but reached end of input';
  return new SyntaxError(`${message}${what} at position ${at}`);
}

/** The character starting at byte `at`, decoded (a multi-byte UTF-8 sequence whole). */
function charAt(src: Buffer, at: number): string {
  const b = src[at]!;
  const len = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
  return src.toString('utf8', at, Math.min(src.length, at + len));
}

/** An object key at `at` (its opening quote): plain ASCII keys come from the cache, so a million items share their few key strings. */
export function readKey(src: Buffer, at: number): string {
  const start = at + 1;
  let i = start;
  let c = src[i];
  while (c !== 0x22 && c !== 0x5c && c !== undefined && c >= 0x20 && c < 0x80) c = src[++i];
  if (c !== 0x22) return readString(src, at, true);
  const len = i - start;
  const slot = (len * 31 + src[start]! * 7 + src[i - 1]!) & 255;
  const cached = keyBytes[slot];
  next = i + 1;
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
  const text = latin1(src, start, i);
  keyBytes[slot] = Buffer.from(src.subarray(start, i));
  keyText[slot] = text;
  return text;
}

/** A string at `at` (its opening quote); with `keep` false it is checked but not decoded (''). */
export function readString(src: Buffer, at: number, keep: boolean): string {
  let pos = at + 1;
  const start = pos;
  let ascii = true;
  let c = src[pos];
  while (c !== 0x22) {
    if (c === undefined) throw syntaxError(src, pos, "End of string '\"' expected", true);
    if (c === 0x5c) return readEscaped(src, start, pos);
    if (c < 0x20) throw syntaxError(src, pos, `Invalid character '${String.fromCharCode(c)}'`, false);
    if (c >= 0x80) ascii = false;
    c = src[++pos];
  }
  next = pos + 1;
  if (!keep) return '';
  return ascii ? latin1(src, start, pos) : utf8(src, start, pos);
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

/** The rest of a string that holds escapes, from its first byte at `start`; `at` is its first backslash. */
function readEscaped(src: Buffer, start: number, at: number): string {
  let out = '';
  let run = start;
  let pos = at;
  for (let c = src[pos]; c !== 0x22; c = src[pos]) {
    if (c === undefined) throw syntaxError(src, pos, "End of string '\"' expected", true);
    if (c < 0x20) throw syntaxError(src, pos, `Invalid character '${String.fromCharCode(c)}'`, false);
    if (c !== 0x5c) {
      pos++;
      continue;
    }
    out += utf8(src, run, pos);
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
      out += String.fromCharCode(Number.parseInt(latin1(src, pos + 2, pos + 6), 16));
      pos += 6;
    } else {
      const [what, length] = e === 0x75 ? ['unicode character', 6] : ['escape character', 2];
      const text = src.toString('utf8', pos, Math.min(src.length, pos + length));
      throw syntaxError(src, pos, `Invalid ${what} '${text}'`, false);
    }
    run = pos;
  }
  out += utf8(src, run, pos);
  next = pos + 1;
  return out;
}

function expectDigit(src: Buffer, start: number, pos: number): void {
  const c = src[pos];
  if (c === undefined || c < 0x30 || c > 0x39)
    throw syntaxError(src, pos, `Invalid number '${latin1(src, start, pos)}', expecting a digit`, true);
}

/**
 * A number at `at`: an integer as a number when it is safe, else as a bigint; anything with a fraction or an
 * exponent as a number (told to `hook` when it is the value of member `key` of `holder`).
 */
export function readNumber(
  src: Buffer,
  at: number,
  hook: FractionHook | undefined,
  holder: object | undefined,
  key: string,
): number | bigint {
  const start = at;
  let pos = at;
  const negative = src[pos] === 0x2d;
  if (negative) {
    pos++;
    expectDigit(src, start, pos);
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
  if (c !== 0x2e && c !== 0x65 && c !== 0x45) {
    next = pos;
    // Up to 15 digits the sum above is exact; beyond, the text decides.
    if (pos - start - (negative ? 1 : 0) <= 15) return negative ? -n : n;
    const text = latin1(src, start, pos);
    const value = Number(text);
    return Number.isSafeInteger(value) ? value : BigInt(text);
  }
  if (c === 0x2e) {
    pos++;
    expectDigit(src, start, pos);
    while (src[pos]! >= 0x30 && src[pos]! <= 0x39) pos++;
  }
  c = src[pos]!;
  if (c === 0x65 || c === 0x45) {
    pos++;
    if (src[pos] === 0x2d || src[pos] === 0x2b) pos++;
    expectDigit(src, start, pos);
    while (src[pos]! >= 0x30 && src[pos]! <= 0x39) pos++;
  }
  next = pos;
  const text = latin1(src, start, pos);
  if (holder !== undefined && hook !== undefined) hook(text, holder, key);
  return Number(text);
}
