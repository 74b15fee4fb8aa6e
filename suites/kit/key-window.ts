// How long one rate-limit window of the key lasts, as the run's answers announced it, and so when one has
// passed after a moment: what the state-over-time checks wait for. Pure: reads exchanges, never sends.
import { rateLimitHeaders, resetAtLocalMs, serverDateMs } from '../../lib/formats/rate-limit-headers.ts';
import { type Exchange, startedMsOf } from '../../lib/http/transcript.ts';

/** The spec's minute window (§8 table, requests per minute): the longest a later look waits for. */
export const MINUTE_MS = 60_000;
/** Reset is whole seconds, read on two clocks: a window counts as passed a second after it ends. */
export const WINDOW_MARGIN_MS = 1000;

export interface KeyWindow {
  ms: number;
  /** How it is known: announced by the key's answers, or the spec's minute when none said. */
  source: 'announced' | 'the spec minute';
}

/**
 * The longest time from an answer with the key to the Reset it announced, at most the spec's minute (a daily
 * window is not waited for); the minute when no answer announced one. A Reset in the wrong unit (a delta,
 * milliseconds) is another check's finding; its moment is still read, as pacing reads it, so a server that
 * gets the unit wrong does not make every run wait the whole minute.
 */
export function keyWindow(exchanges: readonly Exchange[]): KeyWindow {
  // The longest of all the answers is the longest by the last of them (keyWindowsBy's reading, made once).
  const { longest } = announced(exchanges);
  return windowOf(longest.length === 0 ? 0 : longest[longest.length - 1]!);
}

const windowOf = (longest: number): KeyWindow =>
  longest > 0 ? { ms: longest, source: 'announced' } : { ms: MINUTE_MS, source: 'the spec minute' };

/** How far ahead of its answer a keyed answer's Reset named its moment (local ms), or undefined. */
function announcedAhead(x: Exchange): number | undefined {
  // A 401 counts in the address's bucket, whatever credential it carried.
  if (x.bucket !== 'primary' || !x.response || x.response.status === 401) return undefined;
  const { headers } = x.response;
  const reset = rateLimitHeaders(headers).reset?.value;
  if (reset === undefined) return undefined;
  const receivedAtMs = startedMsOf(x) + x.durationMs;
  return resetAtLocalMs(reset, receivedAtMs, serverDateMs(headers)) - receivedAtMs;
}

/** The moments (local ms, ascending) keyed answers announced a Reset, and the longest announced by each. */
interface Announced {
  ats: Float64Array;
  longest: Float64Array;
}

/**
 * Every keyed answer's announcement, read once per array of exchanges while it has not grown (a recording's
 * never does): keyWindow and keyWindowsBy of the same array, asked by several judges, share one reading of
 * every answer's headers, kept in two typed arrays.
 */
function announced(exchanges: readonly Exchange[]): Announced {
  const hit = announcedOnce.get(exchanges);
  if (hit && hit.length === exchanges.length) return hit.read;
  const at: number[] = [];
  const ahead: number[] = [];
  for (const x of exchanges) {
    const a = announcedAhead(x);
    if (a === undefined) continue;
    at.push(startedMsOf(x) + x.durationMs);
    ahead.push(a);
  }
  // By moment; answers at one moment are all counted by it, so their own order is of no account. A
  // recording's answers come nearly in order: an array's sort (adaptive on runs) only when they are not.
  const order = at.every((a, i) => i === 0 || at[i - 1]! <= a)
    ? at.map((_, i) => i)
    : at.map((_, i) => i).sort((p, q) => at[p]! - at[q]! || p - q);
  const ats = new Float64Array(order.length);
  const longest = new Float64Array(order.length);
  let most = 0;
  order.forEach((i, k) => {
    if (ahead[i]! > most) most = Math.min(ahead[i]!, MINUTE_MS);
    ats[k] = at[i]!;
    longest[k] = most;
  });
  const read = { ats, longest };
  announcedOnce.set(exchanges, { length: exchanges.length, read });
  return read;
}

const announcedOnce = new WeakMap<readonly Exchange[], { length: number; read: Announced }>();

/**
 * The key's window as the answers received by each moment announced it (keyWindow of those alone): what a run
 * knew when it sent a request then, so a recording's reading of "a window had passed" is the run's own.
 */
export function keyWindowsBy(exchanges: readonly Exchange[]): (atMs: number) => KeyWindow {
  const { ats, longest } = announced(exchanges);
  return (atMs) => {
    // The answers received by atMs: a binary search of their moments.
    let lo = 0;
    let hi = ats.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ats[mid]! <= atMs) lo = mid + 1;
      else hi = mid;
    }
    return windowOf(lo === 0 ? 0 : longest[lo - 1]!);
  };
}

/** When one window has passed after `atMs` (local): its length and a second's rounding later. */
export function windowPassed(atMs: number, window: KeyWindow): number {
  return atMs + window.ms + WINDOW_MARGIN_MS;
}

/**
 * The longest a check that fits itself to a window's room waits for the next window when the earlier checks
 * spent this one: a short window's turn, never a Free plan's minute.
 */
export const SHORT_WAIT_MS = 10_000;
