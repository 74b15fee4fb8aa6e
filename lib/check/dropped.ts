// A target that drops one request: the connection it went on closed with no answer, twice for the same method
// and URL (the client's retry on a connection of its own), while the target answered requests sent before it
// and after on other connections. That request is then the server's failure, judged by the check that binds it
// (CheckDefinition.unanswered); our timeouts, aborts, a refused connection or a target that answers nothing are
// not (their codes are not a close, or nothing around the drop was answered). Pure.
import type { Exchange } from '../http/transcript.ts';
import { closedUnanswered } from './server-died.ts';

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
