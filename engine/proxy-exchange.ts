// One exchange through the recording proxy: an origin-form request forwarded to the target alone (any other
// request target answered 400 by the proxy), the answer streamed back, the exchange recorded once. Whatever
// breaks, it ends this exchange only, and each cut is recorded under its cause: the target's, the client's, ours.
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { flagRef } from '../lib/config/settings.ts';
import type { OwnFields, RecordedEntry } from '../lib/formats/har.ts';
import { type Budgets, endToEnd, lower, Tap } from './proxy-body.ts';
import { type HeadContent, watchHeadContent } from './proxy-head.ts';

/** What every exchange of one proxy shares. */
export interface ExchangeScope {
  target: URL;
  /** The target URL's path, without its last slash: put before each request's path. */
  prefix: string;
  agent: http.Agent;
  /** For HEAD: a connection of its own each, closed after it, so what follows its head is seen (proxy-head.ts). */
  headAgent: http.Agent;
  budgets: Budgets;
  record(entry: RecordedEntry): void;
  /** Told of an error of the proxy's own (its code only: a message may quote the request). */
  internalError(code: string): void;
  stopping(): boolean;
}

/** The list operation's path, whatever the base path before it: its body may be kept whole. */
const LIST = /\/store\/orders\/?(\?|$)/;

const OWN_TYPE = 'text/plain; charset=utf-8';
const NOT_ORIGIN_FORM =
  'the request target is not in origin-form (RFC 9112 §3.2.1: a path and query); the proxy answered 400 and sent it nowhere';
const CAPPED = `the proxy's memory budget (${flagRef('maxResponseBytes')} for the list bodies in flight and kept, 16 MiB for the first 64 KiB of every body in flight) had no room left: the body was forwarded whole but not kept`;

const codeOf = (e: unknown): string => {
  const { code, name } = (e ?? {}) as { code?: unknown; name?: unknown };
  return typeof code === 'string' ? code : typeof name === 'string' ? name : 'E_INTERNAL';
};

/** Answers the request at the proxy itself: no target was asked, or its answer could not be relayed. */
function ownAnswer(res: http.ServerResponse, status: number, why: string) {
  const body = `order-store-conformance proxy: ${why}\n`;
  const headers: Array<[string, string]> = [
    ['content-type', OWN_TYPE],
    ['content-length', String(Buffer.byteLength(body))],
    ['connection', 'close'],
  ];
  try {
    res.sendDate = false;
    // The reason phrase said again: a failed writeHead may have left the target's unwritable one behind.
    res.writeHead(status, http.STATUS_CODES[status] ?? '', headers.flat());
    res.end(body);
  } catch {
    res.destroy();
  }
  return { headers, body: Buffer.from(body) };
}

