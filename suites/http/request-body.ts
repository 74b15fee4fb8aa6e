// HTTP-REQUEST-BODY-FRAMING: on one connection, a GET of the list carrying two bytes of content framed by
// Content-Length, then a plain GET of the list on the same connection if the server kept it open. A server that
// never reads the content reads "{}GET ..." as the next request line (RFC 9112 §6.3). Sends only into the room
// the key's window has left; the judging reads the two answers and the run's plain GET of the list.
import { input, OUTCOME } from '../../lib/check/skip.ts';
import { flagAndEnv } from '../../lib/config/settings.ts';
import { HarnessError } from '../../lib/errors.ts';
import type { HttpClient } from '../../lib/http/client.ts';
import { KEY_VARIABLE } from '../../lib/http/redact.ts';
import type { SendOptions } from '../../lib/http/send.ts';
import type { Exchange, Transcript } from '../../lib/http/transcript.ts';
import { RFC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { ORDERS } from '../kit/paths.ts';
import { keyedListFailed } from '../kit/target-facts.ts';
import { judgePair, type Next, type Pair } from './request-body-judge.ts';
import { OutOfRoom, roomKeeper } from './surface-room.ts';

export const REQUEST_BODY_FRAMING = 'HTTP-REQUEST-BODY-FRAMING';
/** The content: two bytes that, read as the start of a request line, make it no request line. */
export const PROBE_CONTENT = '{}';
/** How long a close after the first answer is awaited before the next request is written. */
export const CLOSE_GRACE_MS = 200;

/** A plain GET of the list with the key: no condition, the default Accept, no content. */
function plainListGet(x: Exchange): boolean {
  const url = new URL(x.request.url);
  const h = new Map(Object.entries(x.request.headers).map(([k, v]) => [k.toLowerCase(), v]));
  return (
    x.request.method === 'GET' &&
    x.bucket === 'primary' &&
    url.pathname.endsWith(ORDERS) &&
    url.search === '' &&
    (h.get('accept') ?? 'application/json') === 'application/json' &&
    ![...h.keys()].some((k) => k.startsWith('if-') || k === 'content-length') &&
    h.get('authorization') === `Bearer $${KEY_VARIABLE}` &&
    x.response !== undefined &&
    x.response.status !== 429 &&
    x.response.bodyError === undefined
  );
}

/** The answer a plain GET of the list got on a connection where no content went before it, or undefined. */
const referenceOf = (ctx: Ctx): Exchange | undefined =>
  [...ctx.transcript.all()].reverse().find((x) => x.connection !== undefined && plainListGet(x)) ??
  [...ctx.transcript.all()].reverse().find(plainListGet);

/** Sends; an exchange that got no readable answer is the one the transcript recorded last. */
async function sent(http: HttpClient, transcript: Transcript, opts: SendOptions): Promise<Next> {
  const before = transcript.size;
  try {
    return { exchange: (await http.send({ ...opts, retryAfter429: false })).exchange };
  } catch (e) {
    if (!(e instanceof HarnessError) || transcript.size === before) throw e;
    return { exchange: transcript.all()[transcript.size - 1]!, error: e.message };
  }
}

/**
 * The pair on one held connection: the GET with content, then, unless the server closed the connection after
 * its answer, a plain GET of the list on it. `room` is awaited first with the number of requests to send.
 */
export async function sendPair(
  http: HttpClient,
  transcript: Transcript,
  room: (need: number) => Promise<void>,
): Promise<Omit<Pair, 'reference'>> {
  const held = http.holdConnection();
  if (!held) throw new HarnessError('E_INTERNAL', 'no connection can be held through a proxy');
  try {
    await room(2);
    const first = await sent(http, transcript, {
      method: 'GET',
      path: ORDERS,
      headers: { 'Content-Type': 'application/json' },
      content: PROBE_CONTENT,
      heldConnection: held,
    });
    if (first.exchange.response === undefined || (await held.closedWithin(CLOSE_GRACE_MS))) return { first };
    const next = await sent(http, transcript, { method: 'GET', path: ORDERS, heldConnection: held });
    return { first, next, reused: held.reused };
  } finally {
    held.close();
  }
}

async function probe(ctx: Ctx): Promise<void> {
  if (!ctx.http.omitsContentLength)
    ctx.skip(
      'the target is reached through a proxy: the connection a request goes on is the proxy’s, so no two requests can be put on one connection to the server',
      OUTCOME,
    );
  // Asking for the list again repeats a failure (our cap, a reset) the run met already.
  if (await keyedListFailed(ctx.memo))
    ctx.skip(
      'the run’s GET of the list with the key failed: the probe’s GETs of it would fail alike',
      OUTCOME,
    );
  const room = roomKeeper(ctx);
  let pair: Pair;
  try {
    let reference = referenceOf(ctx);
    if (!reference) {
      await room();
      reference = (await ctx.http.send({ method: 'GET', path: ORDERS, freshConnection: true })).exchange;
    }
    pair = { reference, ...(await sendPair(ctx.http, ctx.transcript, room)) };
  } catch (e) {
    if (!(e instanceof OutOfRoom)) throw e;
    ctx.skip(
      `nothing sent: ${e.message} for the two requests that go together on one connection; raise ${flagAndEnv('surfaceWindows')}`,
      input('surfaceWindows'),
    );
  }
  ctx.evidence(pair.first.exchange, ...(pair.next ? [pair.next.exchange] : []));
  const v = judgePair(pair);
  if (v.kind === 'skip') ctx.skip(v.reason, OUTCOME);
  if (v.kind === 'fail') {
    // One curl, both requests on the connection it keeps, the content sent as recorded.
    ctx.reproduceOnOneConnection(pair.first.exchange, v.exchange);
    ctx.violation(v.message, { expected: v.expected, actual: v.actual, exchange: v.exchange });
  } else ctx.observe(v.message, v.judged.length, v.judged);
}

export const requestBodyCheck = check({
  id: REQUEST_BODY_FRAMING,
  level: 'MUST',
  rules: ['1.json'],
  requirement:
    'A request whose content is framed by Content-Length is read to its end: on a connection the server keeps open, the next request is read from there and answered as on a fresh connection.',
  rationale:
    'The request with content is a GET of the list carrying "{}" (Content-Length: 2); RFC 9110 §9.3.1 gives content on a GET no meaning, so any answer to it, a refusal (400, 411, 413, 415) included, is not judged here, nor is a close after it (a server may close rather than read on). Only the next request on the same connection is judged, against the plain GET of the list the run sent on another: a server that never read the content reads "{}GET /…" as a request line and answers 400, closes, or sends no HTTP. A 429 to either request leaves it unjudged. Live only: a recording notes neither the content a request carried nor the connection a request outside the run’s own went on.',
  basis: [RFC.contentLengthFrames, RFC.readWholeRequestBody],
  title:
    'Sends a GET of the list with two bytes of content, then a plain GET of the list on the same connection, in the room the key’s window has left',
  needs: { requests: 3 },
  recorded: { only: 'the request with content and the request after it on the same connection' },
  run: probe,
});
