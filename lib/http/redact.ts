// Keeps API keys out of everything the harness prints or writes. Each secret is found in every form a server
// or a writer may give it (verbatim, case-flipped, JSON- or HTML-escaped, percent-encoded, inside any base64)
// and replaced by the shell expression that rebuilds it, so redacted evidence doubles as a reproduction.
// It redacts only what is written: checks judge the raw exchange, never a redacted copy.

export interface Secret {
  value: string;
  /** What replaces it, e.g. `$ORDER_STORE_API_KEY`. */
  expression: string;
}

export const KEY_VARIABLE = 'ORDER_STORE_API_KEY';
export const SECOND_KEY_VARIABLE = 'ORDER_STORE_SECOND_API_KEY';
/** What replaces a secret registered without an expression of its own. */
export const REDACTED = '[REDACTED]';

/** Shorter secrets are ignored: redacting "ab" would garble every body. */
const MIN_SECRET_LENGTH = 4;

interface Pattern {
  source: string;
  expression: string;
  /** Length of the plain secret, to try longer secrets first. */
  length: number;
  /** Case-exact patterns win over case-folded ones of the same secret. */
  exact: boolean;
}

const escapeRegex = (s: string): string => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** A hex digit pair matching either case: `2f` -> `2[fF]`. */
function hexPattern(hex: string): string {
  return [...hex].map((d) => (/[a-f]/i.test(d) ? `[${d.toLowerCase()}${d.toUpperCase()}]` : d)).join('');
}

/**
 * Every way one character of a secret can be written: itself (either case when folding), percent-encoded
 * (also twice), a JSON \u escape or backslash escape (also inside JSON strings serialised again, twice), or an HTML
 * character reference.
 */
function charPattern(c: string, fold: boolean): string {
  const lower = c.toLowerCase();
  const upper = c.toUpperCase();
  const literal =
    fold && lower !== upper && lower.length === 1 && upper.length === 1
      ? `[${escapeRegex(lower)}${escapeRegex(upper)}]`
      : escapeRegex(c);
  const alternatives = [literal];
  const bytes = [...Buffer.from(c, 'utf8')].map((b) => b.toString(16).padStart(2, '0'));
  alternatives.push(bytes.map((b) => `%(?:25)?${hexPattern(b)}`).join(''));
  const code = c.codePointAt(0)!;
  if (code <= 0xffff) {
    alternatives.push(`\\\\{1,7}u${hexPattern(code.toString(16).padStart(4, '0'))}`);
    alternatives.push(`&#[xX]0*${hexPattern(code.toString(16))};`, `&#0*${code};`);
  }
  if ('/"\\'.includes(c)) alternatives.push(`\\\\{1,7}${escapeRegex(c)}`);
  return `(?:${alternatives.join('|')})`;
}

