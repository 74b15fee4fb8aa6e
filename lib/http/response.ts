// What a request gets back: the response as the checks read it (status, headers, the body as received, its
// JSON parsed once), and the error of an exchange whose response could not be read. Data only; never sends.
import { HarnessError } from '../errors.ts';
import { JsonDepthError, type JsonParseResult, parseJson } from '../formats/json.ts';
import { bodyFailure } from './body-failure.ts';
import type { Exchange } from './transcript.ts';

export interface Response {
  exchange: Exchange;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as received (empty when it could not be read). */
  body: Buffer;
  /** The body decoded as UTF-8 (decoded when first read: a large list is parsed from `body` instead). */
  readonly text: string;
  bytes: number;
  /** Set when the headers arrived but the body could not be read as framed (it is part of the finding). */
  bodyError?: { code: string; message: string };
  receivedAtMs: number;
  /**
   * The body parsed as lossless JSON, once. Throws (E_JSON_DEPTH) for a body nested deeper than the parser
   * reads: a limit of the harness, so the check that asks ends in error rather than judging it "not JSON".
   */
  json(): JsonParseResult;
}

/** A response without its body: enough to describe it and cite its exchange once the body is read. */
export type ResponseHead = Pick<Response, 'exchange' | 'status' | 'headers' | 'bytes' | 'receivedAtMs'>;

/**
 * The error of an exchange that got no readable response. `mayHaveTakenEffect`: the request may have reached
 * the target and changed the store (a DELETE whose answer was lost), so nothing may assume it did not.
 */
export class UnreadResponseError extends HarnessError {
  readonly mayHaveTakenEffect: boolean;
  /** The transport's own code (UND_ERR_SOCKET, ECONNRESET...), as the exchange's record holds it. */
  readonly wire: string | undefined;
  constructor(
    code: HarnessError['code'],
    message: string,
    mayHaveTakenEffect: boolean,
    options?: { cause?: unknown; wire?: string },
  ) {
    super(code, message, options);
    this.name = 'UnreadResponseError';
    this.mayHaveTakenEffect = mayHaveTakenEffect;
    this.wire = options?.wire;
  }
}

/** A connection the target closed or reset with no response to the request on it (undici's codes). */
export const CLOSED_UNANSWERED = /^(UND_ERR_SOCKET|ECONNRESET|EPIPE|UND_ERR_CLOSED)$/;

/** A body nested deeper than the parser reads, named by its exchange. */
export function depthError(e: JsonDepthError, what: string): HarnessError {
  return new HarnessError('E_JSON_DEPTH', `${what}: ${e.message}`, { cause: e });
}

export interface ResponseParts {
  exchange: Exchange;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  bodyError?: { code: string; message: string };
  receivedAtMs: number;
  /** How the exchange is named in an error: method and redacted URL. */
  what: string;
}

export function responseOf(parts: ResponseParts): Response {
  const { exchange, status, headers, body, bodyError, receivedAtMs, what } = parts;
  let text: string | undefined;
  let parsed: JsonParseResult | undefined;
  return {
    exchange,
    status,
    headers,
    body,
    get text() {
      text ??= body.toString('utf8');
      return text;
    },
    bytes: body.length,
    ...(bodyError ? { bodyError } : {}),
    receivedAtMs,
    json: () => {
      // A body the transport cut short is not judged as JSON: the reason is the transport's.
      if (parsed) return parsed;
      try {
        parsed = bodyError ? { ok: false, error: bodyFailure(bodyError) } : parseJson(body);
      } catch (e) {
        throw e instanceof JsonDepthError ? depthError(e, what) : e;
      }
      return parsed;
    },
  };
}
