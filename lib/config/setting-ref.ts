// A setting named in a message as data: a token (`⟦setting:plan⟧`) that each face renders in its own words
// (setting-words.ts), the command's `--plan / ORDER_STORE_PLAN`, the API's `plan`. Below the faces nothing
// spells a flag or a variable; it names the setting's key. Imports nothing: settings.ts builds on it.

/**
 * The forms a message names a setting in, by what the command prints for each:
 * `setting` "--flag / ENV" (a reason to act), `env` "ENV (--flag)" (a configuration error), `flag` "--flag",
 * `var` "ENV". The API prints the key for all four.
 */
export type RefForm = 'setting' | 'env' | 'flag' | 'var';

/** The command's own switches a message may point at: the command prints `--help`, `--list`; the API names its own. */
export type CommandRef = 'help' | 'list';

/**
 * The delimiters, MATHEMATICAL WHITE SQUARE BRACKETS (U+27E6, U+27E7): no text of ours uses them, and a token's
 * grammar is closed (a form, a colon, the key of a declared setting), so a renderer turns only these into names.
 * A message may quote what a server sent, unescaped until its medium escapes it, so no delimiter is one a server
 * cannot send: what a forged token can do is make the message name one of our settings, in plain ASCII, which
 * the medium then escapes like any text; anything else between the brackets is left as the server wrote it.
 */
export const OPEN = '⟦';
export const CLOSE = '⟧';

/** Every token: form, key. */
export const TOKEN = /⟦(setting|env|flag|var|command):([A-Za-z]+)⟧/g;

/**
 * The token of `form` for the setting under `key`. Typed callers use settings.ts' settingRef, envRef, flagRef,
 * varRef (this file imports nothing, so settings.ts can build on it).
 */
export function ref(form: RefForm, key: string): string {
  return `${OPEN}${form}:${key}${CLOSE}`;
}

/** One of the command's switches that is no setting of the API: --help, --list. */
export function commandRef(name: CommandRef): string {
  return `${OPEN}command:${name}${CLOSE}`;
}
