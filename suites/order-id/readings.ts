// Every integer a careless server might read an orderId segment as (parseInt, Number() rounding, BigInt, atoi,
// hex/octal, Unicode digits, int64 wrap/clamp) and the safety rule on them: a segment is sent only if no reading
// names an order the run may not cancel. Readings only; it sends nothing and judges no response.
import { INT64_MAX, INT64_MIN } from '../../lib/formats/int64.ts';
import { ListIds } from '../kit/list-ids.ts';

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
 * 0x404000) apart from all the others, whose readings of a canonical decimal id are that id.
 */
export type Reader = 'base16' | 'other';

/** Integers one text may be read as, before any wrap or clamp, each with who reads it so. */
export function readingsBy(text: string): Array<{ n: bigint; by: Reader }> {
  const out: Array<{ n: bigint; by: Reader }> = [];
  const other: bigint[] = [];
  for (const t of new Set([text, asciiDigits(text), text.replace(/_/g, '')])) {
    const trimmed = t.trim();
    aroundFloat(Number(t), other);
    aroundFloat(parseInt(t, 10), other);
    // biome-ignore lint/correctness/useParseIntRadix: no radix on purpose; it reads a 0x prefix as hex.
    aroundFloat(parseInt(t), other);
    aroundFloat(parseFloat(t), other);
    try {
      other.push(BigInt(trimmed));
    } catch {
      // BigInt refuses it: nothing to read.
    }
    // atoi / strtol base 10: optional space and sign, then the leading digits; no digits reads as 0.
    const atoi = /^\s*([+-]?)(\d*)/.exec(t)!;
    other.push(atoi[2] ? signed(atoi[1], BigInt(atoi[2])) : 0n);
    // strtol base 16 (with or without 0x) and base 0 (0x means hex, a leading 0 octal, 0o/0b prefixes).
    const hex = /^\s*([+-]?)(?:0x)?([0-9a-f]+)/i.exec(t);
    if (hex) out.push({ n: signed(hex[1], BigInt(`0x${hex[2]}`)), by: 'base16' });
    const prefixed = /^\s*([+-]?)0x([0-9a-f]+)/i.exec(t);
    if (prefixed) other.push(signed(prefixed[1], BigInt(`0x${prefixed[2]}`)));
    const octal = /^\s*([+-]?)0o?([0-7]+)/i.exec(t);
    if (octal) other.push(signed(octal[1], BigInt(`0o${octal[2]}`)));
    const binary = /^\s*([+-]?)0b([01]+)/i.exec(t);
    if (binary) other.push(signed(binary[1], BigInt(`0b${binary[2]}`)));
  }
  for (const n of other) out.push({ n, by: 'other' });
  return out;
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
 */
export function namedIds(raw: string, own?: bigint): bigint[] {
  const out = new Set<bigint>();
  const ownBase16 = own === undefined ? undefined : base16Of(own);
  for (const text of decodings(raw)) {
    for (const { n, by } of readingsBy(text)) {
      if (by === 'base16' && n === ownBase16) continue;
      out.add(n);
      out.add(BigInt.asIntN(64, n));
      out.add(clampInt64(n));
    }
  }
  return [...out];
}

/** What a base-16 reader reads an id's canonical decimal as. */
function base16Of(id: bigint): bigint {
  return readingsBy(id.toString()).find((r) => r.by === 'base16')!.n;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** Characters a segment may carry on the wire; ';' is left out (matrix parameters end the segment). */
const WIRE = /^[A-Za-z0-9\-._~!$&'()*+,=:@%]+$/;
/** Characters that, once decoded, could move the request to another path (the collection, another route). */
const PATH_BREAKERS = /[/\\?#;]/;

/** True when the segment, however decoded, stays one segment naming no other path. */
export function staysInSegment(raw: string): boolean {
  if (!WIRE.test(raw)) return false;
  return decodings(raw).every((d) => {
    const visible = d.replace(/[\s\u200b\p{Cc}]/gu, '');
    return !PATH_BREAKERS.test(d) && visible !== '' && visible !== '.' && visible !== '..';
  });
}

/** A known order that a reading names: exactly, or through a JS number (Number(a) === Number(b)). */
export interface Collision {
  reading: bigint;
  order: string;
  shipped: boolean;
}

/**
 * The orders the run knows of (the list, read exactly and generously, and every fixture it was given) and
 * which of them are known to have shipped. Shipped orders cannot be cancelled, so naming one is safe. The
 * list is looked up in its own index, never copied (it may hold a million ids).
 */
export class KnownOrders {
  private readonly listed: ListIds;
  /** The fixtures the list does not hold, by their exact value. */
  private readonly own = new Map<bigint, string>();
  /**
   * Ids beyond 2^53 by their JS number: only there do distinct ids share one (a safe integer is its own
   * number), so the ids of a large store that fit a JS number cost no entry here.
   */
  private readonly rounded = new Map<number, string[]>();
  private readonly beyond: bigint[] = [];
  readonly shipped: ReadonlySet<string>;

  /**
   * `listed`: the list's ids (or exact ids as text). `guard`, unless the list is trusted: where an order the
   * list does not show could still be (absence.ts). A reading that names no known order must then fall
   * outside it.
   */
  constructor(
    listed: readonly string[] | ListIds,
    cancellable: readonly string[],
    shipped: readonly string[],
    private readonly guard?: { near(n: bigint): boolean; special(n: bigint): boolean },
  ) {
    this.listed = listed instanceof ListIds ? listed : ListIds.of(listed);
    this.shipped = new Set(shipped);
    for (const n of this.listed.beyondSafe()) this.addBeyond(n, n.toString());
    for (const ids of [cancellable, shipped])
      for (const id of ids) {
        const n = BigInt(id);
        if (this.listed.hasGenerously(n) || this.own.has(n)) continue;
        this.own.set(n, id);
        if (n > MAX_SAFE || n < -MAX_SAFE) this.addBeyond(n, id);
      }
  }

  private addBeyond(n: bigint, id: string): void {
    this.beyond.push(n);
    const key = Number(n);
    const same = this.rounded.get(key);
    if (same) same.push(id);
    else this.rounded.set(key, [id]);
  }

  /** Known order ids whose magnitude is beyond 2^53 (where a JS number stops being exact), in list order. */
  beyondSafe(): readonly bigint[] {
    return this.beyond;
  }

  has(id: bigint): boolean {
    return this.listed.hasGenerously(id) || this.own.has(id);
  }

  /** True when, the list untrusted, `id` is an edge a hidden order may sit at (never sent as absent). */
  edge(id: bigint): boolean {
    return this.guard?.special(id) ?? false;
  }

  /** Every known order the integer `n` names, exactly or through Number(). */
  named(n: bigint): Collision[] {
    const ids = new Set(this.rounded.get(Number(n)) ?? []);
    const exact = this.listed.hasGenerously(n) ? n.toString() : this.own.get(n);
    if (exact !== undefined) ids.add(exact);
    return [...ids].map((order) => ({ reading: n, order, shipped: this.shipped.has(order) }));
  }

  /** Every known order any reading of the raw segment names. */
  collisions(raw: string): Collision[] {
    return namedIds(raw).flatMap((n) => this.named(n));
  }

  /**
   * True when the raw segment may be sent: it stays one path segment, no reading names a known order other
   * than a shipped one (and, for a fixture's own spellings, `target`), and no other reading falls in the guard.
   */
  safe(raw: string, target?: string): boolean {
    return this.unsafeReading(raw, target) === undefined;
  }

  /**
   * Why the raw segment may not be sent, or undefined when it may: the first reading that names a known order
   * (other than a shipped one or `target`) or an id the guard cannot prove absent.
   */
  unsafeReading(raw: string, target?: string): string | undefined {
    const shown = raw.length > 40 ? `${raw.slice(0, 30)}… (${raw.length} characters)` : raw;
    if (!staysInSegment(raw)) return `${shown} may reach another path once decoded`;
    for (const n of namedIds(raw, target === undefined ? undefined : BigInt(target))) {
      const named = this.named(n);
      const other = named.find((c) => !c.shipped && c.order !== target);
      if (other) return `${shown} may read as order ${other.order}`;
      if (named.length === 0 && this.guard?.near(n))
        return `${shown} may read as ${n}, an id the list cannot prove absent`;
    }
    return undefined;
  }
}
