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
  let longest = 0;
  for (const x of exchanges) {
    const ahead = announcedAhead(x);
    if (ahead !== undefined && ahead > longest) longest = Math.min(ahead, MINUTE_MS);
  }
  return windowOf(longest);
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

/**
 * The key's window as the answers received by each moment announced it (keyWindow of those alone): what a run
 * knew when it sent a request then, so a recording's reading of "a window had passed" is the run's own.
 */
export function keyWindowsBy(exchanges: readonly Exchange[]): (atMs: number) => KeyWindow {
  const answered = exchanges
    .map((x) => ({ at: startedMsOf(x) + x.durationMs, ahead: announcedAhead(x) }))
    .filter((a): a is { at: number; ahead: number } => a.ahead !== undefined)
    .sort((p, q) => p.at - q.at);
  const ats = answered.map((a) => a.at);
  const longest: number[] = [];
  let most = 0;
  for (const a of answered) {
    if (a.ahead > most) most = Math.min(a.ahead, MINUTE_MS);
    longest.push(most);
  }
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
