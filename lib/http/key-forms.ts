// The altered credentials the auth checks send (spec §5: anything but "Bearer <key>" is a missing or invalid
// key), built from the key inside the client so checks never hold it. Each form names the secrets it makes,
// so the redactor scrubs them wherever they come back. Builds headers only; never sends.

/**
 * How the key is altered before it goes out: its case (all letters, or the first or last letter only), a part
 * of it (without its last or first character, either half, at least PART_MIN characters), or one more.
 */
export type KeyAlteration =
  | 'as-is'
  | 'case-flipped'
  | 'first-letter-flipped'
  | 'last-letter-flipped'
  | 'truncated'
  | 'without-first'
  | 'first-half'
  | 'second-half'
  | 'extended';

export type KeyForm =
  /** `<scheme><space?><before><key, altered><after>` as one Authorization line. */
  | { kind: 'scheme'; scheme: string; key: KeyAlteration; before?: string; after?: string; noSpace?: boolean }
  /** Basic credentials with the key as the user (`key:`) or as the password (`:key`). */
  | { kind: 'basic'; as: 'user' | 'password' }
  /** Two Authorization lines: the valid bearer credential, then `Bearer <other>`. */
  | { kind: 'twice'; other: string };

/** A secret the form puts on the wire, and the shell expression that rebuilds it from the key variable. */
export interface FormSecret {
  value: string;
  expression: string;
}

function flipCase(s: string): string {
  return [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
}

const LETTER = /[A-Za-z]/;

/** The key with one letter's case flipped, the first or the last; the key itself when it has no letter. */
function flipOneLetter(key: string, which: 'first' | 'last'): string {
  const chars = [...key];
  const order = chars.map((_, i) => i);
  const at = (which === 'first' ? order : order.reverse()).find((i) => LETTER.test(chars[i]!));
  if (at === undefined) return key;
  chars[at] = flipCase(chars[at]!);
  return chars.join('');
}

// POSIX awk that flips the case of the first (or, read backwards, the last) ASCII letter of its input line.
const AWK_FLIP = {
  first: 'for (i = 1; i <= length($0); i++) if (substr($0, i, 1) ~ /[A-Za-z]/) break;',
  last: 'for (i = length($0); i > 0; i--) if (substr($0, i, 1) ~ /[A-Za-z]/) break;',
};

function flipExpression(variable: string, which: 'first' | 'last'): string {
  const swap =
    'c = substr($0, i, 1); d = (c ~ /[a-z]/) ? toupper(c) : tolower(c); print substr($0, 1, i - 1) d substr($0, i + 1)';
  return `$(printf '%s\\n' "$${variable}" | awk '{ ${AWK_FLIP[which]} ${swap} }')`;
}

/** The shell expression for characters `from` to `to` (1-based, inclusive; `to` open when absent) of the key. */
const cutExpression = (variable: string, from: number, to?: number) =>
  `$(printf '%s\\n' "$${variable}" | cut -c${from}-${to ?? ''})`;

/**
 * The fewest characters a part of the key is sent with (a key under twice this is cut short of its halves):
 * the part is a secret the redactor looks for in every output, and a shorter one is ordinary text (the half
 * "key-" of "key-aaaa" is in the id AUTH-QUERY-KEY-401), which redacting everywhere would garble.
 */
export const PART_MIN = 8;

function alter(key: string, how: KeyAlteration, variable: string): { value: string; secret?: FormSecret } {
  const secret = (value: string, expression: string) => ({ value, secret: { value, expression } });
  // Each part at least PART_MIN long, and shorter than the key: the first ends at `half`, the second starts at `from`.
  const least = Math.min(PART_MIN, key.length - 1);
  const half = Math.max(Math.floor(key.length / 2), least);
  const from = Math.min(Math.floor(key.length / 2), key.length - least);
  switch (how) {
    case 'as-is':
      return { value: key };
    case 'case-flipped':
      return secret(flipCase(key), `$(printf '%s' "$${variable}" | tr 'a-zA-Z' 'A-Za-z')`);
    case 'first-letter-flipped':
      return secret(flipOneLetter(key, 'first'), flipExpression(variable, 'first'));
    case 'last-letter-flipped':
      return secret(flipOneLetter(key, 'last'), flipExpression(variable, 'last'));
    case 'truncated':
      return secret(key.slice(0, -1), `\${${variable}%?}`);
    case 'without-first':
      return secret(key.slice(1), `\${${variable}#?}`);
    case 'first-half':
      return secret(key.slice(0, half), cutExpression(variable, 1, half));
    case 'second-half':
      return secret(key.slice(from), cutExpression(variable, from + 1));
    case 'extended': {
      // The last character again: still a token68. Registered whole so the reproduction reads ${KEY}c,
      // not $KEYc (another variable).
      const value = key + key.slice(-1);
      return { value, secret: { value, expression: `\${${variable}}${key.slice(-1)}` } };
    }
  }
}

/** The Authorization lines a form sends, and the altered secrets among them (the key itself aside). */
export function authorizationLines(
  form: KeyForm,
  key: string,
  variable: string,
): { lines: string[]; secrets: FormSecret[] } {
  if (form.kind === 'basic') {
    const pair = form.as === 'user' ? `${key}:` : `:${key}`;
    return { lines: [`Basic ${Buffer.from(pair).toString('base64')}`], secrets: [] };
  }
  if (form.kind === 'twice') return { lines: [`Bearer ${key}`, `Bearer ${form.other}`], secrets: [] };
  const { value, secret } = alter(key, form.key, variable);
  const space = form.noSpace ? '' : ' ';
  return {
    lines: [`${form.scheme}${space}${form.before ?? ''}${value}${form.after ?? ''}`],
    secrets: secret ? [secret] : [],
  };
}

/**
 * Whether the form sends the key itself as a bearer token, unaltered: so does a change of case of a key with no
 * letter. Such a form is a valid credential, never sent as an altered one.
 */
export function sendsTheKey(form: KeyForm, key: string): boolean {
  if (form.kind !== 'scheme' || form.scheme.toLowerCase() !== 'bearer') return false;
  if (form.noSpace || form.before || form.after) return false;
  return alter(key, form.key, 'K').value === key;
}

/** How a form reads in a title or a finding (the key shown as <key>). */
export function describeForm(form: KeyForm): string {
  if (form.kind === 'basic') return form.as === 'user' ? '"Basic base64(<key>:)"' : '"Basic base64(:<key>)"';
  if (form.kind === 'twice') return `two Authorization lines ("Bearer <key>", "Bearer ${form.other}")`;
  const key = {
    'as-is': '<key>',
    'case-flipped': '<key, case flipped>',
    'first-letter-flipped': '<key, first letter case flipped>',
    'last-letter-flipped': '<key, last letter case flipped>',
    truncated: '<key minus its last character>',
    'without-first': '<key minus its first character>',
    'first-half': '<first half of the key>',
    'second-half': '<second half of the key>',
    extended: '<key plus one character>',
  }[form.key];
  if (form.scheme === '') return `"${form.before ?? ''}${key}${form.after ?? ''}" (no scheme)`;
  return `"${form.scheme}${form.noSpace ? '' : ' '}${form.before ?? ''}${key}${form.after ?? ''}"`;
}
