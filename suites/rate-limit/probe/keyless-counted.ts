// Whether requests refused for their credential (401) took from the key's count: between two answers to the
// key, sent one after another with only 401s between them, the key's Remaining fell by one more for each 401 (a
// limit per client address, shared with every caller from it). The spec does not say whom a limit counts, so
// RL-PROBE-LIMITER-MODEL records it. Pure; never sends.
import { rateLimitHeaders } from '../../../lib/formats/rate-limit-headers.ts';
import { type Exchange, startedMsOf } from '../../../lib/http/transcript.ts';

/** Steps of the key's Remaining across 401s, and those on which each 401 took one from it. */
export interface KeylessSteps {
  steps: number;
  counted: number;
  /** The first step counted: the key's answers around it and the 401s between. */
  first?: { from: number; to: number; refused: number; fell: number };
}

interface Keyed {
  x: Exchange;
  remaining: number;
  reset: number | undefined;
  start: number;
  end: number;
}

/** The run's exchanges in the order they left, with the key's answers read. */
function keyed(x: Exchange): Keyed | undefined {
  const status = x.response?.status;
  if (x.bucket !== 'primary' || status === undefined || status === 401 || status === 429) return undefined;
  const rl = rateLimitHeaders(x.response!.headers);
  const remaining = rl.remaining?.value;
  if (remaining === undefined) return undefined;
  const start = startedMsOf(x);
  return { x, remaining, reset: rl.reset?.value, start, end: start + x.durationMs };
}

/**
 * Reads every pair of the key's answers sent one after another (the later sent once the earlier was answered)
 * in one window (their Resets within a second), with at least one request between them, every one of which was
 * answered 401 and in flight only between the two: whether the key's Remaining fell by one more for each.
 */
export function keylessSteps(exchanges: readonly Exchange[]): KeylessSteps {
  const sorted = [...exchanges].filter((x) => x.response).sort((a, b) => startedMsOf(a) - startedMsOf(b));
  const out: KeylessSteps = { steps: 0, counted: 0 };
  let prev: Keyed | undefined;
  let between: Exchange[] = [];
  for (const x of sorted) {
    const k = keyed(x);
    if (!k) {
      between.push(x);
      continue;
    }
    const p = prev;
    const refused = between;
    [prev, between] = [k, []];
    if (!p || refused.length === 0 || k.start < p.end) continue;
    if (p.reset === undefined || k.reset === undefined || Math.abs(k.reset - p.reset) > 1) continue;
    const inside = (r: Exchange) =>
      r.response!.status === 401 && startedMsOf(r) >= p.end && startedMsOf(r) + r.durationMs <= k.start;
    if (!refused.every(inside)) continue;
    const fell = p.remaining - k.remaining;
    out.steps += 1;
    if (fell === 1 + refused.length) {
      out.counted += 1;
      out.first ??= { from: p.x.seq, to: k.x.seq, refused: refused.length, fell };
    }
  }
  return out;
}

/** The model's words, when most such steps (two at least) show the 401s counted with the key. */
export function keylessWords(s: KeylessSteps): string | undefined {
  if (!s.first || s.counted < 2 || s.counted * 2 <= s.steps) return undefined;
  const f = s.first;
  return `requests refused for their credential (401) took from the key's count: on ${s.counted} of ${s.steps} steps across 401s, the key's Remaining fell by one more for each (first #${f.from} to #${f.to}: ${f.refused} 401s between, fell by ${f.fell}); a limit per client address, shared with every caller from it, does this (whom a limit counts is not shown)`;
}
