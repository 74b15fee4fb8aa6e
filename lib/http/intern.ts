// One copy of each recurring string and header record of a long recording (the same list body, the same
// Content-Type, the same redacted Authorization line on a million exchanges), so the transcript of a passive
// run grows with what differs between exchanges, not with their count. Bounded: past its caps it keeps nothing
// new and hands each value back as it is. Values handed out are shared: no one may change them.

/** Longest string kept (a body the transcript keeps is at most 16 KiB of text). */
const MAX_CHARS = 64 * 1024;
/** Most distinct values kept, of each kind. */
const MAX_VALUES = 200_000;

type Fields = Record<string, string | string[]>;

export class Interner {
  readonly #strings = new Map<string, string>();
  readonly #records = new Map<string, Fields>();
  readonly #values = new Map<string, unknown>();

  /** The one copy of `s`. */
  string(s: string): string {
    if (s.length > MAX_CHARS) return s;
    const had = this.#strings.get(s);
    if (had !== undefined) return had;
    if (this.#strings.size < MAX_VALUES) this.#strings.set(s, s);
    return s;
  }

  /** The one copy of a header record equal to `r` (same names, values and order), its strings shared too. */
  fields(r: Fields): Fields {
    const key = JSON.stringify(r);
    const had = this.#records.get(key);
    if (had !== undefined) return had;
    const out: Fields = {};
    for (const [name, value] of Object.entries(r))
      out[this.string(name)] = Array.isArray(value) ? value.map((v) => this.string(v)) : this.string(value);
    if (this.#records.size < MAX_VALUES && key.length <= MAX_CHARS) this.#records.set(key, out);
    return out;
  }

  /** The one copy of a plain JSON value equal to `v` under `key` (the caller's exact serialisation). */
  value<T>(key: string, v: T): T {
    const had = this.#values.get(key);
    if (had !== undefined) return had as T;
    if (this.#values.size < MAX_VALUES && key.length <= MAX_CHARS) this.#values.set(key, v);
    return v;
  }
}
