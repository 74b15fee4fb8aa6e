// One response's X-RateLimit-* reading as the header windows judge it: what it carries (Limit, Remaining,
// Reset, Date, when it was sent), the moments worked out of them only when read. Pure.
import {
  rateLimitDateMs,
  rateLimitHeaders,
  resetAtLocalMs,
  resetKind,
} from '../../../lib/formats/rate-limit-headers.ts';
import { type Exchange, startedMsOf } from '../../../lib/http/transcript.ts';
import { NearNumbers } from '../../kit/near-number.ts';

/** The Date (ms) of every reading, kept near the moment its request went out. */
const dates = new NearNumbers<Reading>();

/**
 * One response's reading. Only what it carries is kept (its Limit, Remaining, Reset and Date); its status and
 * when it was sent are read from the exchange, and the moments worked out of them are worked out when read: a
 * long recording reads every response at once, and each moment kept was a number of its own on the heap (a
 * Date is kept as a small integer beside the moment sent: near-number.ts; a Reset in Unix seconds is one).
 */
export class Reading {
  readonly limit: number | undefined;
  readonly remaining: number | undefined;
  /** Unix seconds, only when Reset reads as Unix seconds (a delta or milliseconds is another check's). */
  readonly reset: number | undefined;
  /** The response's Date header (ms) less the moment sent, when it has one. */
  readonly #date: number;

  constructor(readonly x: Exchange) {
    const { headers } = x.response!;
    const rl = rateLimitHeaders(headers);
    const reset = rl.reset?.value;
    this.limit = rl.limit?.value;
    this.remaining = rl.remaining?.value;
    const sent = startedMsOf(x);
    this.reset = reset !== undefined && resetKind(reset) === 'unix-seconds' ? reset : undefined;
    this.#date = dates.keep(this, rateLimitDateMs(headers, sent + x.durationMs), sent);
  }

  get status(): number {
    return this.x.response!.status;
  }

  /** When the request went out (local ms). */
  get sentAtMs(): number {
    return startedMsOf(this.x);
  }

  /** The response's Date header (ms), when it has one. */
  get #dateMs(): number | undefined {
    return dates.read(this, this.#date, this.sentAtMs);
  }

  /** When its answer arrived (local ms). */
  get receivedAtMs(): number {
    return this.sentAtMs + this.x.durationMs;
  }

  /** The server's clock at the response (its Date header), else the local one. */
  get serverNowMs(): number {
    return this.#dateMs ?? this.receivedAtMs;
  }

  /** How far the local clock read ahead of the response's Date at its arrival; undefined without a Date. */
  get skewMs(): number | undefined {
    return this.#dateMs === undefined ? undefined : this.receivedAtMs - this.#dateMs;
  }

  /** The moment Reset names on the local clock, when Reset reads as Unix seconds. */
  get resetAtMs(): number | undefined {
    return this.reset === undefined ? undefined : resetAtLocalMs(this.reset, this.receivedAtMs, this.#dateMs);
  }
}

/** Reset rounded up to the second and the Date read down: the moment named may read two seconds late. */
export const BOTH_ROUNDINGS_MS = 2000;

/** startedAt is to the millisecond: an answer read within one before a request went out preceded it. */
const CLOCK_GRAIN_MS = 1;
/**
 * `r`'s predecessor: the last answer (in completion order) that arrived before `r` was sent. Concurrent
 * requests carry no order among themselves (the server counted them in an order their answers do not show).
 */
export function predecessor(done: readonly Reading[], r: Reading): Reading | undefined {
  for (let i = done.length - 1; i >= 0; i--) {
    const p = done[i]!;
    if (p.receivedAtMs <= r.sentAtMs + CLOCK_GRAIN_MS) return p;
  }
  return undefined;
}
