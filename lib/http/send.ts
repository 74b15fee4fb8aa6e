// What a check asks the client to send (SendOptions), and the shape of a reader of whole bodies. Types only.
import type { HeldConnection } from './held-connection.ts';
import type { Exchange } from './transcript.ts';
import type { Auth } from './wire.ts';

export interface SendOptions {
  method: 'GET' | 'DELETE' | 'POST' | 'PUT' | 'PATCH' | 'HEAD' | 'OPTIONS';
  /** Path below the base URL, already percent-encoded as it should go on the wire ('/store/orders/7'). */
  path: string;
  auth?: Auth;
  headers?: Record<string, string>;
  /** Send again (once) after a 429, once its Retry-After has passed. Off for the rate-limit probe. */
  retryAfter429?: boolean;
  /**
   * The path goes on the wire exactly as written, dot segments included (URL parsing would resolve "/./" and
   * "/../"): for the checks that spell a path the ways a router may still read as an operation.
   */
  verbatimPath?: boolean;
  /**
   * A POST, PUT or PATCH goes with no Content-Length at all (its body empty, RFC 9112 §6.3), where undici
   * writes "content-length: 0" (omit-length.ts); only on a direct connection (HttpClient.omitsContentLength).
   */
  omitContentLength?: true;
  /**
   * A HEAD read off a socket of its own (lib/http/raw-head.ts), its path as written: whatever the server sends
   * after the head is the response's content, where undici drops it. Only on a direct connection (no proxy).
   */
  readsHeadContent?: true;
  /** Why the request is not valid HTTP, when a check sends it so on purpose (recorded on the exchange). */
  invalidRequest?: string;
  /**
   * The request goes on a connection opened for it alone, closed once it is answered: a server that keeps
   * what a connection sent before (a cache of header values) cannot read it as the earlier requests.
   */
  freshConnection?: true;
  /**
   * The request goes on this connection, held open between the requests sent on it (held-connection.ts): each
   * written once the one before was answered, on its socket while the server keeps it. Direct connections only.
   */
  heldConnection?: HeldConnection;
  /** Content written after the head, framed by the Content-Length it adds (only on a held connection). */
  content?: string;
  /**
   * Send even when the last response said Remaining 0 (the probe's walk into the limit). Retry-After is
   * honoured regardless: nothing leaves inside a Retry-After period.
   */
  spendToLimit?: boolean;
}

/**
 * Told of every response, with the request as sent and the body when it arrived whole (undefined when the
 * transport or one of the harness's limits cut it): whole bodies a reader judges as they arrive, where the
 * transcript keeps only the first RECORD_BODY_BYTES of each. Called once per response, before the sender
 * sees it; a HarnessError it throws (a body nested deeper than the parser reads) ends the sender's exchange.
 */
export type BodyObserver = (
  exchange: Exchange,
  body: Buffer | undefined,
  sent: Pick<SendOptions, 'method' | 'path'>,
) => void;
