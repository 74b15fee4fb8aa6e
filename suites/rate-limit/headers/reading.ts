// One response's X-RateLimit-* reading as the header windows judge it: what it carries (Limit, Remaining,
// Reset, Date, when it was sent), read from the run's shared columns (rate-limit-columns.ts) when asked. Pure.
import { dateIsOff, resetAtLocalMs, resetKind } from '../../../lib/formats/rate-limit-headers.ts';
import { startedMsOf } from '../../../lib/http/transcript.ts';
import { ColumnRow, type RateLimitColumns } from '../../kit/rate-limit-columns.ts';

/**
 * One response's reading: a position in the columns, everything else read from them or from the exchange when
 * asked. Made when a reader looks at a response and let go after (a long recording's readers hold a list of
 * positions, ReadingList, not a reading of every response at once).
 */
export class Reading extends ColumnRow {
  /** Unix seconds, only when Reset reads as Unix seconds (a delta or milliseconds is another check's). */
  get reset(): number | undefined {
    const reset = this.cols.reset(this.i);
    return reset !== undefined && resetKind(reset) === 'unix-seconds' ? reset : undefined;
  }

  get status(): number {
    return this.x.response!.status;
  }

  /** When the request went out (local ms). */
  get sentAtMs(): number {
    return startedMsOf(this.x);
  }

  /** The response's Date header (ms), when it has one and it is not the clock that is off (rateLimitDateMs). */
  get #dateMs(): number | undefined {
    const date = this.cols.serverDateMs(this.i);
    if (date === undefined) return undefined;
    const reset = this.cols.reset(this.i);
    const received = this.receivedAtMs;
    return reset !== undefined && dateIsOff(reset, received, date) ? received : date;
  }

  /** When its answer arrived (local ms). */
  get receivedAtMs(): number {
    const x = this.x;
    return startedMsOf(x) + x.durationMs;
  }

  /** The server's clock at the response (its Date header), else the local one. */
  get serverNowMs(): number {
    return this.#dateMs ?? this.receivedAtMs;
  }

  /** How far the local clock read ahead of the response's Date at its arrival; undefined without a Date. */
  get skewMs(): number | undefined {
    const date = this.#dateMs;
    return date === undefined ? undefined : this.receivedAtMs - date;
  }

  /** The moment Reset names on the local clock, when Reset reads as Unix seconds. */
  get resetAtMs(): number | undefined {
    const reset = this.reset;
    return reset === undefined ? undefined : resetAtLocalMs(reset, this.receivedAtMs, this.#dateMs);
  }
}

/**
 * Readings in an order (one count's, as answered): positions in the columns, a reading made of one when asked.
 * Four bytes a response where a reading of each held was some 70.
 */
export class ReadingList {
  #at: Int32Array;
  #length = 0;

  constructor(readonly cols: RateLimitColumns) {
    this.#at = new Int32Array(16);
  }

  get length(): number {
    return this.#length;
  }

  push(i: number): void {
    if (this.#length === this.#at.length) {
      const grown = new Int32Array(this.#at.length * 2);
      grown.set(this.#at);
      this.#at = grown;
    }
    this.#at[this.#length++] = i;
  }

  /** The column position of the k-th reading. */
  position(k: number): number {
    return this.#at[k]!;
  }

  /** The k-th reading, or undefined past either end. */
  get(k: number): Reading | undefined {
    return k >= 0 && k < this.#length ? new Reading(this.cols, this.#at[k]!) : undefined;
  }
}

/** Reset rounded up to the second and the Date read down: the moment named may read two seconds late. */
export const BOTH_ROUNDINGS_MS = 2000;

/** startedAt is to the millisecond: an answer read within one before a request went out preceded it. */
const CLOCK_GRAIN_MS = 1;
/**
 * `r`'s predecessor: the last answer (in completion order) of `done` that arrived before `r` was sent.
 * Concurrent requests carry no order among themselves (the server counted them in an order their answers do
 * not show).
 */
export function predecessor(done: ReadingList, r: Reading): Reading | undefined {
  const sent = r.sentAtMs + CLOCK_GRAIN_MS;
  const { xs } = done.cols;
  for (let k = done.length - 1; k >= 0; k--) {
    const p = xs[done.position(k)]!;
    if (startedMsOf(p) + p.durationMs <= sent) return done.get(k);
  }
  return undefined;
}
