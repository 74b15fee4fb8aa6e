// A target that died on a request: the exchange whose connection closed without an answer, after which every
// connection was refused. That request is then the server's failure, judged by the checks that bind it
// (CheckDefinition.unanswered); our own timeouts, aborts and a URL refused from the first connection are not. Pure.
import { CLOSED_UNANSWERED } from '../http/response.ts';
import type { Exchange } from '../http/transcript.ts';

/** An exchange whose connection the target closed or reset with no response to its request. */
export const closedUnanswered = (x: Exchange) =>
  x.response === undefined && CLOSED_UNANSWERED.test(x.error?.code ?? '');
const refused = (x: Exchange) => x.response === undefined && x.error?.code === 'ECONNREFUSED';

export interface Death {
  /** The request the server died on. */
  exchange: Exchange;
  /** How many connections after it were refused (one at least). */
  refused: number;
}

/**
 * The request a server died on, read from the exchanges in the order recorded: the last one closed without an
 * answer, right after the last answered one, and only refused connections after it. Undefined when the target
 * never answered (it was never up: the URL's fault or ours), answers again, or two requests in a row went
 * unanswered (which one killed it is unknown).
 */
export function deathOf(exchanges: readonly Exchange[]): Death | undefined {
  let i = exchanges.length - 1;
  while (i >= 0 && refused(exchanges[i]!)) i -= 1;
  const after = exchanges.length - 1 - i;
  if (after === 0 || i < 1) return undefined;
  const x = exchanges[i]!;
  if (!closedUnanswered(x) || exchanges[i - 1]!.response === undefined) return undefined;
  return { exchange: x, refused: after };
}

/** Whether the last exchange closed without an answer and nothing followed yet: a death not yet told from a reset. */
export function deathUntold(exchanges: readonly Exchange[]): boolean {
  const last = exchanges.at(-1);
  return last !== undefined && closedUnanswered(last);
}

/** The finding of a check that binds the request the server died on: `why` it binds it. */
export function deathFinding(death: Death, why: string): string {
  const n = death.refused;
  return `no answer: the connection closed and the server stopped accepting connections (the next ${n === 1 ? 'connection was' : `${n} connections were`} refused) after ${why}`;
}
