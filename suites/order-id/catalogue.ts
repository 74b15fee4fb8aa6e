// The orderId spelling catalogue: every kind of path segment that is not an ASCII decimal int64 in range (and
// one that is, but which a 32-bit reader wraps onto the base), each built around a base id, with what accepting
// it against a pending order would break. Builds wire text only (percent-encoded as sent); it sends nothing and
// decides no safety (kit/known-orders.ts does).

import { INT64_MAX, INT64_MIN } from '../../lib/formats/int64.ts';
import { DIGIT_ZEROS } from '../kit/id-readings.ts';
import { digitsIn, enc, farBeyond, sign, underscored } from './spelling-parts.ts';

/**
 * What accepting a spelling of a pending order's id breaks, when it cancels that order:
 * - MUST: the segment names no order at all (no integer, another integer, beyond int64): only a careless
 *   parser reads the order's id into it (spec §4 cancelOrder rule 3, ID-CANCEL-MISREAD);
 * - SHOULD: another spelling of the same integer that the int64 path parameter does not take (hex, an
 *   exponent, whitespace, other digits: ID-CANCEL-SPELLING);
 * - INFO: an ordinary signed decimal spelling of the same integer, leading zeros (ID-CANCEL-LEADING-ZEROS-INFO)
 *   or a leading plus sign (ID-CANCEL-PLUS-SIGN-INFO): nothing the spec or RFC 3986 says binds a server to
 *   refuse them. Each INFO kind is its own check (INFO_CHECKS).
 * Kinds without one are tried against absent ids only: no lenient reading names the base.
 */
export type SpellingLevel = 'MUST' | 'SHOULD' | 'INFO';

/** A segment built around a base id, its magnitude, and a length (for the long ones). */
type Build = (base: bigint, abs: bigint, size: number) => string;

export interface SpellingKind {
  kind: string;
  /** What accepting it against a pending order breaks; undefined: tried against absent ids only. */
  fixture?: SpellingLevel;
  /** Sent only with --exhaustive: its length is the case, which a front may refuse (kit/front-refusal.ts). */
  optIn?: true;
  /**
   * Every lenient reading names the base itself (a plus sign): tried after every other kind (trial-order.ts), so
   * one it cancels spends no fixture a kind that may name another order still wants.
   */
  sameOnly?: true;
  /**
   * How many of its first variants (most often accepted first) a default run tries against one fixture until
   * one is accepted (1 when unset): a refusal leaves it pending; sample.ts bounds the tries past the first.
   */
  sample?: number;
  /**
   * Its segments are canonical decimal int64s: around an absent id they are one more absent id, so it is sent
   * only against a fixture, never around an absent id nor in the malformed-id property (malformed.ts).
   */
  fixtureOnly?: true;
  /**
   * Tried right after this kind (trial-order.ts) though listed last: a kind inserted mid-catalogue would shift the
   * index the absent-id sample rotates by, and so what every later kind sends for a given --seed.
   */
  tryAfter?: string;
  variants: readonly Build[];
}

/**
 * The multiples of 2^32 the wraps-int32 kind adds to a fixture, least first: a cluster of known ids guards its
 * own width beyond it, so a wider store needs a larger one; the last keeps any int32 fixture inside int64.
 */
const WRAP_STEPS = [1n, 2n, 2n ** 8n, 2n ** 16n, 2n ** 24n, 2n ** 31n - 1n];

/**
 * In the order tried against a fixture: a spelling accepted there cancels it, so what no parser should take
 * comes first (a finding of a MUST is worth a fixture), then what a lenient reading may take for another
 * number; the kinds that can name only the same integer (a plus sign) go last of all (trial-order.ts). A kind is
 * what one parser takes or not as a whole (strtol's 0x but not 0o, NFKC's fullwidth digits but not Arabic-Indic
 * ones, a trim that takes a no-break space but no zero-width one). Within a kind, variants run from the most
 * often accepted by real stacks: a default run tries each kind's first ones (its sample) against a fixture in
 * that order, so what it tries does not depend on the seed.
 */
