// Whether a key's answers name X-RateLimit-Reset moments already past when they came (a window's start where
// its end belongs): such a Reset places no two answers in one window, so a check that reads windows by it has
// nothing to judge and must not pass. Pure; never sends.
import type { Exchange } from '../../lib/http/transcript.ts';
import { type Key, keyRequests } from './limiter-requests.ts';

/** Whole-second Reset values, read against a whole-second Date: a second of rounding. */
const ROUNDING_MS = 1000;

/** Past Resets a conformant limiter never names (its Reset is its window's end, ahead of each answer). */
const AT_LEAST = 3;

/**
 * How many of `key`'s answers carrying a Unix-seconds Reset named a moment already past, when at least
 * AT_LEAST and a quarter of them did (a count per route opens fresh windows whose start reads as now).
 */
export function pastResets(
  exchanges: readonly Exchange[],
  baseUrl: string,
  key: Key = 'primary',
): { past: number; of: number } | undefined {
  const read = keyRequests(exchanges, new URL(baseUrl).pathname).filter(
    (r) => r.key === key && r.usable && r.resetKind === 'unix-seconds' && r.resetAtMs !== undefined,
  );
  const past = read.filter((r) => r.resetAtMs! < r.receivedAtMs - ROUNDING_MS).length;
  return past >= AT_LEAST && past * 4 >= read.length ? { past, of: read.length } : undefined;
}
