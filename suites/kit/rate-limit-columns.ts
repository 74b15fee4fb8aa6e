// Every response's X-RateLimit-Limit, -Remaining, -Reset and Date, read once per transcript array into typed
// columns that every rate-limit reader shares (the header windows, the limiter model): no object per response.
// Pure: reads exchanges, never judges.
import { parseHttpDate } from '../../lib/formats/http-date.ts';
import { headerValue, rateLimitHeaders } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, startedMsOf } from '../../lib/http/transcript.ts';

/** Marks in a 32-bit column: absent, or kept whole in the side table (a fraction, a value past 2^31). */
const NONE = -(2 ** 31);
const WIDE = NONE + 1;

/**
 * The columns of one array of exchanges, by position in it. Limit and Remaining are 32-bit integers and the
 * Date its distance from the moment sent (whole seconds against a whole millisecond: an integer); the rare value
 * that is none of these is kept in a side table. A million responses take some 20 MB, where the objects
 * each reader made of each response took 50 to 80 bytes a response, several readers at once.
 */
export class RateLimitColumns {
  readonly #limit: Int32Array;
  readonly #remaining: Int32Array;
  /** X-RateLimit-Reset as sent (NaN when absent or not a number). */
  readonly #reset: Float64Array;
  /** The Date header (ms) less the moment sent. */
  readonly #date: Int32Array;
  /** Values the 32-bit columns could not hold, keyed by column and position (position * 3 + column). */
  readonly #wide = new Map<number, number>();
  /** Positions by exchange, made only when one is looked up whose seq does not give its position. */
  #positions: Map<Exchange, number> | undefined;
  readonly #seq0: number;
  /** How many exchanges the array held when read (a live run's grows after). */
  readonly length: number;

  #xs: readonly Exchange[];

  /** The exchanges read, by position (the array they were read from, or one of the same exchanges since). */
  get xs(): readonly Exchange[] {
    return this.#xs;
  }

  /** Reads the same exchanges from `xs` from now on (their array handed out anew): the old one is let go. */
  adopt(xs: readonly Exchange[]): void {
    if (!sameExchanges(this, xs)) throw new Error('the columns were made of other exchanges');
    this.#xs = xs;
  }

  constructor(xs: readonly Exchange[]) {
    this.#xs = xs;
    const n = xs.length;
    this.length = n;
    this.#limit = new Int32Array(n);
    this.#remaining = new Int32Array(n);
    this.#reset = new Float64Array(n);
    this.#date = new Int32Array(n);
    this.#seq0 = n > 0 ? xs[0]!.seq : 0;
    // The Date read last, and its moment: a recording's Date repeats on the answers of one second.
    let lastRaw: string | undefined;
    let lastDate: number | undefined;
    for (let i = 0; i < n; i++) {
      const x = xs[i]!;
      const headers = x.response?.headers;
      if (headers === undefined) {
        this.#limit[i] = NONE;
        this.#remaining[i] = NONE;
        this.#reset[i] = Number.NaN;
        this.#date[i] = NONE;
        continue;
      }
      const rl = rateLimitHeaders(headers);
      this.#keep(this.#limit, i, 0, rl.limit?.value);
      this.#keep(this.#remaining, i, 1, rl.remaining?.value);
      this.#reset[i] = rl.reset?.value ?? Number.NaN;
      // serverDateMs, the Date read last not parsed again.
      const raw = headerValue(headers, 'date');
      if (raw !== undefined && raw !== lastRaw) {
        lastRaw = raw;
        lastDate = parseHttpDate(raw);
      }
      const date = raw === undefined ? undefined : lastDate;
      this.#keep(this.#date, i, 2, date === undefined ? undefined : date - startedMsOf(x), date);
    }
  }