export const SPELLING_KINDS: readonly SpellingKind[] = [
  // No reading names a fixture in these: tried around absent ids, where a careless parser still errs (a NaN
  // looked up, a double sign taken for a number).
  {
    kind: 'not-a-number',
    variants: [
      (a) => `id${a}`,
      () => 'NaN',
      () => 'Infinity',
      () => 'null',
      () => 'undefined',
      () => '-0',
      (_, abs) => `--${abs}`,
      (_, abs) => `+-${abs}`,
    ],
  },
  {
    kind: 'trailing-text',
    fixture: 'MUST',
    variants: [
      (a) => `${a}abc`,
      (a) => `${a}-`,
      (a) => `${a}%2C1`,
      (a) => `${a}${enc(digitsIn(DIGIT_ZEROS[0], 3n))}`,
      (a, _, size) => `${a}${'x'.repeat(size)}`,
    ],
  },
  {
    kind: 'other-number',
    fixture: 'MUST',
    variants: [(a) => `${a}.5`, (a) => `${a}.9`, (a) => `${a}.5e1`, (a) => `${a}e3`],
  },
  // A C string ends at its first NUL: "7\0" reads as 7 to strtol, and a leading one reads as empty.
  { kind: 'nul-byte', fixture: 'MUST', variants: [(a) => `${a}%00`, (a) => `%00${a}`] },
  {
    kind: 'percent-bytes',
    fixture: 'MUST',
    variants: [
      (a) => `${a}%FF`,
      (a) => `${a}%2E5`,
      (a) => `${a}%25`,
      (a) => `${a}%zz`,
      (a) => `%FF${a}`,
      (a) => `%C0%B0${a}`,
    ],
  },
  {
    kind: 'too-big',
    fixture: 'MUST',
    variants: [
      // Wrap (mod 2^64) to the base itself: an unchecked digit loop or an unsigned parse cast to int64.
      (a) => (2n ** 64n + a).toString(),
      (a) => (a - 2n ** 64n).toString(),
      () => (INT64_MAX + 1n).toString(),
      () => (INT64_MAX + 2n).toString(),
      () => (INT64_MIN - 1n).toString(),
      (_, abs, size) => farBeyond(abs, size),
      (_, abs, size) => `-${farBeyond(abs, size)}`,
      // Far longer than any int64: a parser that reads digits without bound.
      (_, __, size) => '9'.repeat(size),
    ],
  },
  // strtol(s, 0) and PHP's intval(s, 0) take 0x but not 0o or 0b; Python's int(s, 0) and Go's base 0 all three.
  {
    kind: 'hex',
    fixture: 'SHOULD',
    variants: [
      (a, abs) => `${sign(a)}0x${abs.toString(16)}`,
      (a, abs) => `${sign(a)}0X${abs.toString(16).toUpperCase()}`,
    ],
  },
  {
    kind: 'octal',
    fixture: 'SHOULD',
    variants: [(a, abs) => `${sign(a)}0o${abs.toString(8)}`, (a, abs) => `${sign(a)}0O${abs.toString(8)}`],
  },
  {
    kind: 'binary',
    fixture: 'SHOULD',
    variants: [(a, abs) => `${sign(a)}0b${abs.toString(2)}`, (a, abs) => `${sign(a)}0B${abs.toString(2)}`],
  },
  // What a float parser takes (Number(), parseFloat, float(), Double.parseDouble): a decimal point as well as
  // an exponent, so a server that reads ids as floats takes every one.
  {
    kind: 'float',
    fixture: 'SHOULD',
    variants: [
      (a) => `${a}.0`,
      (a) => `${a}e0`,
      (a) => `${a}.`,
      (a) => `${a}E0`,
      (a) => `${a}.00`,
      (a) => `${a}0e-1`,
      (a) => `${a}e%2B0`,
    ],
  },
  // Java's parseLong, Python's int, Go's ParseInt and Ruby's Integer() all take one leading plus. Tried last
  // against a fixture (sameOnly): it can name only the base, so what may name another order goes first.
  {
    kind: 'plus-sign',
    fixture: 'INFO',
    sameOnly: true,
    variants: [(_, abs) => `+${abs}`, (_, abs) => `%2B${abs}`, () => '+0'],
  },
  {
    kind: 'digit-separator',
    fixture: 'SHOULD',
    variants: [(a, abs) => underscored(a, abs, false), (a, abs) => underscored(a, abs, true)],
  },
  // What every trim() takes: ASCII space, tab and line breaks, before or after.
  {
    kind: 'whitespace',
    fixture: 'SHOULD',
    // A final newline first: every trim takes it, and so does a `^...$` route regex (`$` matches before a
    // final \n); then a leading space (strtol, PHP), a trailing one, a tab.
    sample: 4,
    variants: [
      (a) => `${a}%0A`,
      (a) => `%20${a}`,
      (a) => `${a}%20`,
      (a) => `%09${a}`,
      (a) => `%0D%0A${a}`,
      (a, _, size) => `${a}${'%20'.repeat(Math.ceil(size / 3))}`,
    ],
  },
  // What a Unicode-aware trim takes (JavaScript's, Python's strip), and what none does but a normaliser.
  {
    kind: 'unicode-space',
    fixture: 'SHOULD',
    variants: [(a) => `%C2%A0${a}`, (a) => `${a}%E3%80%80`, (a) => `%E2%80%8B${a}`],
  },
  // Unicode decimal digits of other scripts: Python's int(), Java's parseLong and \d in Python's re take them.
  {
    kind: 'script-digits',
    fixture: 'SHOULD',
    // Arabic-Indic first (Python's int() behind a \d route), then Persian, Devanagari, Bengali, Thai: a reader
    // that maps one script's digits need not map another's.
    sample: 5,
    variants: DIGIT_ZEROS.slice(0, 5).map(
      (zero): Build =>
        (a) =>
          enc(digitsIn(zero, a)),
    ),
  },
  // Fullwidth and mathematical digits: what NFKC folds to ASCII, so a server that normalises paths reads them.
  {
    kind: 'compat-digits',
    fixture: 'SHOULD',
    sample: 2,
    variants: DIGIT_ZEROS.slice(5).map(
      (zero): Build =>
        (a) =>
          enc(digitsIn(zero, a)),
    ),
  },
  // strtol(s, 0), C's and PHP's base 0 and JavaScript's legacy octal read a leading 0 as octal: the first
  // variant is the base's octal digits behind a 0 (7 as 07, 13 as 015), so that reading names the base and the
  // decimal one another id (a fixture the spelling run holds, or one proven absent); a 2xx that cancels the
  // base is ID-CANCEL-MISREAD's finding. Then leading zeros read decimally, which name the base alone.
  {
    kind: 'leading-zeros',
    fixture: 'INFO',
    variants: [
      (a, abs) => `${sign(a)}0${abs.toString(8)}`,
      (a, abs) => `${sign(a)}00${abs}`,
      (a, abs, size) => `${sign(a)}${'0'.repeat(size)}${abs}`,
    ],
  },
  // RFC 9112 §3 recommends taking request lines of 8,000 octets; gunicorn stops at 4,094, so a front's own
  // refusal is recorded as such, and only the status judged.
  { kind: 'over-long', optIn: true, variants: [() => '9'.repeat(OVER_LONG)] },
  // A valid int64 that a 32-bit reader ((int)strtoll, int32(n)) wraps onto the fixture: a + 2^32·k, least k
  // first, so the pool sends the least the absence guard proves absent (k = 1 lies inside the guard of a
  // cluster of small ids, which reaches 2^32 beyond it; kit/absence-guard.ts). Only a 32-bit reading names
  // the fixture (kit/id-readings.ts int32Reading), and a MUST finding is worth a fixture: tried after too-big.
  {
    kind: 'wraps-int32',
    fixture: 'MUST',
    fixtureOnly: true,
    tryAfter: 'too-big',
    variants: WRAP_STEPS.map(
      (k): Build =>
        (a) =>
          (a + k * 2n ** 32n).toString(),
    ),
  },
];

