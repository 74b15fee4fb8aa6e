// The JSON texts the transcript's hand-written entries (har-entry.ts) are made of, each as JSON.stringify
// writes it at indent 1; a value of a type they do not expect throws UNEXPECTED (the entry is then
// stringified from its object). Pure.

/** What JSON.stringify escapes in a string: a quote, a backslash, a control character, a surrogate. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters JSON escapes are the point.
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `s` as JSON.stringify writes it (a string with nothing to escape, quoted as it is: the common case). */
export function jsonString(s: string): string {
  return ESCAPED.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/** Thrown by a field of an unexpected type: the entry is then stringified from its object. */
export class Unexpected extends Error {}
export const UNEXPECTED = new Unexpected();

export const num = (v: unknown): string => {
  // JSON.stringify writes a finite number as String does (-0 as 0), any other as null: left to it.
  if (typeof v !== 'number' || !Number.isFinite(v)) throw UNEXPECTED;
  return String(v);
};

/**
 * `v` as JSON.stringify writes it as the property `key` of a nested object, each of its line breaks made
 * `indent` (a line break and the spaces the depth adds): stringified inside an object of its own, so a toJSON
 * hears its key as it would.
 */
export function nested(key: string, v: unknown, indent: string): string {
  const text = JSON.stringify({ [key]: v }, null, 1);
  const head = `{\n ${JSON.stringify(key)}: `;
  if (!text.startsWith(head)) throw UNEXPECTED; // left out (undefined, a function): not this entry's shape
  return text.slice(head.length, text.length - 2).replaceAll('\n', indent);
}

/**
 * `s`, flattened: V8 copies a string made by concatenation into one piece when a character of it is read.
 * Kept and written again and again, a string of many pieces was walked piece by piece each time.
 */
export function flat(s: string): string {
  s.charCodeAt(0);
  return s;
}
