// What a partition of a key's requests predicts for each answer's X-RateLimit-Remaining: one less than the last
// answer of the same count in its window, or where the window's first answer started. Pure; the counts read from
// these predictions are limiter-counts.ts.
import type { Exchange } from '../../lib/http/transcript.ts';
import type { KeyRequest, Part } from './limiter-requests.ts';

/** How far apart two Resets of one window may read: a second of rounding, in their own unit. */
export const ROUNDING_S = 1;

/**
 * Whether `b` counts in the window `a` reported: the same Reset moment (a window that turns names another, a
 * whole window later) and `b` not after it, beyond the rounding of whole seconds. A Reset in milliseconds or
 * as a delta (RL-HEADERS-RESET-UNIX-SECONDS's finding) is compared in its own unit.
 */
function sameWindow(a: KeyRequest, b: KeyRequest): boolean {
  if (a.reset === undefined || b.reset === undefined || a.resetKind !== b.resetKind) return false;
  const apart =
    a.resetKind === 'unix-seconds'
      ? Math.abs(b.reset - a.reset)
      : a.resetKind === 'unix-milliseconds'
        ? Math.abs(b.reset - a.reset) / 1000
        : Math.abs(b.resetAtMs! - a.resetAtMs!) / 1000 - ROUNDING_S / 2;
  return apart <= ROUNDING_S && b.receivedAtMs < a.resetAtMs! + ROUNDING_S * 1000;
}

/** What a partition predicts for one answer's Remaining, and from which earlier answer. */
export interface Prediction {
  r: KeyRequest;
  /** The answer of the same count just before, when the count had one in this window. */
  from?: KeyRequest;
  predicted: number;
}

/**
 * For every usable answer, what its Remaining is under `part` if each request of a count takes one from it:
 * one less than the last answer of the same count in the window, or, for the first of its count in a window,
 * what the key's first answer of that window said (every count starts full; Limit itself is not read, as a
 * server may misreport it, RL-HEADERS-LIMIT-BY-STATUS's finding). An answer is left out when the request before it in its count cannot be read (no headers, a 429,
 * no answer), was answered concurrently, or another credential's request that may have been charged came in
 * between. Not `windowed`: each answer follows the one before it in its count whatever the window (a step a
 * window's turn explains is a rise, never a fall of two).
 */
export function predictions(requests: readonly KeyRequest[], part: Part, windowed = true): Prediction[] {
  const out: Prediction[] = [];
  eachPrediction(requests, part, windowed, (p) => out.push(p));
  return out;
}

/**
 * Each prediction `predictions` makes, in its order, handed to `visit` as made: a reader that keeps few of
 * them (a count, the rises) holds no list of one for every answer of a long recording.
 */
export function eachPrediction(
  requests: readonly KeyRequest[],
  part: Part,
  windowed: boolean,
  visit: (p: Prediction) => void,
): void {
  requests.forEach((r, i) => {
    if (!r.usable || r.concurrent) return;
    let q: KeyRequest | undefined;
    for (let j = i - 1; j >= 0; j--) {
      const c = requests[j]!;
      if (c.key === r.key && c.parts[part] === r.parts[part]) {
        q = c;
        break;
      }
    }
    if (q?.concurrent) return;
    if (q?.usable && q.foreign === r.foreign && (!windowed || sameWindow(q, r))) {
      visit({ r, from: q, predicted: q.remaining! - 1 });
      return;
    }
    // The first of its count in this window: a count that starts here starts where the window's first did.
    if (!windowed || (q !== undefined && (!q.usable || sameWindow(q, r)))) return;
    // A request another credential may have been charged for since then may have drawn on this count too.
    const first = windowStart(requests, i);
    if (first !== undefined && first !== r && first.foreign === r.foreign)
      visit({ r, predicted: first.remaining! });
  });
}

/** The key's first usable answer in the window of requests[i], none of the key's in between unread. */
function windowStart(requests: readonly KeyRequest[], i: number): KeyRequest | undefined {
  const r = requests[i]!;
  let first: KeyRequest | undefined;
  for (let j = i - 1; j >= 0; j--) {
    const c = requests[j]!;
    if (c.key !== r.key) continue;
    if (!c.usable || c.concurrent || !sameWindow(c, r)) break;
    first = c;
  }
  return first;
}

/** The step of a prediction as the report says it: "57 → 55 on #12". */
export const stepText = (p: Prediction): string =>
  `${p.from?.remaining ?? `Limit ${p.r.limit}`} → ${p.r.remaining} on #${p.r.x.seq}`;

export const exchangeOf = (p: Prediction): Exchange => p.r.x;