  /** Keeps `value` in `column` at `i`; `whole` is what the side table keeps when it does not fit. */
  #keep(column: Int32Array, i: number, c: number, value: number | undefined, whole = value): void {
    if (value === undefined) column[i] = NONE;
    else if (Number.isInteger(value) && value > WIDE && value < 2 ** 31 && !Object.is(value, -0))
      column[i] = value;
    else {
      column[i] = WIDE;
      this.#wide.set(i * 3 + c, whole!);
    }
  }

  #read(column: Int32Array, i: number, c: number): number | undefined {
    const v = column[i]!;
    return v === NONE ? undefined : v === WIDE ? this.#wide.get(i * 3 + c) : v;
  }

  /** The position of `x` in the array, or -1 when it is not in it. */
  indexOf(x: Exchange): number {
    const at = x.seq - this.#seq0;
    if (at >= 0 && at < this.length && this.xs[at] === x) return at;
    if (this.#positions === undefined) {
      this.#positions = new Map();
      for (let i = 0; i < this.length; i++)
        if (!this.#positions.has(this.xs[i]!)) this.#positions.set(this.xs[i]!, i);
    }
    return this.#positions.get(x) ?? -1;
  }

  limit(i: number): number | undefined {
    return this.#read(this.#limit, i, 0);
  }

  remaining(i: number): number | undefined {
    return this.#read(this.#remaining, i, 1);
  }

  /** X-RateLimit-Reset as sent, whatever its unit. */
  reset(i: number): number | undefined {
    const v = this.#reset[i]!;
    return Number.isNaN(v) ? undefined : v;
  }

  /** The response's Date header (ms), as serverDateMs reads it. */
  serverDateMs(i: number): number | undefined {
    const v = this.#date[i]!;
    if (v === NONE) return undefined;
    return v === WIDE ? this.#wide.get(i * 3 + 2) : startedMsOf(this.xs[i]!) + v;
  }
}

const once = new WeakMap<readonly Exchange[], RateLimitColumns>();

/**
 * The columns made last, held for the next array of the same exchanges to take over: a transcript hands out a
 * new array between areas (the header windows', the limiter model's), and its columns were made again for
 * each. Taken, the slot is empty: the columns then live as long as the array that took them, no longer.
 */
let handed: RateLimitColumns | undefined;

/** Whether `cols` were made of the very exchanges of `xs`, in its order. */
function sameExchanges(cols: RateLimitColumns, xs: readonly Exchange[]): boolean {
  if (cols.length !== xs.length) return false;
  for (let i = 0; i < xs.length; i++) if (cols.xs[i] !== xs[i]) return false;
  return true;
}

/**
 * The columns of `xs`, made once while it has not grown (a recording's transcript never does; a live run's
 * grows, and is read afresh). Kept as long as the array is: a transcript hands out a new one between areas,
 * and the next area's first reader takes over the columns of the same exchanges (the slot above).
 */
export function rateLimitColumns(xs: readonly Exchange[]): RateLimitColumns {
  const hit = once.get(xs);
  if (hit && hit.length === xs.length) return hit;
  if (handed && handed.xs !== xs && sameExchanges(handed, xs)) {
    const taken = handed;
    handed = undefined;
    taken.adopt(xs);
    once.set(xs, taken);
    return taken;
  }
  const made = new RateLimitColumns(xs);
  once.set(xs, made);
  handed = made;
  return made;
}

/**
 * Columns of `xs` no later array takes over: for a reader whose columns must go with its own area (the
 * probe's, whose area is followed by others that read none).
 */
export function ownRateLimitColumns(xs: readonly Exchange[]): RateLimitColumns {
  const hit = once.get(xs);
  if (hit && hit.length === xs.length) return hit;
  const made = new RateLimitColumns(xs);
  once.set(xs, made);
  return made;
}

/**
 * One response of the columns, read when asked: its exchange, Limit and Remaining (a subclass reads Reset as
 * it needs). Holds a position only, so a reader may keep one for every response of a long recording.
 */
export class ColumnRow {
  constructor(
    readonly cols: RateLimitColumns,
    readonly i: number,
  ) {}

  get x(): Exchange {
    return this.cols.xs[this.i]!;
  }

  get limit(): number | undefined {
    return this.cols.limit(this.i);
  }

  get remaining(): number | undefined {
    return this.cols.remaining(this.i);
  }
}
