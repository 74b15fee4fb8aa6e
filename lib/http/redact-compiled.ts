// The expressions and look-ups a Redactor builds from its secrets, rebuilt whenever one is added: which
// secret each alternative stands for, and what lets most texts and runs skip them. Builds only; redact.ts redacts.
import { escapeHint, escapeRegex, escapeStarts } from './redact-patterns.ts';
import { type RunFinder, runFinder } from './redact-runs.ts';

export interface Secret {
  value: string;
  /** What replaces it, e.g. `$ORDER_STORE_API_KEY`. */
  expression: string;
}

export interface Pattern {
  /** Finds the secret in every form. */
  source: string;
  /** Finds it only as it is (or in either case): the same matches on a text that holds no escape. */
  plainSource: string;
  /** The strings it finds as they are, when it finds only those. */
  literals?: string[];
  expression: string;
  /** Length of the plain secret, to try longer secrets first. */
  length: number;
  /** Case-exact patterns win over case-folded ones of the same secret. */
  exact: boolean;
}

/**
 * One expression per kind of text, the alternatives in the same order (group i stands for expressions[i]):
 * `plain` for texts without escapes (most of them: a request's Authorization header holds the key as it is),
 * `full`, large and slow to compile, only for texts that hold an escape of a secret's character.
 */
export interface Compiled {
  plain: RegExp;
  full: RegExp | undefined;
  fullSource: string;
  expressions: string[];
  /** Escapes a secret's forms can hold (`%2f`, `\u002f`, `&#47;`, `\/`): without one, only literal forms can. */
  escapes: RegExp;
  /**
   * An escape of a character of a plain secret (escapesOf): a text may hold escapes (`&#34;` in HTML, `%20` in
   * a URL) and yet none `full` could read as a secret's character, and then `plain` finds the same.
   */
  charEscapes: RegExp;
  /** Plain secrets in lower case, looked for in the text in lower case (undefined: one is not ASCII). */
  folded: string[] | undefined;
  /** Strings found only as they are (base64 cores, whole derived credentials). */
  literal: string[];
  /**
   * The runs of a long text that may hold a secret: those holding a plain secret in lower case, a base64 core
   * or a spelling of one, or the start of an escape (each run redactRun would change holds one).
   */
  runs: RunFinder;
  /**
   * redactRun's answers for these secrets: a run's redaction never changes while they do, and the runs of a
   * run's reports repeat (a report is rewritten as it grows, and rendered as JSON, XML, HTML and Markdown).
   */
  done: Map<string, string>;
  /** The same for redact's inert answers (`expressions` in their inert forms: inertExpression). */
  doneInert: Map<string, string>;
  /** `expressions`, each as an inert label where it holds a character a file format gives a meaning to. */
  inertExpressions: string[];
  /** The characters `done` and `doneInert` hold (its texts, and its answers that differ from them). */
  doneChars: number;
}

/** Characters no file format the run writes (JSON, XML, HTML, Markdown) nor a terminal gives a meaning to. */
const INERT = /^[A-Za-z0-9_${}.~+=/[\] -]*$/;

/**
 * `expression` where it is inert in every file (`$ORDER_STORE_API_KEY`, `[base64 of ...]`), else a label
 * naming its variable: a shell expression's quotes, pipes and backslashes, put into a file already written as
 * JSON or XML, would end a string or an attribute (a short secret found in a check's id broke report.json).
 */
export function inertExpression(expression: string): string {
  if (INERT.test(expression)) return expression;
  const variable = /\$\{?([A-Z][A-Z0-9_]*)/.exec(expression)?.[1];
  const label = variable ? `a form of ${variable}` : 'a secret';
  // A base64 label stays one (redact.ts then takes the base64 quanta around it too).
  return expression.startsWith('[base64 of ') ? `[base64 of ${label}]` : `[${label}]`;
}

/** What a Redactor holds: its secrets, their patterns, and the escapes of their characters. */
export interface Secrets {
  exactSecrets: readonly Secret[];
  patterns: readonly Pattern[];
  /** The secrets registered by addSecret, as they are. */
  plain: readonly string[];
  /** Other spellings of the base64 cores (see Redactor.addSecret). */
  coreVariants: readonly string[];
  charEscapes: RegExp;
}

/** The expressions for `secrets`; undefined when there is none. */
export function compileSecrets(secrets: Secrets): Compiled | undefined {
  const { exactSecrets, patterns, plain, coreVariants, charEscapes } = secrets;
  const all: Pattern[] = [
    ...exactSecrets.map((s) => {
      const source = escapeRegex(s.value);
      return {
        source,
        plainSource: source,
        literals: [s.value],
        expression: s.expression,
        length: s.value.length + 1000, // whole derived credentials first
        exact: true,
      };
    }),
    ...patterns,
  ].sort((a, b) => b.length - a.length || Number(b.exact) - Number(a.exact));
  if (all.length === 0) return undefined;
  const folded = plain.every((p) => /^[\x20-\x7e]*$/.test(p)) ? plain.map((p) => p.toLowerCase()) : undefined;
  const literal = all.flatMap((p) => p.literals ?? []);
  const held = [...plain, ...exactSecrets.map((x) => x.value)];
  return {
    plain: new RegExp(all.map((p) => `(${p.plainSource})`).join('|'), 'g'),
    full: undefined,
    fullSource: all.map((p) => `(${p.source})`).join('|'),
    expressions: all.map((p) => p.expression),
    inertExpressions: all.map((p) => inertExpression(p.expression)),
    escapes: escapeHint(plain),
    charEscapes,
    folded,
    literal,
    runs: runFinder(
      held,
      folded && [
        ...folded,
        ...[...literal, ...coreVariants, ...escapeStarts(plain)].map((n) => n.toLowerCase()),
      ],
    ),
    done: new Map(),
    doneInert: new Map(),
    doneChars: 0,
  };
}
