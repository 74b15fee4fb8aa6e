// The regular expressions that find one secret in each form a server or a writer may give it back: per
// character (itself, either case, percent-encoded, JSON- or HTML-escaped) and inside base64. Builds
// patterns only; redact.ts decides their order and what replaces them.

/** Shorter secrets are ignored: redacting "ab" would garble every body. */
export const MIN_SECRET_LENGTH = 4;

export const escapeRegex = (s: string): string => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** A hex digit pair matching either case: `2f` -> `2[fF]`. */
function hexPattern(hex: string): string {
  return [...hex].map((d) => (/[a-f]/i.test(d) ? `[${d.toLowerCase()}${d.toUpperCase()}]` : d)).join('');
}

/**
 * Every way one character of a secret can be written: itself (either case when folding) and, with `escaped`,
 * percent-encoded (also twice), a JSON \u escape or backslash escape (also inside JSON strings serialised
 * again, twice), or an HTML character reference.
 */
function charPattern(c: string, fold: boolean, escaped: boolean): string {
  const lower = c.toLowerCase();
  const upper = c.toUpperCase();
  const literal =
    fold && lower !== upper && lower.length === 1 && upper.length === 1
      ? `[${escapeRegex(lower)}${escapeRegex(upper)}]`
      : escapeRegex(c);
  if (!escaped) return literal;
  return `(?:${[literal, ...charEscapes(c)].join('|')})`;
}

/** The escaped ways of charPattern: every one starts with `%`, `\\` or `&#`. */
function charEscapes(c: string): string[] {
  const alternatives: string[] = [];
  const bytes = [...Buffer.from(c, 'utf8')].map((b) => b.toString(16).padStart(2, '0'));
  alternatives.push(bytes.map((b) => `%(?:25)?${hexPattern(b)}`).join(''));
  const code = c.codePointAt(0)!;
  if (code <= 0xffff) {
    alternatives.push(`\\\\{1,7}u${hexPattern(code.toString(16).padStart(4, '0'))}`);
    alternatives.push(`&#[xX]0*${hexPattern(code.toString(16))};`, `&#0*${code};`);
  }
  if (ESCAPED_AS_THEMSELVES.includes(c)) alternatives.push(`\\\\{1,7}${escapeRegex(c)}`);
  return alternatives;
}

/**
 * Finds an escape of one of the characters of `values` (as textPattern writes them). A text without one
 * meets every escaped form of textPattern only where it meets the plain one: each escape alternative fails.
 */
export function escapesOf(values: string[]): RegExp {
  return new RegExp([...new Set([...values.join('')])].flatMap(charEscapes).join('|'));
}

/** Characters a JSON writer may escape with a backslash before them. */
const ESCAPED_AS_THEMSELVES = '/"\\';

/** `value` in every form (`escaped`), or only as it is or in either case (`fold`). */
export function textPattern(value: string, fold: boolean, escaped: boolean): string {
  return [...value].map((c) => charPattern(c, fold, escaped)).join('');
}

/** The characters of `values` a JSON writer may escape with a backslash before them. */
const ownEscaped = (values: readonly string[]) =>
  [...new Set(values.join(''))].filter((c) => ESCAPED_AS_THEMSELVES.includes(c));

/**
 * What every escaped form of `values` holds and a text with no escapes lacks: a percent sign before a hex
 * digit, a backslash before `u` (or before one of the values' characters a JSON writer escapes), `&#`.
 */
export function escapeHint(values: readonly string[]): RegExp {
  const own = ownEscaped(values);
  return new RegExp(['%[0-9a-fA-F]', '\\\\u', '&#', ...own.map((c) => `\\\\${escapeRegex(c)}`)].join('|'));
}

/** What escapeHint looks for, as plain strings (a percent sign alone): one of them starts every escape. */
export function escapeStarts(values: readonly string[]): string[] {
  return ['%', '\\u', '&#', ...ownEscaped(values).map((c) => `\\${c}`)];
}

/**
 * The part of base64(prefix + value + suffix) that depends on `value` alone, for each of the three
 * alignments `value` can have, in the standard and the URL-safe alphabet. Finding these finds the secret
 * inside base64 of `value`, `Bearer value`, `user:value`, `value:` or anything else that contains it.
 */
export function base64Cores(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const cores = new Set<string>();
  for (const offset of [0, 1, 2]) {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes]);
    const encoded = padded.toString('base64');
    const start = [0, 2, 3][offset]!;
    const end = 4 * Math.floor(padded.length / 3);
    const core = encoded.slice(start, end);
    if (core.length < MIN_SECRET_LENGTH) continue;
    cores.add(core);
    cores.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...cores];
}

/** A base64 string as it is and as writers escape its punctuation: JSON (`\/`), URLs (`%2F`, `%2f`), HTML (`&#47;`). */
export function base64Escapes(core: string): string[] {
  const hex = (c: string) => c.charCodeAt(0).toString(16).toUpperCase();
  const forms = [
    core,
    core.replace(/\//g, '\\/'),
    core.replace(/[+/]/g, (c) => `%${hex(c)}`),
    core.replace(/[+/]/g, (c) => `%${hex(c).toLowerCase()}`),
    core.replace(/[+/]/g, (c) => `&#${c.charCodeAt(0)};`),
  ];
  return [...new Set(forms)];
}

/**
 * Characters no form of a secret holds unless the secret itself does: whitespace, quotes and the brackets
 * and commas of JSON, HTML and headers. Escapes (%, \\, &#;) and base64 (+/=-_) are never among them.
 */
const SEPARATORS = ' \t\r\n"\',{}()<>[]|`^~!*';

/**
 * The runs of a text that may hold a secret in some form: at least MIN_SECRET_LENGTH characters between
 * two separators, the characters of `secrets` (any of which a form may hold) never counting as separators.
 */
export function runPattern(secrets: readonly string[]): RegExp {
  const cls = runSeparators(secrets)
    .map((c) => (c === '\t' ? '\\t' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : escapeRegex(c)))
    .join('');
  return new RegExp(`[^${cls}]{${MIN_SECRET_LENGTH},}`, 'g');
}

/** The separators of runPattern for `secrets`: SEPARATORS less the characters a secret holds. */
export function runSeparators(secrets: readonly string[]): string[] {
  const held = new Set(secrets.join(''));
  return [...SEPARATORS].filter((c) => !held.has(c));
}
