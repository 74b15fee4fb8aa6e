// One response's X-RateLimit-* reading as the header windows judge it: what it carries (Limit, Remaining,
// Reset, Date, when it was sent), the moments worked out of them only when read. Pure.
import {
  rateLimitDateMs,
  rateLimitHeaders,
  resetAtLocalMs,
  resetKind,
} from '../../../lib/formats/rate-limit-headers.ts';
import { type Exchange, startedMsOf } from '../../../lib/http/transcript.ts';

/**
 * One response's reading. Only what it carries is kept (its Limit, Remaining, Reset, Date and when it was
 * sent); the moments worked out of them are worked out when read: a long recording reads every response at
 * once, and each moment kept was a number of its own on the heap.
 */
export class Reading {
  readonly status: number;
  /** When the request went out (local ms). */
  readonly sentAtMs: number;
  readonly limit: number | undefined;
  readonly remaining: number | undefined;
  /** Unix seconds, only when Reset reads as Unix seconds (a delta or milliseconds is another check's). */
  readonly reset: number | undefined;
  /** The response's Date header, when it has one. */
  readonly #dateMs: number | undefined;

  constructor(readonly x: Exchange) {
    const { headers } = x.response!;
    const rl = rateLimitHeaders(headers);
    const reset = rl.reset?.value;
    this.status = x.response!.status;
    this.sentAtMs = startedMsOf(x);
    this.limit = rl.limit?.value;
    this.remaining = rl.remaining?.value;
    this.reset = reset !== undefined && resetKind(reset) === 'unix-seconds' ? reset : undefined;
    this.#dateMs = rateLimitDateMs(headers, this.sentAtMs + x.durationMs);
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
