// HTTP-REQUEST-BODY-FRAMING's judge: the answer to the request after one with content, on the same connection,
// against the answer the same request got on another. Reads the exchanges only; never sends (request-body.ts).
import type { Exchange } from '../../lib/http/transcript.ts';

/** One request of the pair: its exchange, and why no answer was read when none was. */
export interface Next {
  exchange: Exchange;
  error?: string;
}

/** What the probe saw: the reference answer, the request with content, and the next one if it went. */
export interface Pair {
  /** A plain GET of the list on a connection no content went on before it. */
  reference: Exchange;
  first: Next;
  /** Sent only when the server kept the connection open after the first answer. */
  next?: Next;
  /** Whether the next request went on the first one's connection (false: the server had closed it). */
  reused?: boolean;
}

export type PairVerdict =
  | { kind: 'pass'; message: string; judged: Exchange[] }
  | { kind: 'fail'; message: string; expected: string; actual: string; exchange: Exchange }
  | { kind: 'skip'; reason: string };

/** Statuses that refuse content (RFC 9110 §15.5.1, §15.5.12, §15.5.14, §15.5.16). */
const REFUSALS: ReadonlySet<number> = new Set([400, 411, 413, 415]);

const named = (x: Exchange) => `#${x.seq} ${x.request.method} ${new URL(x.request.url).pathname}`;

function firstSaid(first: Next): string {
  const s = first.exchange.response?.status;
  if (s === undefined) return `got no answer (${first.error ?? first.exchange.error?.message ?? 'closed'})`;
  return `was answered ${s}${REFUSALS.has(s) ? ' (a refusal of content a GET gives no meaning: allowed)' : ''}`;
}

/** The verdict on a pair; the first answer itself is never judged (RFC 9110 §9.3.1: GET content has no meaning). */
export function judgePair(p: Pair): PairVerdict {
  const f = p.first.exchange;
  const what = `${named(f)} with two bytes of content ("{}", Content-Length: 2)`;
  if (f.response?.status === 429)
    return { kind: 'skip', reason: `${what} was answered 429 (the rate limiter): nothing judged` };
  if (f.response === undefined)
    return {
      kind: 'skip',
      reason: `${what} ${firstSaid(p.first)}: the connection ended with it, so no request after it could be misread; nothing judged`,
    };
  const ref = p.reference.response;
  if (!ref || ref.status < 200 || ref.status >= 300)
    return {
      kind: 'skip',
      reason: `the plain GET of the list (${named(p.reference)}) was answered ${ref?.status ?? 'nothing'}: no answer to compare the next request's with`,
    };
  if (!p.next || p.reused === false)
    return {
      kind: 'pass',
      message: `${what} ${firstSaid(p.first)}, and the server closed the connection after it${p.next ? ' (the next request went on a new one)' : ''}: it read no request from the content (closing is allowed)`,
      judged: [f, ...(p.next ? [p.next.exchange] : [])],
    };
  const n = p.next.exchange;
  const s = n.response?.status;
  if (s === 429)
    return {
      kind: 'skip',
      reason: `the request after it on the same connection was answered 429: nothing judged`,
    };
  const after = `${what} ${firstSaid(p.first)} on a connection the server kept open; the next request on it, ${named(n)} with no content,`;
  if (s !== undefined && (s === ref.status || (s >= 200 && s < 300)))
    return {
      kind: 'pass',
      message: `${after} was answered ${s}, as the same request on another connection (${named(p.reference)}: ${ref.status}): the content was read to its end`,
      judged: [f, n],
    };
  const got =
    s === undefined
      ? `got no HTTP answer (${p.next.error ?? n.error?.message ?? 'the connection closed'})`
      : `was answered ${s}`;
  return {
    kind: 'fail',
    message: `${after} ${got}, where the same request on another connection was answered ${ref.status} (${named(p.reference)}): the server did not read the content the Content-Length framed, and read it as the start of the next request`,
    expected: `${ref.status}, as on a fresh connection (RFC 9112 §9.3: the server reads the whole body or closes)`,
    actual: s === undefined ? got : `${s}`,
    exchange: n,
  };
}
