// Every integer a careless server might read an orderId segment as (parseInt, Number() rounding, BigInt, atoi,
// hex/octal, Unicode digits, int64 wrap/clamp). Readings only: shared by the orderId checks, the run's gate on
// DELETEs of ids it was not given (delete-gate.ts) and the fixtures ledger; it sends and judges nothing.
import { INT64_MAX, INT64_MIN } from '../../lib/formats/int64.ts';

/** Zero code points of the digit scripts the generators use (Unicode Nd runs of ten). */
export const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50, 0xff10, 0x1d7ce] as const;

/** The text with every digit of DIGIT_ZEROS replaced by its ASCII digit (Java, .NET and Python read them). */
export function asciiDigits(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const zero = DIGIT_ZEROS.find((z) => cp >= z && cp <= z + 9);
    out += zero === undefined ? ch : String(cp - zero);
  }
  return out;
}

/** Percent-decoding once (RFC 3986 §2.1), or undefined when an escape is invalid. */
function decodeOnce(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The texts a server may see for a raw segment: as sent, decoded once or twice, and with '+' read as space. */
export function decodings(raw: string): string[] {
  const out = new Set<string>([raw, raw.replace(/\+/g, ' ')]);
  const once = decodeOnce(raw);
  if (once !== undefined) {
    out.add(once);
    const twice = decodeOnce(once);
    if (twice !== undefined) out.add(twice);
  }
  return [...out];
}

function signed(sign: string | undefined, magnitude: bigint): bigint {
  return sign === '-' ? -magnitude : magnitude;
}

/** Both integers around a finite float (a server may truncate, floor, ceil or round). */
function aroundFloat(n: number, out: bigint[]): void {
  if (!Number.isFinite(n)) return;
  out.push(BigInt(Math.floor(n)), BigInt(Math.ceil(n)));
}

/**
 * Who reads a text as an integer: a bare base-16 reader (strtol base 16, which takes "404000" itself for
 * 0x404000); a reader that stopped before the end of the text and ignored the rest (atoi reading 7 in 7abc, 0
 * in 0x7; parseInt, parseFloat, strtol without its end check), which a server shown to refuse an id with text
 * after it does not use (spelling.ts); and all the others, whose readings of a canonical decimal id are that id.
 */
export type Reader = 'base16' | 'prefix' | 'other';

/** 'prefix' when a reader's match leaves more of the text than whitespace unread, else 'other'. */
function byMatch(t: string, m: RegExpExecArray | null): Reader {
  return m !== null && t.slice(m[0].length).trim() !== '' ? 'prefix' : 'other';
}

/** Both integers around a finite float, each tagged with its reader. */
function around(n: number, by: Reader, out: Array<{ n: bigint; by: Reader }>): void {
  const ints: bigint[] = [];
  aroundFloat(n, ints);
  for (const i of ints) out.push({ n: i, by });
}

/** Integers one text may be read as, before any wrap or clamp, each with who reads it so. */
export function readingsBy(text: string): Array<{ n: bigint; by: Reader }> {
  const out: Array<{ n: bigint; by: Reader }> = [];
  // The base-16 readings first, as a reason names the first reading that is unsafe.
  const base16: Array<{ n: bigint; by: Reader }> = [];
  for (const t of new Set([text, asciiDigits(text), text.replace(/_/g, '')])) {
    const trimmed = t.trim();
    around(Number(t), 'other', out);
    around(parseInt(t, 10), byMatch(t, /^\s*[+-]?\d+/.exec(t)), out);
    // biome-ignore lint/correctness/useParseIntRadix: no radix on purpose; it reads a 0x prefix as hex.
    around(parseInt(t), byMatch(t, /^\s*[+-]?(?:0x[0-9a-f]+|\d+)/i.exec(t)), out);
    around(
      parseFloat(t),
      byMatch(t, /^\s*[+-]?(?:Infinity|(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)/i.exec(t)),
      out,
    );
    try {
      out.push({ n: BigInt(trimmed), by: 'other' });
    } catch {
      // BigInt refuses it: nothing to read.
    }
    // atoi / strtol base 10: optional space and sign, then the leading digits; no digits reads as 0.
    const atoi = /^\s*([+-]?)(\d*)/.exec(t)!;
    out.push({ n: atoi[2] ? signed(atoi[1], BigInt(atoi[2])) : 0n, by: byMatch(t, atoi) });
    // strtol base 16 (with or without 0x) and base 0 (0x means hex, a leading 0 octal, 0o/0b prefixes).
    const hex = /^\s*([+-]?)(?:0x)?([0-9a-f]+)/i.exec(t);
    if (hex) base16.push({ n: signed(hex[1], BigInt(`0x${hex[2]}`)), by: 'base16' });
    const prefixed = /^\s*([+-]?)0x([0-9a-f]+)/i.exec(t);
    if (prefixed) out.push({ n: signed(prefixed[1], BigInt(`0x${prefixed[2]}`)), by: byMatch(t, prefixed) });
    const octal = /^\s*([+-]?)0o?([0-7]+)/i.exec(t);
    if (octal) out.push({ n: signed(octal[1], BigInt(`0o${octal[2]}`)), by: byMatch(t, octal) });
    const binary = /^\s*([+-]?)0b([01]+)/i.exec(t);
    if (binary) out.push({ n: signed(binary[1], BigInt(`0b${binary[2]}`)), by: byMatch(t, binary) });
  }
  return [...base16, ...out];
}

/** Integers one text may be read as, before any wrap or clamp. */
export function readings(text: string): bigint[] {
  return readingsBy(text).map((r) => r.n);
}

function clampInt64(n: bigint): bigint {
  return n > INT64_MAX ? INT64_MAX : n < INT64_MIN ? INT64_MIN : n;
}

/**
 * Every integer a raw segment may name, through any decoding, reading, wrap or clamp. With `own` (a fixture
 * the segment spells), a base-16 reading that is also that reader's reading of the fixture's own decimal id
 * is left out: DELETE /store/orders/404000, which the run sends for its fixtures as every client does, names
 * 0x404000 to such a reader already, so a spelling that names only that (404000.0, +404000) adds nothing.
 * `setAside`: readers the server was shown not to use (spelling.ts); what only they read is left out.
 */
export function namedIds(raw: string, own?: bigint, setAside?: ReadonlySet<Reader>): bigint[] {
  const out = new Set<bigint>();
  const ownBase16 = own === undefined ? undefined : base16Of(own);
  for (const text of decodings(raw)) {
    for (const { n, by } of readingsBy(text)) {
      if (by === 'base16' && n === ownBase16) continue;
      if (setAside?.has(by)) continue;
      out.add(n);
      out.add(BigInt.asIntN(64, n));
      out.add(clampInt64(n));
    }
  }
  return [...out];
}

/** What a base-16 reader reads an id's canonical decimal as. */
export function base16Of(id: bigint): bigint {
  return readingsBy(id.toString()).find((r) => r.by === 'base16')!.n;
}

/** The int32 range, whose ids a 32-bit reader reads as themselves. */
const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;

/**
 * What a 32-bit reader (C's `(int)strtoll`, Go's `int32(n)`, a C# `(int)` cast) reads a canonical decimal int64
 * beyond int32 as: its low 32 bits, signed; undefined for any other segment. Deliberately not among namedIds:
 * every absent id drawn from the gaps has such a reading among small ids, so the guard would refuse them all.
 * Only the spelling that is built for it (catalogue.ts wraps-int32, fixtures.ts) and its judge read it.
 */
export function int32Reading(raw: string): bigint | undefined {
  if (!/^-?(0|[1-9][0-9]{0,18})$/.test(raw)) return undefined;
  const n = BigInt(raw);
  if (n < INT64_MIN || n > INT64_MAX || (n >= INT32_MIN && n <= INT32_MAX)) return undefined;
  return BigInt.asIntN(32, n);
}