function textPattern(value: string, fold: boolean): string {
  return [...value].map((c) => charPattern(c, fold)).join('');
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

export class Redactor {
  private readonly exactSecrets: Secret[] = [];
  private readonly patterns: Pattern[] = [];
  private readonly plain: string[] = [];
  private compiled: { regex: RegExp; expressions: string[] } | undefined;

  constructor(secrets: Secret[] = []) {
    for (const s of secrets) this.add(s);
  }

  /** Registers one exact string (e.g. a whole derived credential with an expression that rebuilds it). */
  add(secret: Secret): void {
    if (secret.value.length < MIN_SECRET_LENGTH || this.exactSecrets.some((s) => s.value === secret.value))
      return;
    this.exactSecrets.push(secret);
    this.exactSecrets.sort((a, b) => b.value.length - a.value.length);
    this.compiled = undefined;
  }

  /**
   * Registers a secret the run sends or holds (a key, or an altered form of it that a check sends: truncated,
   * case-flipped, extended), in every form it can come back in: verbatim, case-flipped, JSON/HTML-escaped,
   * percent-encoded, and inside any base64. `expression` replaces it (a shell expression when one rebuilds it).
   */
  addSecret(value: string, expression: string = REDACTED): void {
    if (value.length < MIN_SECRET_LENGTH || this.plain.includes(value)) return;
    this.plain.push(value);
    this.patterns.push(
      { source: textPattern(value, false), expression, length: value.length, exact: true },
      { source: textPattern(value, true), expression, length: value.length, exact: false },
    );
    const label = `[base64 of ${expression.startsWith('$') ? expression.slice(1) : 'a secret'}]`;
    for (const core of base64Cores(value))
      this.patterns.push({ source: escapeRegex(core), expression: label, length: value.length, exact: true });
    this.compiled = undefined;
  }

  /** Registers a key under its variable name, with every form of it (addSecret) and its Basic credential. */
  addKey(value: string, variable: string): void {
    this.addSecret(value, `$${variable}`);
    this.add({
      value: Buffer.from(`${value}:`).toString('base64'),
      // POSIX: macOS base64 has no -w; GNU wraps at 76 columns, which tr undoes.
      expression: `$(printf '%s:' "$${variable}" | base64 | tr -d '\\n')`,
    });
  }

  /** The expressions that stand for secrets, for curl.ts to leave unescaped. */
  expressions(): string[] {
    const all = [...this.exactSecrets.map((s) => s.expression), ...this.patterns.map((p) => p.expression)];
    return [...new Set(all)].filter((e) => e.startsWith('$')).sort((a, b) => b.length - a.length);
  }

  private regex(): { regex: RegExp; expressions: string[] } | undefined {
    if (this.compiled) return this.compiled;
    const all: Pattern[] = [
      ...this.exactSecrets.map((s) => ({
        source: escapeRegex(s.value),
        expression: s.expression,
        length: s.value.length + 1000, // whole derived credentials first
        exact: true,
      })),
      ...this.patterns,
    ].sort((a, b) => b.length - a.length || Number(b.exact) - Number(a.exact));
    if (all.length === 0) return undefined;
    this.compiled = {
      regex: new RegExp(all.map((p) => `(${p.source})`).join('|'), 'g'),
      expressions: all.map((p) => p.expression),
    };
    return this.compiled;
  }

  redact(text: string): string {
    const compiled = this.regex();
    if (!compiled || text === '') return text;
    const { regex, expressions } = compiled;
    return text.replace(regex, (...groups: unknown[]) => {
      const i = groups.slice(1, expressions.length + 1).findIndex((g) => g !== undefined);
      return expressions[i] ?? REDACTED;
    });
  }

  /**
   * `text` cut to at most `length` characters, redacted, never ending inside a secret: a cut through a secret
   * (or a body that ends partway into one) would leave a prefix of it that no pattern matches any more.
   */
  redactCut(text: string, length: number): string {
    let cut = Math.min(length, text.length);
    const compiled = this.regex();
    if (compiled) {
      // A match that straddles the cut moves the cut to its start.
      const longest = Math.max(0, ...this.plain.map((p) => p.length)) * 24;
      const from = Math.max(0, cut - longest);
      const window = text.slice(from, cut + longest);
      for (const m of window.matchAll(compiled.regex)) {
        const start = from + m.index;
        if (start < cut && start + m[0].length > cut) cut = start;
      }
      // The kept text must not end with the start of a secret either (the body itself may stop there).
      const kept = text.slice(0, cut);
      for (const p of this.plain) {
        for (let n = Math.min(p.length - 1, kept.length); n >= MIN_SECRET_LENGTH; n--) {
          if (kept.slice(-n).toLowerCase() === p.slice(0, n).toLowerCase()) {
            cut -= n;
            break;
          }
        }
      }
    }
    return this.redact(text.slice(0, cut));
  }

  redactHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(headers)) {
      if (v === undefined) continue;
      out[k] = Array.isArray(v) ? v.map((x) => this.redact(x)) : this.redact(v);
    }
    return out;
  }
}

/** A redactor that knows the run's keys (the HTTP client adds the same; registering twice is harmless). */
export function keyRedactor(apiKey: string, secondApiKey?: string): Redactor {
  const r = new Redactor();
  r.addKey(apiKey, KEY_VARIABLE);
  if (secondApiKey) r.addKey(secondApiKey, SECOND_KEY_VARIABLE);
  return r;
}
