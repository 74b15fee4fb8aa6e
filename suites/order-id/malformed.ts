// Cases of the malformed-id property: non-canonical orderId segments built around an id proven absent, so
// that no lenient reading names an order (KnownOrders.safe decides). Builds wire text only; sends nothing.
import fc from 'fast-check';
import { INT64_MAX, INT64_MIN } from '../../lib/formats/int64.ts';
import { DIGIT_ZEROS, type KnownOrders } from './readings.ts';

export const MALFORMED_KINDS = [
  'letters',
  'decimal',
  'sign',
  'hex',
  'whitespace',
  'too-big',
  'non-ascii-digits',
  'percent-bytes',
  'long',
] as const;
export type MalformedKind = (typeof MALFORMED_KINDS)[number];

/** One case: a kind, the absent id it is built around, which spelling of the kind, and a length for long ones. */
export interface MalformedCase {
  kind: MalformedKind;
  absent: bigint;
  variant: number;
  size: number;
}

type Build = (a: bigint, abs: bigint, size: number) => string;

const enc = (text: string): string => encodeURIComponent(text);

function digitsIn(zero: number, n: bigint): string {
  return [...n.toString()].map((c) => (c === '-' ? c : String.fromCodePoint(zero + Number(c)))).join('');
}

/** Long enough to be "far beyond" int64 (30+ digits). */
function farBeyond(abs: bigint, size: number): string {
  const head = abs.toString();
  return head + '7'.repeat(Math.max(0, 30 - head.length) + (size % 12));
}

const BUILDERS: Record<MalformedKind, Build[]> = {
  letters: [
    (a) => `${a}abc`,
    (a) => `id${a}`,
    () => 'NaN',
    () => 'Infinity',
    () => 'null',
    () => 'undefined',
  ],
  decimal: [
    (a) => `${a}.5`,
    (a) => `${a}.0`,
    (a) => `${a}e0`,
    (a) => `${a}E0`,
    (a) => `${a}e3`,
    (a) => `${a}.5e1`,
  ],
  sign: [
    (_, abs) => `+${abs}`,
    () => '-0',
    () => '+0',
    (_, abs) => `--${abs}`,
    (_, abs) => `+-${abs}`,
    (_, abs) => `${abs}-`,
  ],
  hex: [
    (_, abs) => `0x${abs.toString(16)}`,
    (_, abs) => `0X${abs.toString(16).toUpperCase()}`,
    (_, abs) => `-0x${abs.toString(16)}`,
    (_, abs) => `0o${abs.toString(8)}`,
    (_, abs) => `0b${abs.toString(2)}`,
  ],
  whitespace: [
    (a) => `%20${a}`,
    (a) => `${a}%20`,
    (a) => `%09${a}`,
    (a) => `${a}%0A`,
    (a) => `%0D%0A${a}`,
    (a) => `%C2%A0${a}`,
    (a) => `%E2%80%8B${a}`,
  ],
  'too-big': [
    () => (INT64_MAX + 1n).toString(),
    () => (INT64_MAX + 2n).toString(),
    () => (INT64_MIN - 1n).toString(),
    // Wraps (mod 2^64) to the absent id itself.
    (_, abs) => (2n ** 64n + abs).toString(),
    (_, abs, size) => farBeyond(abs, size),
    (_, abs, size) => `-${farBeyond(abs, size)}`,
  ],
  'non-ascii-digits': [
    ...DIGIT_ZEROS.map(
      (zero): Build =>
        (a) =>
          enc(digitsIn(zero, a)),
    ),
    (a) => `${a}${enc(digitsIn(DIGIT_ZEROS[0], 3n))}`,
  ],
  'percent-bytes': [
    (a) => `${a}%00`,
    (a) => `%00${a}`,
    (a) => `${a}%FF`,
    (a) => `%FF${a}`,
    (a) => `${a}%2E5`,
    (_, abs) => `%2B${abs}`,
    (a) => `${a}%25`,
    (a) => `${a}%zz`,
    (a) => `%C0%B0${a}`,
    (a) => `${a}%2C1`,
  ],
  long: [
    (_, abs, size) => `${'0'.repeat(size)}${abs}`,
    (a, _, size) => `${a}${'x'.repeat(size)}`,
    (_, __, size) => '9'.repeat(size),
    (a, _, size) => `${a}${'%20'.repeat(Math.ceil(size / 3))}`,
  ],
};

/**
 * Why a segment makes the request invalid HTTP, or undefined: a "%" not followed by two hex digits is no
 * percent-encoding (RFC 3986 §2.1), so the request-target is invalid and the HTTP stack may answer it
 * itself (the JDK's HttpServer answers 400 in HTML before any handler runs). Only its status is the API's
 * to answer for: never 2xx, never 5xx.
 */
export function invalidEncoding(segment: string): string | undefined {
  return /%(?![0-9A-Fa-f]{2})/.test(segment)
    ? 'an invalid percent-encoding (RFC 3986 §2.1): the request-target is not valid HTTP'
    : undefined;
}

/** The raw path segment of a case, percent-encoded as it goes on the wire. */
export function malformedSegment(c: MalformedCase): string {
  const builders = BUILDERS[c.kind];
  const abs = c.absent < 0n ? -c.absent : c.absent;
  return builders[c.variant % builders.length]!(c.absent, abs, c.size);
}

/** Lengths of the long segments: past common 1-4 KiB limits, under the 8 KiB many servers accept. */
export const LONG_MIN = 256;
export const LONG_MAX = 6000;

export const malformedArbitrary: fc.Arbitrary<MalformedCase> = fc.record({
  kind: fc.constantFrom(...MALFORMED_KINDS),
  absent: fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
  variant: fc.nat({ max: 63 }),
  size: fc.integer({ min: LONG_MIN, max: LONG_MAX }),
});

/** Readable absent ids for the examples, far from small fixture ids; the first safe one is used. */
const EXAMPLE_BASE = 1234567890123n;
const EXAMPLE_STEP = 1000003n;
const EXAMPLE_TRIES = 20;

/** One example per kind (its first spelling), each around the first example id for which it is safe. */
export function malformedExamples(known: KnownOrders): MalformedCase[] {
  const out: MalformedCase[] = [];
  for (const kind of MALFORMED_KINDS) {
    for (let i = 0; i < EXAMPLE_TRIES; i++) {
      const c: MalformedCase = {
        kind,
        absent: EXAMPLE_BASE + BigInt(i) * EXAMPLE_STEP,
        variant: 0,
        size: 1000,
      };
      if (admissibleMalformed(known, c)) {
        out.push(c);
        break;
      }
    }
  }
  return out;
}

/** True when the case is built around an absent id and no reading of its segment names a cancellable order. */
export function admissibleMalformed(known: KnownOrders, c: MalformedCase): boolean {
  return !known.has(c.absent) && known.safe(malformedSegment(c));
}
