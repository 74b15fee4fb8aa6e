// Reads the rate-limit headers of spec §8 (X-RateLimit-Limit/Remaining/Reset) and Retry-After
// (RFC 9110 §10.2.3). Parsing only: whether a value conforms is decided by the checks, not here.
import { httpDateForm, parseHttpDate } from './http-date.ts';

export type HeaderMap = Record<string, string | string[] | undefined>;

export interface IntegerHeader {
  raw: string;
  /** The value when the header is one field of optional "-" and digits; undefined otherwise. */
  value?: number;
}

/** A header read as a decimal number: digits with an optional fraction (a Unix timestamp may carry one). */
export interface NumberHeader extends IntegerHeader {
  /** True when the value has a fractional part written out (`1795688031.356721`). */
  fraction?: boolean;
}

export function headerValue(headers: HeaderMap, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** The value of each field line of a header, in the order received: none when absent, several when repeated. */
export function fieldLines(headers: HeaderMap, name: string): string[] {
  const v = headers[name.toLowerCase()];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** An integer header as sent; repeated fields (joined with ", ") never parse. */
export function integerHeader(headers: HeaderMap, name: string): IntegerHeader | undefined {
  const raw = headerValue(headers, name);
  if (raw === undefined) return undefined;
  return integers.get(raw) ?? integers.keep(raw, integerOf(raw));
}

const integerOf = (raw: string): IntegerHeader => {
  const trimmed = raw.trim();
  return /^-?\d{1,20}$/.test(trimmed) ? { raw, value: Number(trimmed) } : { raw };
};

/**
 * The readings of the values read last, each made once and frozen (no one may change a reading): a long
 * recording repeats its Limit, Remaining and Reset values on every response, each read by a dozen checks.
 */
class Readings<T extends IntegerHeader> {
  readonly #byRaw = new Map<string, Readonly<T>>();
  get(raw: string): Readonly<T> | undefined {
    return this.#byRaw.get(raw);
  }
  keep(raw: string, reading: T): Readonly<T> {
    if (this.#byRaw.size >= READINGS_KEPT) this.#byRaw.clear();
    const frozen = Object.freeze(reading);
    if (raw.length <= 64) this.#byRaw.set(raw, frozen);
    return frozen;
  }
}

/** Most readings of each kind kept before they are forgotten all at once. */
const READINGS_KEPT = 4096;
const integers = new Readings<IntegerHeader>();
const numbers = new Readings<NumberHeader>();

/**
 * A decimal number header as sent (digits, an optional fraction); repeated fields never parse. Spec §8 rule 2
 * makes Reset "a Unix timestamp", and a timestamp read from a fine clock carries a fraction
 * (koa-ratelimit writes `1795688031.356721`): still the moment the limit resets.
 */
export function numberHeader(headers: HeaderMap, name: string): NumberHeader | undefined {
  const raw = headerValue(headers, name);
  if (raw === undefined) return undefined;
  return numbers.get(raw) ?? numbers.keep(raw, numberOf(raw));
}

function numberOf(raw: string): NumberHeader {
  const trimmed = raw.trim();
  const m = /^-?\d{1,20}(\.\d{1,12})?$/.exec(trimmed);
  if (!m) return { raw };
  return { raw, value: Number(trimmed), ...(m[1] ? { fraction: true } : {}) };
}

export interface RateLimitHeaders {
  limit?: IntegerHeader;
  remaining?: IntegerHeader;
  reset?: NumberHeader;
}

export function rateLimitHeaders(headers: HeaderMap): RateLimitHeaders {
  return {
    limit: integerHeader(headers, 'x-ratelimit-limit'),
    remaining: integerHeader(headers, 'x-ratelimit-remaining'),
    reset: numberHeader(headers, 'x-ratelimit-reset'),
  };
}

/** Bounds used to tell a Unix time in seconds from milliseconds (> 10^12) and from a delta (< 10^9). */
export const RESET_MILLIS_ABOVE = 1e12;
export const RESET_DELTA_BELOW = 1e9;

export type ResetKind = 'unix-seconds' | 'unix-milliseconds' | 'delta-seconds';

export function resetKind(value: number): ResetKind {
  if (value > RESET_MILLIS_ABOVE) return 'unix-milliseconds';
  if (value < RESET_DELTA_BELOW) return 'delta-seconds';
  return 'unix-seconds';
}

/** The server's clock at the time of a response, from its Date header (RFC 9110 §6.6.1), if usable. */
export function serverDateMs(headers: HeaderMap): number | undefined {
  const raw = headerValue(headers, 'date');
  return raw === undefined ? undefined : parseHttpDate(raw);
}

/** How far a Date may stand from the run's clock before it may be the odd one of three clocks. */
export const DATE_APART_MS = 5 * 60_000;
/** A Reset that reads as a moment this far past or less, or a day ahead or less, names a plausible one. */
const RESET_PAST_MS = 2000;
const RESET_AHEAD_MS = 86_400_000;

const plausible = (resetMs: number, nowMs: number) =>
  resetMs >= nowMs - RESET_PAST_MS && resetMs <= nowMs + RESET_AHEAD_MS;

/**
 * Whether a response's Date is the clock that is off: more than DATE_APART_MS from the run's clock, while its
 * own X-RateLimit-Reset (Unix seconds or milliseconds) reads as a plausible moment on the run's clock and
 * not through that Date. The server's two clocks disagree and the run's sides with its Reset: a Date in local
 * time labelled GMT, not a server clock set apart from ours (then Reset moves with Date).
 */
export function dateIsOff(reset: number, receivedAtMs: number, serverNowMs: number): boolean {
  const kind = resetKind(reset);
  if (kind === 'delta-seconds' || Math.abs(receivedAtMs - serverNowMs) <= DATE_APART_MS) return false;
  const resetMs = kind === 'unix-milliseconds' ? reset : reset * 1000;
  return plausible(resetMs, receivedAtMs) && !plausible(resetMs + receivedAtMs - serverNowMs, receivedAtMs);
}

/**
 * The server's clock at a response as the rate-limit readings take it: its Date, unless that Date is the clock
 * that is off against the response's own Reset (dateIsOff), when the run's clock stands in for it (the Reset
 * agrees with ours). Undefined without a Date.
 */
export function rateLimitDateMs(headers: HeaderMap, receivedAtMs: number): number | undefined {
  const date = serverDateMs(headers);
  const reset = date === undefined ? undefined : rateLimitHeaders(headers).reset?.value;
  return reset !== undefined && dateIsOff(reset, receivedAtMs, date!) ? receivedAtMs : date;
}

/**
 * When the window resets, in local milliseconds. Read leniently (a millisecond or delta Reset is still
 * honoured) because pacing must stay safe even against a server that gets the unit wrong. The server's Date
 * header, when present, cancels clock skew between harness and target, unless that Date is the clock that is
 * off (dateIsOff): then Reset is read on the run's own clock, and the Date is HTTP-DATE-UTC's to judge.
 */
export function resetAtLocalMs(reset: number, receivedAtMs: number, serverNowMs?: number): number {
  const kind = resetKind(reset);
  if (kind === 'delta-seconds') return receivedAtMs + reset * 1000;
  const resetMs = kind === 'unix-milliseconds' ? reset : reset * 1000;
  if (serverNowMs === undefined || dateIsOff(reset, receivedAtMs, serverNowMs)) return resetMs;
  return resetMs + receivedAtMs - serverNowMs;
}

export type RetryAfter =
  | { form: 'delay-seconds'; raw: string; delayMs: number }
  | {
      form: 'http-date';
      raw: string;
      delayMs: number;
      /** An obsolete form (RFC 9110 §5.6.7), parsed for the wait though a sender must not generate it. */
      obsolete?: 'rfc850' | 'asctime';
    }
  | { form: 'invalid'; raw: string };

/**
 * Retry-After = HTTP-date / delay-seconds (RFC 9110 §10.2.3). For the date form, the delay is measured
 * against the response's Date header when present (the server's clock), else against the local clock.
 */
export function retryAfter(headers: HeaderMap, receivedAtMs: number): RetryAfter | undefined {
  const raw = headerValue(headers, 'retry-after');
  if (raw === undefined) return undefined;
  const v = raw.trim();
  if (/^\d+$/.test(v)) return { form: 'delay-seconds', raw, delayMs: Number(v) * 1000 };
  const at = parseHttpDate(v);
  if (at === undefined) return { form: 'invalid', raw };
  const base = serverDateMs(headers) ?? receivedAtMs;
  const form = httpDateForm(v);
  return {
    form: 'http-date',
    raw,
    delayMs: Math.max(0, at - base),
    ...(form === 'rfc850' || form === 'asctime' ? { obsolete: form } : {}),
  };
}