/** The INFO kinds, each judged by a check of its own. */
export const INFO_CHECKS: Readonly<Record<string, string>> = {
  'plus-sign': 'ID-CANCEL-PLUS-SIGN-INFO',
  'leading-zeros': 'ID-CANCEL-LEADING-ZEROS-INFO',
};

/** Every kind's name, in the order tried. */
export const KIND_NAMES: readonly string[] = SPELLING_KINDS.map((k) => k.kind);

/** The kinds a default run sends (each once): all but those whose length is the case. */
export const DEFAULT_KINDS: readonly SpellingKind[] = SPELLING_KINDS.filter((k) => !k.optIn);

/** Every variant of every kind: what --exhaustive sends. */
export const ALL_VARIANTS = SPELLING_KINDS.reduce((n, k) => n + k.variants.length, 0);

export function kindOf(name: string): SpellingKind {
  const k = SPELLING_KINDS.find((x) => x.kind === name);
  if (!k) throw new Error(`no spelling kind ${name}`);
  return k;
}

/** The segment of a kind's variant around `base` (the variant taken modulo the kind's count). */
export function spell(kind: SpellingKind, variant: number, base: bigint, size: number): string {
  const abs = base < 0n ? -base : base;
  return kind.variants[variant % kind.variants.length]!(base, abs, size);
}

/**
 * Lengths of the long segments: long enough that no int64 parser reads them whole, short enough that the
 * request line stays under the 4 KB every common front accepts (kit/front-refusal.ts), whatever the base path.
 */
export const LONG_MIN = 256;
export const LONG_MAX = 2000;
/** The length case's segment: a request line of about 6 KB, past 4 KB and within RFC 9112 §3's 8,000. */
export const OVER_LONG = 6000;
