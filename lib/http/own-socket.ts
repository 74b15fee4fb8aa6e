// A request on a socket of the harness's own rather than the agent's: a HEAD whatever follows its head read as
// its content (raw-head.ts), or a request on a connection held open across requests (held-connection.ts).
// Sends and reads the head; exchange.ts reads the body and records.
import type { Dispatcher } from 'undici';
import type { ExchangeContext, Outgoing } from './outgoing.ts';
import { type RawHeadAnswer, rawHead } from './raw-head.ts';

/** A response as every transport gives it. */
export type Answer = Pick<Dispatcher.ResponseData, 'statusCode' | 'headers'> & {
  body: RawHeadAnswer['body'];
};

/** Sends `out` on its held connection, or as a raw HEAD, within the harness's limits. */
export function askOwnSocket(ctx: ExchangeContext, out: Outgoing, signal: AbortSignal): Promise<Answer> {
  const { timeoutMs, maxHeaderBytes, maxResponseBytes } = ctx.limits;
  const held = out.opts.heldConnection;
  if (held)
    return held.send({
      url: out.url,
      method: out.opts.method,
      headers: out.headers,
      ...(out.opts.content !== undefined ? { content: out.opts.content } : {}),
      timeoutMs,
      maxHeaderBytes,
      maxResponseBytes,
      signal,
    });
  return rawHead({
    url: out.url,
    headers: out.headers,
    timeoutMs,
    maxHeaderBytes,
    maxContentBytes: maxResponseBytes,
    ...(ctx.raw?.ca ? { ca: ctx.raw.ca } : {}),
    signal,
  });
}
