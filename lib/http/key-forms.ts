// The altered credentials the auth checks send (spec §5: anything but "Bearer <key>" is a missing or invalid
// key), built from the key inside the client so checks never hold it. Each form names the secrets it makes,
// so the redactor scrubs them wherever they come back. Builds headers only; never sends.

/** How the key is altered before it goes out. */
export type KeyAlteration = 'as-is' | 'case-flipped' | 'truncated' | 'extended';

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

function alter(key: string, how: KeyAlteration, variable: string): { value: string; secret?: FormSecret } {
  switch (how) {
    case 'as-is':
      return { value: key };
    case 'case-flipped': {
      const value = flipCase(key);
      return {
        value,
        secret: { value, expression: `$(printf '%s' "$${variable}" | tr 'a-zA-Z' 'A-Za-z')` },
      };
    }
    case 'truncated': {
      const value = key.slice(0, -1);
      return { value, secret: { value, expression: `\${${variable}%?}` } };
    }
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

/** How a form reads in a title or a finding (the key shown as <key>). */
export function describeForm(form: KeyForm): string {
  if (form.kind === 'basic') return form.as === 'user' ? '"Basic base64(<key>:)"' : '"Basic base64(:<key>)"';
  if (form.kind === 'twice') return `two Authorization lines ("Bearer <key>", "Bearer ${form.other}")`;
  const key = {
    'as-is': '<key>',
    'case-flipped': '<key, case flipped>',
    truncated: '<key minus its last character>',
    extended: '<key plus one character>',
  }[form.key];
  return `"${form.scheme}${form.noSpace ? '' : ' '}${form.before ?? ''}${key}${form.after ?? ''}"`;
}
