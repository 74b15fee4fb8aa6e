// Keeps API keys out of everything the harness prints or writes. Each secret is found in every form a server
// or a writer may give it (verbatim, case-flipped, JSON- or HTML-escaped, percent-encoded, inside any base64)
// and replaced by the shell expression that rebuilds it, so redacted evidence doubles as a reproduction.
// It redacts only what is written: checks judge the raw exchange, never a redacted copy.

import { settingOf } from '../config/settings.ts';
import { type Compiled, compileSecrets, type Pattern, type Secret } from './redact-compiled.ts';
import {
  base64Cores,
  base64Escapes,
  escapeRegex,
  escapesOf,
  MIN_SECRET_LENGTH,
  textPattern,
} from './redact-patterns.ts';

export type { Secret } from './redact-compiled.ts';
export { base64Cores } from './redact-patterns.ts';

/** How a secret found inside base64 reads once redacted: `[base64 of ORDER_STORE_API_KEY]`. */
const BASE64_LABEL = '[base64 of ';
/** One character of base64 (standard or URL-safe), as written or as a writer escapes it. */
const B64_CHAR = String.raw`(?:[A-Za-z0-9+/_-]|%(?:25)?(?:2[bBfF]|3[dD])|\\{1,7}/|&#(?:43|47|x2[bBfF]);)`;
const B64_PAD = '(?:=|%(?:25)?3[dD]|&#(?:61|x3[dD]);)';
/**
 * A base64 core ends on a whole quantum of the secret alone; the quantum after it still holds up to two of
 * the secret's last bytes (base64 of `:key` ends `...eHk=`, "xy"), and the quantum before it part of the
 * first. Both go with the label, padding included, so no two characters of a secret are left to decode.
 */
const BASE64_AROUND = new RegExp(`${B64_CHAR}{0,3}(\\[base64 of [^\\]]*\\])${B64_CHAR}{0,4}${B64_PAD}*`, 'g');

/** The variables a reproduction reads the keys from: the settings' own (a curl line is shell, in every face). */
export const KEY_VARIABLE = settingOf('apiKey').env;
export const SECOND_KEY_VARIABLE = settingOf('secondApiKey').env;
/** What replaces a secret registered without an expression of its own. */
export const REDACTED = '[REDACTED]';

/**
 * A text longer than this (a report, a transcript, an exchange in it) is redacted run by run (runPattern): the
 * expressions, large alternations tried at every position, then meet only the runs that may hold a secret.
 * Scrubbing a default run's files whole took more than half the run's CPU.
 */
const WHOLE_BELOW = 256;

/** Most answers a Compiled remembers, the longest text it remembers one for, and most characters in all. */
const DONE_MAX = 20_000;
const DONE_LONGEST = 4096;
const DONE_CHARS = 4_000_000;

