// One exchange with the target, from the request on the wire to the response the checks read: the body read
// within the harness's limits, the rate-limit headers and 429s noted, the exchange recorded redacted, the whole
// body handed to its readers. A response that could not be read says why, and whether the request may have
// taken effect. Never asserts: a status or header is data for the checks.
import { isUtf8 } from 'node:buffer';
import type { Dispatcher } from 'undici';
import { errorMessage, HarnessError } from '../errors.ts';
import { JsonDepthError } from '../formats/json.ts';
import type { ConnectionMark } from './connections.ts';
import { isMalformedAnswer, MALFORMED } from './malformed.ts';
import { type ExchangeContext, type Outgoing, outgoing, rawOf } from './outgoing.ts';
import { type Answer, askOwnSocket } from './own-socket.ts';
import { EXCHANGE_DEADLINE_FACTOR, limitOf, readBody } from './read-body.ts';
import { depthError, type Response, responseOf, UnreadResponseError } from './response.ts';
import type { SendOptions } from './send.ts';
import { tlsProblem } from './tls.ts';
import { type Bucket, type Exchange, recordedHeaders, withRaw } from './transcript.ts';
import { request } from './transport.ts';

/** Methods that change nothing on the server (RFC 9110 §9.2.1): their lost answer lost no effect. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Failures before the request could have been written: nothing reached the target. */
const NOT_SENT =
  /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL|UND_ERR_CONNECT_TIMEOUT)$/;

const EMPTY: Buffer = Buffer.alloc(0);

/** Sends one request (paced and charged already) and reads its response. Throws only HarnessError. */
export async function exchange(ctx: ExchangeContext, opts: SendOptions, bucket: Bucket): Promise<Response> {
  const out = outgoing(ctx, opts, bucket);
  const deadline = AbortSignal.timeout(ctx.limits.timeoutMs * EXCHANGE_DEADLINE_FACTOR);
  if (rawOf(ctx, opts) || opts.heldConnection) return ownExchange(ctx, out, deadline);
  if (goesAlone(opts)) return aloneExchange(ctx, out, deadline);
  let res: Dispatcher.ResponseData;
  const dispatcher = ctx.connections.begin();
  const mark = ctx.connections.mark();
  try {
    res = await send(ctx, out, dispatcher, deadline);
  } catch (error) {
    ctx.connections.end();
    throw unread(ctx, out, error, deadline);
  }
  return answered(ctx, out, res, deadline, mark);
}

function send(ctx: ExchangeContext, out: Outgoing, dispatcher: Dispatcher, deadline: AbortSignal) {
  return request(out.url, {
    method: out.opts.method,
    headers: out.headers,
    dispatcher,
    ...(out.opts.verbatimPath ? { verbatimPath: true } : {}),
    signal: ctx.signal ? AbortSignal.any([ctx.signal, deadline]) : deadline,
  });
}

/**
 * Whether a request goes on a connection of its own: when asked, and always for the key under another spelling
 * of the scheme ("bearer <key>"). A server that caches a connection's header values (Jetty 9.4) hands back the
 * cached value for one equal but for case: on a shared connection the spelling would be read as the "Bearer
 * <key>" before it, and a later "Bearer <key>" as the spelling.
 */
function goesAlone(opts: SendOptions): boolean {
  const auth = opts.auth;
  const respelled = auth?.kind === 'key' && auth.scheme !== undefined && auth.scheme !== 'Bearer';
  return opts.freshConnection === true || respelled;
}

/** One exchange on a connection of its own (SendOptions.freshConnection), closed once it is answered. */
async function aloneExchange(ctx: ExchangeContext, out: Outgoing, deadline: AbortSignal): Promise<Response> {
  const dispatcher = ctx.connections.oneShot();
  try {
    let res: Dispatcher.ResponseData;
    try {
      res = await send(ctx, out, dispatcher, deadline);
    } catch (error) {
      throw unread(ctx, out, error, deadline);
    }
    return await answered(ctx, out, res, deadline, undefined);
  } finally {
    dispatcher.destroy().catch(() => undefined);
  }
}

