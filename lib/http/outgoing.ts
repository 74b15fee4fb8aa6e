// A request as it goes out of one exchange: the URL and headers on the wire (wire.ts), the copy the transcript
// records redacted, how messages name it; and the client's parts every exchange of a run works with.
import { HarnessError } from '../errors.ts';
import type { Connections } from './connections.ts';
import type { KeyWatch } from './key-watch.ts';
import { OMIT_LENGTH_MARKER } from './omit-length.ts';
import type { Pacer } from './pacer.ts';
import type { Redactor } from './redact.ts';
import type { BodyObserver, SendOptions } from './send.ts';
import { requestKind, type Stopping } from './stopping.ts';
import type { Bucket, RecordedRequest, Transcript } from './transcript.ts';
import { type WireContext, wireRequest } from './wire.ts';

/** What one exchange works with: the client's parts, shared by every exchange of a run. */
export interface ExchangeContext {
  limits: { timeoutMs: number; maxResponseBytes: number; maxHeaderBytes: number };
  /** How much of each body the transcript keeps. */
  recordBodyBytes: number;
  pacer: Pacer;
  transcript: Transcript;
  redactor: Redactor;
  connections: Connections;
  stopping: Stopping;
  watch: KeyWatch;
  observers: readonly BodyObserver[];
  wire: WireContext;
  signal?: AbortSignal;
  now(): number;
  checkId(): string | undefined;
  /** On a direct connection (no proxy): a HEAD asking for it is read off a socket of its own (raw-head.ts). */
  raw?: { ca?: string[] };
}

/** One request as it goes out, and how it is named in messages. */
export interface Outgoing {
  opts: SendOptions;
  bucket: Bucket;
  url: string;
  headers: Record<string, string | string[]>;
  recorded: RecordedRequest;
  kind: string;
  /** Method and redacted URL. */
  what: string;
  startedMs: number;
}

/** Whether a request goes on a socket of its own, read byte by byte (SendOptions.readsHeadContent). */
export const rawOf = (ctx: ExchangeContext, opts: SendOptions) =>
  opts.readsHeadContent === true && opts.method === 'HEAD' && ctx.raw !== undefined;

export function outgoing(ctx: ExchangeContext, opts: SendOptions, bucket: Bucket): Outgoing {
  // undici would write the Content-Length and no content: content goes only where it is written.
  if (opts.content !== undefined && !opts.heldConnection)
    throw new HarnessError('E_INTERNAL', 'content goes only on a held connection');
  const wired = wireRequest(opts.path, opts.auth ?? { kind: 'key' }, opts.headers, ctx.wire);
  const { url } = wired;
  // The raw HEAD asks the server to close after it: what follows the head then ends at the close.
  // Content goes framed by its length (RFC 9112 §6.3), the field recorded with the request.
  const headers = rawOf(ctx, opts)
    ? { ...wired.headers, connection: 'close' }
    : opts.content !== undefined
      ? { ...wired.headers, 'content-length': String(Buffer.byteLength(opts.content)) }
      : wired.headers;
  const shown = ctx.redactor.redact(url);
  return {
    opts,
    bucket,
    url,
    // The marker is the connection's to drop (omit-length.ts), never part of the request as recorded.
    headers: opts.omitContentLength ? { ...headers, [OMIT_LENGTH_MARKER]: '1' } : headers,
    recorded: {
      method: opts.method,
      url: shown,
      headers: ctx.redactor.redactHeaders(headers),
      ...(opts.content !== undefined ? { content: ctx.redactor.redact(opts.content) } : {}),
    },
    kind: requestKind(opts.method, opts.path),
    what: `${opts.method} ${shown}`,
    startedMs: ctx.now(),
  };
}