export class Redactor {
  private readonly exactSecrets: Secret[] = [];
  private readonly patterns: Pattern[] = [];
  private readonly plain: string[] = [];
  /** Other spellings of the base64 cores, each with the label that replaces it (see addSecret). */
  private readonly coreVariants = new Map<string, string>();
  private variantsRegex: RegExp | undefined;
  private charEscapesOf: { chars: string; regex: RegExp } | undefined;
  private compiled: Compiled | undefined;

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
    const length = value.length;
    for (const exact of [true, false])
      this.patterns.push({
        source: textPattern(value, !exact, true),
        plainSource: textPattern(value, !exact, false),
        expression,
        length,
        exact,
      });
    const label = `${BASE64_LABEL}${expression.startsWith('$') ? expression.slice(1) : 'a secret'}]`;
    for (const core of base64Cores(value)) {
      const source = escapeRegex(core);
      this.patterns.push({
        source,
        plainSource: source,
        literals: [core],
        expression: label,
        length,
        exact: true,
      });
      // Its other spellings (upper- or lower-cased by a server that echoes a token so, escaped by a JSON, URL
      // or HTML writer) go to a pass of their own: in the main expressions they made V8 run them 70 times slower.
      for (const variant of [core.toUpperCase(), core.toLowerCase(), ...base64Escapes(core)])
        if (variant !== core) this.coreVariants.set(variant, label);
    }
    this.variantsRegex = undefined;
    this.compiled = undefined;
  }

  /**
   * Registers a key under its variable name, with every form of it (addSecret) and its Basic credentials, the
   * key as the user (`key:`) and as the password (`:key`).
   */
  addKey(value: string, variable: string): void {
    this.addSecret(value, `$${variable}`);
    for (const format of ['%s:', ':%s'])
      this.add({
        value: Buffer.from(format.replace('%s', value)).toString('base64'),
        // POSIX: macOS base64 has no -w; GNU wraps at 76 columns, which tr undoes.
        expression: `$(printf '${format}' "$${variable}" | base64 | tr -d '\\n')`,
      });
  }

  /** The expressions that stand for secrets, for curl.ts to leave unescaped. */
  expressions(): string[] {
    const all = [...this.exactSecrets.map((s) => s.expression), ...this.patterns.map((p) => p.expression)];
    return [...new Set(all)].filter((e) => e.startsWith('$')).sort((a, b) => b.length - a.length);
  }

  private compile(): Compiled | undefined {
    this.compiled ??= compileSecrets({
      exactSecrets: this.exactSecrets,
      patterns: this.patterns,
      plain: this.plain,
      coreVariants: [...this.coreVariants.keys()],
      charEscapes: this.charEscapes(),
    });
    return this.compiled;
  }

  /**
   * Whether `text` may hold a secret in any form: false only when it provably holds none (no escape a form
   * could use, and no secret as it is or in another case), so most texts skip every expression.
   */
  mayHold(text: string): boolean {
    const compiled = this.compile();
    if (!compiled || text.length < MIN_SECRET_LENGTH) return false;
    const { escapes, folded, literal } = compiled;
    if (folded === undefined || escapes.test(text)) return true;
    const lower = text.toLowerCase();
    return folded.some((f) => lower.includes(f)) || literal.some((l) => text.includes(l));
  }

  /** escapesOf the plain secrets, rebuilt only when a secret brings a new character (it takes milliseconds). */
  private charEscapes(): RegExp {
    const chars = [...new Set([...this.plain.join('')])].sort().join('');
    if (this.charEscapesOf?.chars !== chars) this.charEscapesOf = { chars, regex: escapesOf([chars]) };
    return this.charEscapesOf.regex;
  }

  /**
   * The expression that finds every secret in `text`: the small one when `text` holds no escape of a secret's
   * character. The large one takes tens of milliseconds to compile, again whenever a secret is added.
   */
  private regexFor(compiled: Compiled, text: string): RegExp {
    if (compiled.folded !== undefined && !(compiled.escapes.test(text) && compiled.charEscapes.test(text)))
      return compiled.plain;
    compiled.full ??= new RegExp(compiled.fullSource, 'g');
    return compiled.full;
  }

  /**
   * Every secret of `text` replaced by its expression. `inert`: by a label with no character a file format gives
   * a meaning to where the expression has one (inertExpression), for a text already written as JSON, XML, HTML
   * or Markdown, which an expression's quotes would break.
   */
  redact(text: string, inert = false): string {
    const compiled = this.compile();
    if (!compiled) return text;
    if (text.length < WHOLE_BELOW) return this.redactRunOnce(compiled, text, inert);
    const done = inert ? compiled.doneInert : compiled.done;
    const had = done.get(text);
    if (had !== undefined) return had;
    const out = compiled.runs.replaceRuns(text, (run) => this.redactRunOnce(compiled, run, inert));
    remember(compiled, done, text, out);
    return out;
  }

  /** redactRun, remembered (Compiled.done, or doneInert). */
  private redactRunOnce(compiled: Compiled, text: string, inert: boolean): string {
    const done = inert ? compiled.doneInert : compiled.done;
    const had = done.get(text);
    if (had !== undefined) return had;
    const out = this.redactRun(compiled, text, inert);
    remember(compiled, done, text, out);
    return out;
  }

  /** Every secret of `text` replaced; `text` a short one or one run of a long one. */
  private redactRun(compiled: Compiled, text: string, inert: boolean): string {
    let base64 = false;
    let out = text;
    if (this.mayHold(text)) {
      const expressions = inert ? compiled.inertExpressions : compiled.expressions;
      out = text.replace(this.regexFor(compiled, text), (...groups: unknown[]) => {
        const i = groups.slice(1, expressions.length + 1).findIndex((g) => g !== undefined);
        const expression = expressions[i] ?? REDACTED;
        if (expression.startsWith(BASE64_LABEL)) base64 = true;
        return expression;
      });
    }
    const variants = this.variants();
    if (variants)
      out = out.replace(variants, (m) => {
        base64 = true;
        return this.coreVariants.get(m) ?? REDACTED;
      });
    return base64 ? out.replace(BASE64_AROUND, '$1') : out;
  }

  /** One expression for the other spellings of every base64 core, longest first; undefined when none. */
  private variants(): RegExp | undefined {
    if (this.variantsRegex || this.coreVariants.size === 0) return this.variantsRegex;
    const all = [...this.coreVariants.keys()].sort((a, b) => b.length - a.length);
    this.variantsRegex = new RegExp(all.map(escapeRegex).join('|'), 'g');
    return this.variantsRegex;
  }

  /**
   * `text` cut to at most `length` characters, redacted, never ending inside a secret: a cut through a secret
   * (or a body that ends partway into one) would leave a prefix of it that no pattern matches any more.
   */
  redactCut(text: string, length: number): string {
    let cut = Math.min(length, text.length);
    const compiled = this.compile();
    if (compiled) {
      // A match that straddles the cut moves the cut to its start.
      const longest = Math.max(0, ...this.plain.map((p) => p.length)) * 24;
      const from = Math.max(0, cut - longest);
      const window = text.slice(from, cut + longest);
      if (this.mayHold(window))
        for (const m of window.matchAll(this.regexFor(compiled, window))) {
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

/** Keeps `out` as the answer for `text` while the bounds allow (a text and its answer count once each). */
function remember(compiled: Compiled, done: Map<string, string>, text: string, out: string): void {
  const chars = text.length + (out === text ? 0 : out.length);
  if (done.size >= DONE_MAX || text.length > DONE_LONGEST || compiled.doneChars + chars > DONE_CHARS) return;
  // A run is a slice of its text: a copy lets a remembered run not keep a whole report alive.
  const own: string = JSON.parse(JSON.stringify(text));
  done.set(own, out === text ? own : out);
  compiled.doneChars += chars;
}

/** A redactor that knows the run's keys (the HTTP client adds the same; registering twice is harmless). */
export function keyRedactor(apiKey: string, secondApiKey?: string): Redactor {
  const r = new Redactor();
  r.addKey(apiKey, KEY_VARIABLE);
  if (secondApiKey) r.addKey(secondApiKey, SECOND_KEY_VARIABLE);
  return r;
}