/** An exchange on a socket of the harness's own, not the agent's (own-socket.ts). */
async function ownExchange(ctx: ExchangeContext, out: Outgoing, deadline: AbortSignal): Promise<Response> {
  let res: Answer;
  try {
    res = await askOwnSocket(ctx, out, ctx.signal ? AbortSignal.any([ctx.signal, deadline]) : deadline);
  } catch (error) {
    throw unread(ctx, out, error, deadline);
  }
  return answered(ctx, out, res, deadline, undefined);
}

/** Records an exchange that got no response it could read, and the error it ends in. */
function unread(ctx: ExchangeContext, out: Outgoing, error: unknown, deadline: AbortSignal): HarnessError {
  const code = String(
    (error as { code?: unknown }).code ??
      ((error as { name?: unknown }).name === 'HTTPParserError' ? 'HPE_INVALID' : 'E_HTTP'),
  );
  const host = new URL(out.url).hostname;
  const tls = tlsProblem(error, host);
  const message = ctx.redactor.redact(tls ?? errorMessage(error));
  const effect = !SAFE.has(out.opts.method) && !NOT_SENT.test(code);
  ctx.transcript.add({
    checkId: ctx.checkId(),
    bucket: out.bucket,
    startedAt: new Date(out.startedMs).toISOString(),
    durationMs: ctx.now() - out.startedMs,
    request: out.recorded,
    error: { code, message },
    ...(effect ? { mayHaveTakenEffect: true as const } : {}),
    ...(out.opts.invalidRequest ? { invalidRequest: out.opts.invalidRequest } : {}),
    ...(out.opts.omitContentLength ? { lengthOmitted: true as const } : {}),
  });
  const limit = limitOf(error, out.what, ctx.limits, deadline);
  const effectNote = effect
    ? ` (the ${out.opts.method} may have taken effect on the target: its answer was not read)`
    : '';
  const failure = limit
    ? `${limit.message}${effectNote}`
    : code === MALFORMED
      ? `${out.what} was answered with a malformed response: ${message} (${code})${effectNote}`
      : `${out.what} failed: ${message} (${code})${effectNote}`;
  if (limit?.code === 'E_HEADERS_TOO_LARGE') ctx.stopping.answer(out.kind);
  // An answer the parser refuses (a control byte in a header) is the target's: it never counts as silence.
  else if (isMalformedAnswer(code)) ctx.stopping.malformed(out.kind, code, failure);
  // A timeout beside one already counted (requests sent together, stalled together) is that stall again.
  else if (!(limit?.code === 'E_TIMEOUT' && ctx.stopping.overlapsTimeout(out.startedMs))) {
    // Silence first: a target that has never answered is named as such before any timeout bound.
    ctx.stopping.noAnswer(out.kind, code, failure);
    if (limit?.code === 'E_TIMEOUT')
      ctx.stopping.timedOut(out.kind, failure, false, { startedMs: out.startedMs, nowMs: ctx.now() });
  }
  return limit
    ? new UnreadResponseError(limit.code, failure, effect, { cause: limit, wire: code })
    : new UnreadResponseError('E_HTTP', failure, effect, { wire: code });
}

/** The body, within the harness's limits: a body error is the response's, a limit of ours ends the exchange. */
async function readWithin(ctx: ExchangeContext, out: Outgoing, res: Answer, deadline: AbortSignal) {
  const progress = { bytes: 0 };
  try {
    const body = await readBody(
      res.body,
      res.headers['content-length'],
      ctx.limits.maxResponseBytes,
      progress,
    );
    return { body };
  } catch (error) {
    const declared = res.headers['content-length'];
    const bodyError = {
      // Some stream errors carry a numeric code (zlib's 23...): the report's schema wants a string.
      code: String((error as { code?: unknown }).code ?? 'E_HTTP'),
      message: ctx.redactor.redact(
        `${errorMessage(error)} after ${progress.bytes}${typeof declared === 'string' ? ` of ${declared}` : ''} body bytes`,
      ),
    };
    return { body: EMPTY, bodyError, limit: limitOf(error, out.what, ctx.limits, deadline) };
  }
}

/**
 * The status line and headers arrived, so whatever goes wrong with the body is the response's doing (a 204
 * announcing a Content-Length, a reset mid-body), recorded as part of it and judged by the checks; our own size
 * cap or timeout is the exception: recorded, then the exchange ends as a LimitError.
 */
