// One copy of each recurring string, header record and request of a long recording (the same list body, the
// same Content-Type, the same redacted Authorization line on a million exchanges). Bounded: at its cap it
// forgets all and starts over. Values handed out are shared: no one may change them.

/** Longest string kept (a body the transcript keeps is at most 16 KiB of text). */
const MAX_CHARS = 64 * 1024;
/** Most distinct values kept, of each kind, before it starts over. */
const MAX_VALUES = 200_000;
/** Most fields of a record made from a shape (#blank); a larger one is built field by field. */
const MAX_SHAPE_FIELDS = 64;
/** Most shapes kept (a recording's records come in a few). */
const MAX_SHAPES = 10_000;

type Fields = Record<string, string | string[]>;

/** A request as the transcript records it (transcript.ts RecordedRequest). */
interface Request {
  method: string;
  url: string;
  headers: Fields;
}

export class Interner {
  /** Each string kept, by its number; the numbers make short keys for the records made of them. */
  readonly #ids = new Map<string, number>();
  readonly #strings: string[] = [];
  readonly #records = new Map<string, Fields>();
  /** The key of each record handed out since the last start-over (numbers of that generation's strings). */
  #recordKeys = new WeakMap<Fields, string>();
  readonly #requests = new Map<string, Request>();
  readonly #values = new Map<string, unknown>();
  /** A record of each shape (names in order, by their numbers) to copy new records from (#blank). */
  readonly #shapes = new Map<string, Fields>();
  /** What was made of an object handed again (once), with what it was made by. */
  #made = new WeakMap<object, { by: object; value: unknown }>();

  constructor(
    /** Most distinct values of each kind kept before starting over. */
    private readonly maxValues = MAX_VALUES,
  ) {}

  /**
   * At the cap, forgets every value and key and starts over. Only between two calls: a key is made of one
   * generation's string numbers, so a record keyed before is no longer known (it is shared afresh if it
   * recurs). Kept to the cap, it shared nothing new after a million entries' first 200,000 values, and each
   * later list body, Date and record was a copy of its own.
   */
  #roll(): void {
    if (this.#strings.length < this.maxValues && this.#records.size < this.maxValues) {
      if (this.#requests.size >= this.maxValues) this.#requests.clear();
      return;
    }
    this.#ids.clear();
    this.#strings.length = 0;
    this.#records.clear();
    this.#recordKeys = new WeakMap();
    this.#made = new WeakMap();
    this.#requests.clear();
    this.#shapes.clear();
  }

  #id(s: string): number | undefined {
    if (s.length > MAX_CHARS) return undefined;
    let id = this.#ids.get(s);
    // Past the cap within one call (a record of many fields): kept, the call's keys staying of one generation.
    if (id === undefined && this.#strings.length < 2 * this.maxValues) {
      id = this.#strings.length;
      this.#ids.set(s, id);
      this.#strings.push(s);
    }
    return id;
  }

  /** The one copy of `s`. */
  string(s: string): string {
    this.#roll();
    const id = this.#id(s);
    return id === undefined ? s : this.#strings[id]!;
  }

  /** The one copy of a header record equal to `r` (same names, values and order), its strings shared too. */
  fields(r: Fields): Fields {
    this.#roll();
    // Already one handed out (a record redaction left alone): it is its own copy.
    if (this.#recordKeys.has(r)) return r;
    // A key of the strings' numbers (a record is its strings in order), built while they are shared: joined
    // once into one flat string. Built by `+=`, it was a rope of two nodes a number, kept for every record
    // (a long recording's records differ by their Date and Remaining: some 500 bytes each, 40 MB at 100k).
    const key: Array<number | string> = [];
    // The names' numbers alone: which shape a new record takes (#blank).
    const shape: number[] = [];
    let keyed = true;
    const one = (v: string): string => {
      const id = this.#id(v);
      if (id === undefined) {
        keyed = false;
        return v;
      }
      key.push(id);
      return this.#strings[id]!;
    };
    const names: string[] = [];
    const values: Array<string | string[]> = [];
    for (const name of Object.keys(r)) {
      const n = one(name);
      if (keyed) shape.push(key[key.length - 1] as number);
      names.push(n);
      const value = r[name]!;
      if (Array.isArray(value)) {
        key.push('[');
        values.push(value.map(one));
        key.push(']');
      } else {
        key.push(':');
        values.push(one(value));
      }
    }
    const flat = keyed ? key.join(',') : undefined;
    if (flat !== undefined) {
      const had = this.#records.get(flat);
      if (had !== undefined) return had;
    }
    const out = keyed ? this.#blank(shape, names) : {};
    for (let i = 0; i < names.length; i++) out[names[i]!] = values[i]!;
    if (flat === undefined) return out;
    this.#records.set(flat, out);
    this.#recordKeys.set(out, flat);
    return out;
  }

  /**
   * A new record with these names (their numbers `shape`), each to be assigned in this order: a copy of one
   * made by JSON.parse, which holds every field in the object itself, where a record built field by field
   * holds the fifth and later in an array of their own (some 35 bytes more for each of a long recording's
   * records). A name the object literal reads as its prototype, or a record of many fields, is built plainly.
   */
  #blank(shape: readonly number[], names: readonly string[]): Fields {
    if (names.length > MAX_SHAPE_FIELDS || names.includes('__proto__')) return {};
    const key = shape.join(',');
    let template = this.#shapes.get(key);
    if (template === undefined) {
      template = JSON.parse(JSON.stringify(Object.fromEntries(names.map((n) => [n, ''])))) as Fields;
      if (this.#shapes.size < MAX_SHAPES) this.#shapes.set(key, template);
    }
    return { ...template };
  }

  /** The one copy of a request equal to this one; `headers` as `fields` handed it out. */
  request(method: string, url: string, headers: Fields): Request {
    this.#roll();
    const m = this.#id(method);
    const u = this.#id(url);
    const h = this.#recordKeys.get(headers);
    if (m === undefined || u === undefined || h === undefined)
      return { method: this.string(method), url: this.string(url), headers };
    const key = `${m} ${u} ${h}`;
    const had = this.#requests.get(key);
    if (had !== undefined) return had;
    const out = { method: this.#strings[m]!, url: this.#strings[u]!, headers };
    this.#requests.set(key, out);
    return out;
  }

  /**
   * What `make` gave the first time it was asked for `of` with `by` (both by identity: the header lines a
   * recording's entries share (engine/shared-lines.ts), redacted by one redactor); made again when asked with another `by`.
   */
  once<T>(of: object, by: object, make: () => T): T {
    const had = this.#made.get(of);
    if (had !== undefined && had.by === by) return had.value as T;
    const value = make();
    this.#made.set(of, { by, value });
    return value;
  }

  /** The one copy of a plain JSON value equal to `v` under `key` (the caller's exact serialisation). */
  value<T>(key: string, v: T): T {
    const had = this.#values.get(key);
    if (had !== undefined) return had as T;
    if (key.length <= MAX_CHARS) {
      if (this.#values.size >= this.maxValues) this.#values.clear();
      this.#values.set(key, v);
    }
    return v;
  }
}
