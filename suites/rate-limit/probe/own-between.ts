// Whether a step of X-RateLimit-Remaining by more than one between two of the walk's answers was taken by the
// run's own requests with the key that are no walk sample (the held fixture's cancel, the key under another
// spelling, a list aside), counted between them as the transcript shows. Pure; never sends.
import { rateLimitHeaders } from '../../../lib/formats/rate-limit-headers.ts';
import { type Exchange, startedMsOf } from '../../../lib/http/transcript.ts';
import type { Sample } from './record.ts';

/** One answered request of the run with the key, read for what a step needs. */
export interface KeyAnswer {
  seq: number;
  remaining: number;
  reset?: number;
  startMs: number;
  endMs: number;
}

/** Resets of one window differ by the second their rounding leaves (a token bucket's move a second at a time). */
const SAME_WINDOW_S = 1;

/** The run's answered requests with the primary key that carry X-RateLimit-Remaining (refusals take no count). */
export function keyAnswers(exchanges: readonly Exchange[]): KeyAnswer[] {
  const out: KeyAnswer[] = [];
  for (const x of exchanges) {
    const status = x.response?.status;
    if (x.bucket !== 'primary' || status === undefined || status === 401 || status === 429) continue;
    const rl = rateLimitHeaders(x.response!.headers);
    const remaining = rl.remaining?.value;
    if (remaining === undefined) continue;
    const startMs = startedMsOf(x);
    const reset = rl.reset?.value;
    out.push({
      seq: x.seq,
      remaining,
      ...(reset !== undefined ? { reset } : {}),
      startMs,
      endMs: startMs + x.durationMs,
    });
  }
  return out;
}

/**
 * Whether every value Remaining skipped from `p` to `c` (two of the walk's answers, `c` lower by two or more)
 * was answered to a request of the run with the key that is no walk sample (`walkSeqs`), in flight between
 * `p`'s start and `c`'s answer and naming a Reset of their window: that request took the missing count, so
 * the step is the run's own, not a Remaining falling by more than one. A step no such answer fills stays one.
 */
export function ownBetween(
  p: Sample,
  c: Sample,
  answers: readonly KeyAnswer[],
  walkSeqs: ReadonlySet<number>,
): boolean {
  if (p.remaining === undefined || c.remaining === undefined || answers.length === 0) return false;
  // A request of the run sent after `p` went out (p's send, else its answer, when the record has no start).
  const started = startedMsOf(p.response.exchange);
  const from = Number.isFinite(started) ? started : p.response.receivedAtMs;
  const to = c.response.receivedAtMs;
  const resets = [p.reset, c.reset].filter((r): r is number => r !== undefined);
  const inWindow = (a: KeyAnswer) =>
    resets.length === 0 ||
    (a.reset !== undefined &&
      a.reset >= Math.min(...resets) - SAME_WINDOW_S &&
      a.reset <= Math.max(...resets) + SAME_WINDOW_S);
  const others = answers.filter(
    (a) => !walkSeqs.has(a.seq) && a.startMs <= to && a.endMs >= from && inWindow(a),
  );
  for (let v = c.remaining + 1; v < p.remaining; v++)
    if (!others.some((a) => a.remaining === v)) return false;
  return true;
}

/** The exchange numbers of the walk's samples: the requests whose answers the walk's steps already read. */
export const seqsOf = (samples: readonly Sample[]): Set<number> =>
  new Set(samples.map((s) => s.response.exchange.seq));