async function answered(
  ctx: ExchangeContext,
  out: Outgoing,
  res: Answer,
  deadline: AbortSignal,
  mark: ConnectionMark | undefined,
): Promise<Response> {
  const { body, bodyError, limit } = await readWithin(ctx, out, res, deadline);
  // A raw HEAD went on no connection of the agent's.
  const connection = mark ? ctx.connections.end(res.headers, mark) : undefined;
  // A body our timeout cut counts toward the run's bound on timeouts; anything else read is an answer.
  if (limit?.code === 'E_TIMEOUT')
    ctx.stopping.timedOut(out.kind, limit.message, true, { startedMs: out.startedMs, nowMs: ctx.now() });
  else ctx.stopping.answer(out.kind);
  const receivedAtMs = ctx.now();
  noteLimits(ctx, out, res, body, receivedAtMs);
  const exchange = record(
    ctx,
    out,
    res,
    { body, bodyError, truncated: limit !== undefined },
    receivedAtMs,
    connection,
  );
  const refused = tellObservers(ctx, exchange, bodyError || limit ? undefined : body, out);
  if (limit) throw limit;
  if (refused) throw refused;
  return responseOf({
    exchange,
    status: res.statusCode,
    headers: res.headers,
    body,
    ...(bodyError ? { bodyError } : {}),
    receivedAtMs,
    what: out.what,
  });
}

/** Rate-limit headers for the pacer, a 429 for the watch on bans and long waits (a 401 is the address's). */
function noteLimits(
  ctx: ExchangeContext,
  out: Outgoing,
  res: Answer,
  body: Buffer,
  receivedAtMs: number,
): void {
  const paced = res.statusCode === 401 ? 'anonymous' : out.bucket;
  const windowEndsAtMs = ctx.pacer.snapshot(paced).resetAtMs;
  ctx.pacer.observe(paced, res.statusCode, res.headers, receivedAtMs);
  if (res.statusCode === 429)
    ctx.watch.after429(
      paced,
      res.headers,
      body.toString('utf8', 0, 4096),
      receivedAtMs,
      windowEndsAtMs,
      out.what,
    );
}

function record(
  ctx: ExchangeContext,
  out: Outgoing,
  res: Answer,
  read: { body: Buffer; bodyError?: { code: string; message: string }; truncated: boolean },
  receivedAtMs: number,
  connection: number | undefined,
): Exchange {
  const { body, bodyError } = read;
  // Enough bytes to hold the first recordBodyBytes characters, however they are encoded.
  const shown = body.toString('utf8', 0, Math.min(body.length, 3 * ctx.recordBodyBytes + 4));
  const kept = recordedHeaders(ctx.redactor.redactHeaders(res.headers));
  return ctx.transcript.add({
    checkId: ctx.checkId(),
    bucket: out.bucket,
    startedAt: new Date(out.startedMs).toISOString(),
    durationMs: receivedAtMs - out.startedMs,
    request: out.recorded,
    ...(out.opts.invalidRequest ? { invalidRequest: out.opts.invalidRequest } : {}),
    ...(out.opts.omitContentLength ? { lengthOmitted: true as const } : {}),
    ...(connection !== undefined ? { connection } : {}),
    response: withRaw(
      {
        status: res.statusCode,
        headers: kept.headers,
        ...(kept.omitted ? { headersOmitted: kept.omitted } : {}),
        body: ctx.redactor.redactCut(shown, ctx.recordBodyBytes),
        bodyBytes: body.length,
        bodyTruncated: read.truncated || shown.length > ctx.recordBodyBytes,
        ...(bodyError ? { bodyError } : {}),
      },
      { headers: res.headers, body: shown.slice(0, ctx.recordBodyBytes), utf8: isUtf8(body) },
    ),
  });
}

/** Hands the whole body to every reader; a body nested past the parser's depth is the harness's limit. */
function tellObservers(
  ctx: ExchangeContext,
  exchange: Exchange,
  whole: Buffer | undefined,
  out: Outgoing,
): HarnessError | undefined {
  let refused: HarnessError | undefined;
  for (const observe of ctx.observers) {
    try {
      observe(exchange, whole, out.opts);
    } catch (e) {
      refused ??=
        e instanceof JsonDepthError
          ? depthError(e, out.what)
          : new HarnessError('E_INTERNAL', `reading ${out.what}: ${errorMessage(e)}`);
    }
  }
  return refused;
}
