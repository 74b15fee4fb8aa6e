// A target that drops one request: the connection it went on closed with no answer, twice for the same method
// and URL (the client's retry on a connection of its own), while the target answered requests sent before it
// and after on other connections. That request is then the server's failure, judged by the check that binds it
// (CheckDefinition.unanswered); our timeouts, aborts, a refused connection or a target that answers nothing are
// not (their codes are not a close, or nothing around the drop was answered). Pure.
import type { Exchange } from '../http/transcript.ts';
import type { CheckDefinition, CheckResult } from './model.ts';
import { closedUnanswered } from './server-died.ts';
import { findingOf, OUTCOME } from './skip.ts';

export interface Drop {
  /** The first time the request went unanswered. */
  exchange: Exchange;
  /** The same request sent again, closed unanswered too. */
  again: Exchange;
  /** An answered request sent before the first, and one sent after the second ended. */
  before: Exchange;
  after: Exchange;
}

const shape = (x: Exchange) => `${x.request.method} ${x.request.url}`;
const startMs = (x: Exchange) => Date.parse(x.startedAt);
const endMs = (x: Exchange) => startMs(x) + x.durationMs;

/**
 * Every request the target dropped twice while answering others, in the order recorded. A request sent as
 * invalid HTTP on purpose (invalidRequest, lengthOmitted) is left out: a server may close on one (RFC 9112 §2.2).
 */
export function dropsOf(exchanges: readonly Exchange[]): Drop[] {
  const drops: Drop[] = [];
  const seen = new Set<string>();
  const kept = (x: Exchange) => closedUnanswered(x) && x.invalidRequest === undefined && !x.lengthOmitted;
  for (const [i, x] of exchanges.entries()) {
    if (!kept(x) || seen.has(shape(x))) continue;
    const again = exchanges.slice(i + 1).find((y) => kept(y) && shape(y) === shape(x));
    if (!again) continue;
    const before = exchanges.find((y) => y.response !== undefined && endMs(y) <= startMs(x));
    const after = exchanges.find((y) => y.response !== undefined && startMs(y) >= endMs(again));
    if (!before || !after) continue;
    seen.add(shape(x));
    drops.push({ exchange: x, again, before, after });
  }
  return drops;
}

/** The finding of a check that binds a request the target dropped: `why` it binds it. */
export function dropFinding(drop: Drop, why: string): string {
  const { exchange: x, again, before, after } = drop;
  return `no answer: the target closed the connection without a response to ${x.request.method} ${x.request.url} (#${x.seq}, ${x.error!.code}), and again when it was sent once more on a connection of its own (#${again.seq}, ${again.error!.code}), while it answered other requests before and after (#${before.seq}, ${before.response!.status}; #${after.seq}, ${after.response!.status}): the request was ${why}`;
}

/**
 * A check whose error is a request the target dropped twice while answering others (dropped.ts) is left out
 * because of the check that binds that request, which judges it, as after a death; where none binds it, as the
 * target's outcome. Any other error stands.
 */
export function leftByDrop(
  r: CheckResult,
  drops: readonly Drop[],
  checks: readonly Pick<CheckDefinition<unknown>, 'id' | 'unanswered'>[],
): CheckResult {
  if (r.status !== 'error' || r.message.startsWith('E_INTERNAL')) return r;
  for (const { exchange: x } of drops) {
    if (!r.message.includes(`${x.request.method} ${x.request.url} `)) continue;
    const blamer = checks.find((c) => c.unanswered?.(x) !== undefined)?.id;
    if (blamer === r.id) continue;
    // No check binds it (a request without the key, say): the target's doing still, which no check judges.
    const which = blamer === undefined ? '; no check binds that request' : `, which ${blamer} judges`;
    return {
      ...r,
      status: 'skip' as const,
      message: `not judged: the target closed the connection without a response to ${x.request.method} ${x.request.url}, twice, while it answered other requests${which}`,
      cause: blamer === undefined ? OUTCOME : findingOf(blamer),
      details: [...r.details, `it ended: ${r.message}`],
    };
  }
  return r;
}