/** Forwards one request to the target (or answers it), and records the exchange once it has ended. */
export function forward(scope: ExchangeScope, req: http.IncomingMessage, res: http.ServerResponse): void {
  const { target, prefix } = scope;
  const startedMs = Date.now();
  const method = (req.method ?? 'GET').toUpperCase();
  const originForm = (req.url ?? '').startsWith('/');
  const url = `${target.origin}${prefix}${originForm ? req.url : ''}`;
  const requestHeaders = endToEnd(req.rawHeaders).map(([n, v]): [string, string] =>
    n.toLowerCase() === 'host' ? [n, target.host] : [n, v],
  );
  const tap = new Tap(scope.budgets, method === 'GET' && LIST.test(req.url ?? ''));
  let status = 0;
  let responseHeaders: Array<[string, string]> = [];
  let upstream: http.ClientRequest | undefined;
  let recorded = false;
  // A HEAD's connection, watched for content after the head; set once its answer ended (recorded after it).
  let headContent: HeadContent | undefined;
  let headEnded = false;
  req.on('error', () => {});
  res.on('error', () => {});

  const record = (fields: Omit<OwnFields, 'framed'> = {}, own?: { status: number; body: Buffer }) => {
    if (recorded) return;
    recorded = true;
    const cutBy = fields.cutBy ?? (tap.capped ? CAPPED : undefined);
    const whole = tap.whole && !fields.bodyError && !cutBy;
    const body = tap.finish(whole);
    const kept = own
      ? { body: own.body, bodyBytes: own.body.length, bodyWhole: true }
      : status > 0
        ? { body, bodyBytes: tap.bytes, bodyWhole: whole }
        : { bodyBytes: 0, bodyWhole: false };
    const entry: RecordedEntry = {
      source: `proxy#${startedMs}`,
      startedMs,
      durationMs: Date.now() - startedMs,
      method,
      url,
      requestHeaders: lower(requestHeaders),
      status: own?.status ?? status,
      responseHeaders: lower(responseHeaders),
      ...kept,
      ours: { framed: true, ...fields, ...(cutBy ? { cutBy } : {}) },
    };
    try {
      scope.record(entry);
    } catch (e) {
      scope.internalError(codeOf(e));
    }
  };

  /** Ends the exchange with an answer of the proxy's own, recorded as such (never judged as the target's). */
  const answerHere = (code: number, why: string) => {
    req.resume();
    const own = ownAnswer(res, code, why);
    responseHeaders = own.headers;
    record({ answeredByProxy: why }, { status: code, body: own.body });
  };

  /** An error of the proxy's own: this exchange ends (502 or 500 of ours while the client has no answer yet). */
  const internal = (e: unknown) => {
    const code = codeOf(e);
    scope.internalError(code);
    upstream?.destroy();
    // Recorded already: the answer is under way or over, and stays the target's.
    if (recorded) return;
    const why = `an internal error of the proxy (${code}); the exchange was not relayed`;
    if (!res.headersSent) answerHere(upstream ? 502 : 500, why);
    else {
      record({ cutBy: why });
      res.destroy();
    }
  };
  const guard =
    <A extends unknown[]>(fn: (...a: A) => void) =>
    (...a: A) => {
      try {
        fn(...a);
      } catch (e) {
        internal(e);
      }
    };

  guard(() => {
    if (!originForm) {
      answerHere(400, NOT_ORIGIN_FORM);
      return;
    }
    // The target's host and port alone, whatever the request says: the path is sent as the client wrote it.
    const options: https.RequestOptions = {
      protocol: target.protocol,
      hostname: target.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: target.port || (target.protocol === 'https:' ? 443 : 80),
      path: `${prefix}${req.url}`,
      method: req.method,
      headers: requestHeaders.flat(),
      agent: method === 'HEAD' ? scope.headAgent : scope.agent,
    };
    const up = (target.protocol === 'https:' ? https : http).request(options);
    upstream = up;
    if (method === 'HEAD') up.once('socket', (s: Socket) => (headContent = watchHeadContent(s)));
    up.on(
      'response',
      guard((answer: http.IncomingMessage) => {
        status = answer.statusCode ?? 0;
        responseHeaders = endToEnd(answer.rawHeaders);
        tap.expect(Number(answer.headers['content-length']));
        res.sendDate = false;
        try {
          res.writeHead(status, answer.statusMessage ?? '', responseHeaders.flat());
        } catch (e) {
          // Nothing of the target's answer reached the client: the exchange is ours to end, not the target's.
          status = 0;
          responseHeaders = [];
          answer.resume();
          throw e;
        }
        answer.on(
          'data',
          guard((chunk: Buffer) => tap.add(chunk)),
        );
        const cut = (bodyError: { code: string; message: string }) => {
          if (recorded) return;
          record({ bodyError });
          res.destroy();
        };
        answer.on('error', (e: NodeJS.ErrnoException) =>
          cut({ code: e.code ?? 'E_HTTP', message: e.message }),
        );
        answer.on('aborted', () =>
          cut({ code: 'ECONNRESET', message: 'the target closed the connection before the body ended' }),
        );
        answer.on(
          'end',
          guard(() => {
            if (!headContent) return record();
            // Content after a HEAD's head is the target's to answer for: kept as its body, never relayed.
            headEnded = true;
            void headContent.settled().then(
              guard(({ kept, bytes }) => {
                if (kept.length > 0) tap.add(kept);
                tap.bytes = bytes;
                record();
              }),
            );
          }),
        );
        answer.pipe(res);
      }),
    );
    up.on('error', (e: NodeJS.ErrnoException) => {
      // After a HEAD's answer, node's parser may refuse the content that follows it: that content is recorded.
      if (recorded || headEnded || (headContent && status > 0)) return;
      // No answer of the target's to give: the client's connection is cut, as the target's was.
      record({ error: { code: e.code ?? 'E_HTTP', message: e.message } });
      req.socket.destroy();
    });
    req.pipe(up);
  })();

  // A client that goes away (or the proxy's stop) cuts the exchange: recorded under that cause, never the target's.
  res.on('close', () => {
    if (res.writableFinished || recorded) return;
    const why = scope.stopping()
      ? 'the proxy stopped before the exchange ended (its stop, not the target)'
      : 'the client closed its connection before the exchange ended (the client, not the target)';
    record(status > 0 ? { cutBy: why } : { cutBy: why, error: { code: 'E_CLIENT_CLOSED', message: why } });
    upstream?.destroy();
  });
}
