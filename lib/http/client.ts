// Sends requests to the target with undici request(): explicit timeouts, a response size cap, redirects
// never followed, every exchange paced (pacer.ts) and recorded redacted (transcript.ts). It never asserts:
// a status or header is data for the checks, and only a transport failure throws.

import { isUtf8 } from 'node:buffer';
import type { Dispatcher } from 'undici';
import { LimitError } from '../config/limits.ts';
import { envAndFlag } from '../config/settings.ts';
import { errorMessage, HarnessError } from '../errors.ts';
import { type JsonParseResult, parseJson } from '../formats/json.ts';
import { type BanEvent, banOf, type LongWait, longWaitOf, refusedAfter } from './ban.ts';
import { bodyFailure } from './body-failure.ts';
import { Connections } from './connections.ts';
import { type KeyForm, sendsTheKey } from './key-forms.ts';
import { type Pacer, waitText } from './pacer.ts';
import { EXCHANGE_DEADLINE_FACTOR, limitOf, readBody } from './read-body.ts';
import { KEY_VARIABLE, type Redactor, SECOND_KEY_VARIABLE } from './redact.ts';
import { requestKind, Stopping } from './stopping.ts';
import { type Bucket, type Exchange, type Transcript, withRaw } from './transcript.ts';
import { request } from './undici-parts.ts';
import { type Auth, bucketOf, keyCarried, type WireContext, wireRequest } from './wire.ts';

export { EXCHANGE_DEADLINE_FACTOR } from './read-body.ts';
export { MAX_SAME_TRANSPORT_FAILURES } from './stopping.ts';
export type { Auth } from './wire.ts';

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
  /** Why the request is not valid HTTP, when a check sends it so on purpose (recorded on the exchange). */
  invalidRequest?: string;
  /**
   * Send even when the last response said Remaining 0 (the probe's walk into the limit). Retry-After is
   * honoured regardless: nothing leaves inside a Retry-After period.
   */
  spendToLimit?: boolean;
}

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
  /** The body parsed as lossless JSON, once. */
  json(): JsonParseResult;
}

/** A response without its body: enough to describe it and cite its exchange once the body is read. */
export type ResponseHead = Pick<Response, 'exchange' | 'status' | 'headers' | 'bytes' | 'receivedAtMs'>;

/**
 * Told of every response, with the request as sent and the body when it arrived whole (undefined when the
 * transport or one of the harness's limits cut it): whole bodies a reader judges as they arrive, where the
 * transcript keeps only the first RECORD_BODY_BYTES of each. Called once per response, before the sender
 * sees it; must not throw.
 */
export type BodyObserver = (
  exchange: Exchange,
  body: Buffer | undefined,
  sent: Pick<SendOptions, 'method' | 'path'>,
) => void;

export interface HttpClientOptions {
  baseUrl: string;
  apiKey: string;
  secondApiKey?: string;
  timeoutMs: number;
  maxResponseBytes: number;
  /** How much of each body the transcript keeps. */
  recordBodyBytes: number;
  pacer: Pacer;
  transcript: Transcript;
  redactor: Redactor;
  /** The live key may go into a URL to a non-loopback target (--allow-key-in-url). */
  allowKeyInUrl?: boolean;
  /** A 401 to the first request with the key is the target's answer to judge (--refused-key-is-failure). */
  refusedKeyIsFailure?: boolean;
  /** Aborts every request in flight (the run was stopped). */
  signal?: AbortSignal;
  now?: () => number;
  /** Told at once when a 429 announces a ban of a key (the run then says so prominently). */
  onBan?: (ban: BanEvent) => void;
  /** Told at once when a 429 asks a credential to wait far beyond its window (honoured, not a ban). */
  onLongWait?: (line: string) => void;
}

const EMPTY: Buffer = Buffer.alloc(0);

export class HttpClient {
  private readonly connections: Connections;
  private readonly wire: WireContext;
  private readonly now: () => number;
  /** The check on whose behalf requests are sent (checks run one at a time). */
  currentCheckId: string | undefined;
  /**
   * Bytes the target sent where no response was due (e.g. a whole extra response after a 204), as undici
   * reports them when it drops the connection; `afterSeq` is the last exchange recorded before.
   */
  readonly strayResponses: Array<{ afterSeq: number; message: string }> = [];
  /** Whoever reads whole bodies as they arrive (see BodyObserver), in the order added. */
  readonly bodyObservers: BodyObserver[] = [];
  /** Which kinds of request it no longer sends, after repeated exchanges with no response (stopping.ts). */
  readonly stopping = new Stopping();
  /** Every ban the target announced in this run, in order. */
  readonly bans: BanEvent[] = [];
  /** The long wait each bucket was last asked for (a ban if the target still refuses once it has passed). */
  private readonly longWaits = new Map<Bucket, LongWait & { untilMs: number }>();
  /** Why the key is taken for a wrong one: the first request with it was answered 401 (see keyRefusal). */
  keyRefused: string | undefined;
  private keySent = false;

  constructor(private readonly options: HttpClientOptions) {
    this.now = options.now ?? Date.now;
    this.wire = {
      baseUrl: options.baseUrl,
      key: (which) => this.key(which),
      redactor: options.redactor,
      allowKeyInUrl: options.allowKeyInUrl,
    };
    this.connections = new Connections({
      timeoutMs: options.timeoutMs,
      maxResponseBytes: options.maxResponseBytes,
      onStray: (message) => this.strayResponses.push({ afterSeq: options.transcript.size, message }),
    });
    options.redactor.addKey(options.apiKey, KEY_VARIABLE);
    if (options.secondApiKey) options.redactor.addKey(options.secondApiKey, SECOND_KEY_VARIABLE);
  }

  get pacer(): Pacer {
    return this.options.pacer;
  }

  private key(which: 'primary' | 'secondary' = 'primary'): string {
    if (which === 'primary') return this.options.apiKey;
    if (!this.options.secondApiKey) throw new HarnessError('E_INTERNAL', 'no second API key is configured');
    return this.options.secondApiKey;
  }

  /** Sends one request; pauses first if the pacer says so. Throws only HarnessError. */
  async send(opts: SendOptions): Promise<Response> {
    const bucket = bucketOf(opts.auth ?? { kind: 'key' });
    let response = await this.once(opts, bucket);
    if (response.status === 429 && opts.retryAfter429 !== false) response = await this.once(opts, bucket);
    return response;
  }

  /** Sends `count` copies of a request at the same moment (the opt-in burst of the rate-limit probe). */
  burst(opts: SendOptions, count: number): Promise<Array<Response | HarnessError>> {
    return this.together(Array.from({ length: count }, () => opts));
  }

  /**
   * Sends requests of one credential (the first one's) at the same moment: the pacer grants them all first,
   * then each starts in the same tick on a connection of its own, so they overlap on the wire (a burst, or a
   * race such as two cancels of one order). A request's own failure is its result; the others go on.
   */
  async together(requests: readonly SendOptions[]): Promise<Array<Response | HarnessError>> {
    const first = requests[0];
    if (!first) return [];
    const bucket = bucketOf(first.auth ?? { kind: 'key' });
    for (const opts of requests) this.refuseIfStopped(opts);
    await this.options.pacer.acquire(bucket, requests.length, first.spendToLimit);
    return Promise.all(
      requests.map((opts) =>
        this.exchange(opts, bucket).catch((e: unknown) =>
          e instanceof HarnessError ? e : new HarnessError('E_INTERNAL', errorMessage(e)),
        ),
      ),
    );
  }

  /**
   * Whether an altered form of the key would in fact send the key itself as a bearer token (a change of case of
   * a key with no letter): such a form is never sent as an invalid credential. Says no more of the key.
   */
  formIsTheKey(form: KeyForm): boolean {
    return sendsTheKey(form, this.options.apiKey);
  }

  /** Why the client sends nothing at all any more (the target never answered), or undefined. */
  get stopReason(): string | undefined {
    return this.keyRefused ?? this.stopping.all;
  }

  private refuseIfStopped(opts: SendOptions): void {
    const why = this.keyRefused ?? this.stopping.refusal(requestKind(opts.method, opts.path));
    if (why !== undefined)
      throw new HarnessError('E_HTTP', `not sent: the run stopped sending these after ${why}`);
    this.refuseLockedKey(opts.auth ?? { kind: 'key' });
  }

  /**
   * A key the target banned, or that a Retry-After keeps waiting longer than the run may, goes out in no
   * form at all (bearer, altered, Basic, query): any of them could extend the ban.
   */
  private refuseLockedKey(auth: Auth): void {
    const key = keyCarried(auth);
    if (key === undefined) return;
    const ban = this.bans.find((b) => b.bucket === key);
    if (ban)
      throw new HarnessError(
        'E_BANNED',
        `not sent: the target banned the ${key} key (${ban.evidence}); no form of it is sent again in this run`,
      );
    const wait = this.options.pacer.locked(key);
    if (wait)
      throw new LimitError(
        'E_RATE_LIMIT_WAIT',
        `not sent: the ${key} key may not send for ${waitText(wait.ms)} (${wait.reason}), longer than the ${Math.round(this.options.pacer.maxWaitMs / 1000)} s this run may wait, so no form of it is sent`,
        'maxWaitSeconds',
      );
  }

  private async once(opts: SendOptions, bucket: Bucket): Promise<Response> {
    this.refuseIfStopped(opts);
    await this.options.pacer.acquire(bucket, 1, opts.spendToLimit);
    return this.exchange(opts, bucket);
  }

  private async exchange(opts: SendOptions, bucket: Bucket): Promise<Response> {
    const { redactor, transcript, recordBodyBytes } = this.options;
    const { url, headers } = wireRequest(opts.path, opts.auth ?? { kind: 'key' }, opts.headers, this.wire);
    const recordedRequest = {
      method: opts.method,
      url: redactor.redact(url),
      headers: redactor.redactHeaders(headers),
    };
    const started = this.now();
    const startedAt = new Date(started).toISOString();
    let res: Dispatcher.ResponseData;
    const deadline = AbortSignal.timeout(this.options.timeoutMs * EXCHANGE_DEADLINE_FACTOR);
    const dispatcher = this.connections.begin();
    try {
      res = await request(url, {
        method: opts.method,
        headers,
        dispatcher,
        ...(opts.verbatimPath ? { verbatimPath: true } : {}),
        signal: this.options.signal ? AbortSignal.any([this.options.signal, deadline]) : deadline,
      });
    } catch (error) {
      this.connections.end();
      const code = String((error as { code?: unknown }).code ?? 'E_HTTP');
      const message = redactor.redact(errorMessage(error));
      transcript.add({
        checkId: this.currentCheckId,
        bucket,
        startedAt,
        durationMs: this.now() - started,
        request: recordedRequest,
        error: { code, message },
        ...(opts.invalidRequest ? { invalidRequest: opts.invalidRequest } : {}),
      });
      const what = `${opts.method} ${redactor.redact(url)}`;
      const failure =
        limitOf(error, what, this.options, deadline) ??
        new HarnessError('E_HTTP', `${what} failed: ${message} (${code})`);
      // No status line: nothing of the target's to judge. Repeated, it stops this kind of request.
      this.stopping.noAnswer(requestKind(opts.method, opts.path), code, failure.message);
      throw failure;
    }
    // The status line and headers arrived, so whatever goes wrong with the body is the response's doing
    // (e.g. a 204 announcing a Content-Length): it is recorded as part of the response, not thrown.
    // Our own size cap or timeout is the exception: it is recorded, then ends the exchange as a LimitError.
    let buf: Buffer = EMPTY;
    let bodyError: { code: string; message: string } | undefined;
    let limit: LimitError | undefined;
    const progress = { bytes: 0 };
    try {
      buf = await readBody(res.body, res.headers['content-length'], this.options.maxResponseBytes, progress);
    } catch (error) {
      const declared = res.headers['content-length'];
      bodyError = {
        // Some stream errors carry a numeric code (zlib's 23...): the report's schema wants a string.
        code: String((error as { code?: unknown }).code ?? 'E_HTTP'),
        message: redactor.redact(
          `${errorMessage(error)} after ${progress.bytes}${typeof declared === 'string' ? ` of ${declared}` : ''} body bytes`,
        ),
      };
      limit = limitOf(error, `${opts.method} ${redactor.redact(url)}`, this.options, deadline);
    }
    // A body that breaks its framing (a 204 with a Content-Length, a reset mid-body) is part of an answer,
    // judged by the checks (HTTP-FRAMING among them): it never stops the run. undici drops such a connection.
    this.connections.end(res.headers);
    this.stopping.answer(requestKind(opts.method, opts.path));
    const receivedAtMs = this.now();
    // Enough bytes to hold the first recordBodyBytes characters, however they are encoded.
    const shown = buf.toString('utf8', 0, Math.min(buf.length, 3 * recordBodyBytes + 4));
    const paced = res.statusCode === 401 ? 'anonymous' : bucket;
    const windowEndsAtMs = this.options.pacer.snapshot(paced).resetAtMs;
    this.options.pacer.observe(paced, res.statusCode, res.headers, receivedAtMs);
    if (res.statusCode === 429) {
      const before = this.longWaits.get(paced);
      const ban =
        banOf(429, res.headers, buf.toString('utf8', 0, 4096), receivedAtMs) ??
        (before && receivedAtMs >= before.untilMs ? refusedAfter(before, receivedAtMs) : undefined);
      const long = longWaitOf(res.headers, receivedAtMs, windowEndsAtMs);
      if (long) {
        this.longWaits.set(paced, { ...long, untilMs: receivedAtMs + long.delayMs });
        this.options.onLongWait?.(
          `the target asks the ${paced} credential to wait: ${long.text}. Honoured: nothing is sent with it, in any form, before then${long.delayMs > this.options.pacer.maxWaitMs ? `, which is past --max-wait-seconds (${Math.round(this.options.pacer.maxWaitMs / 1000)} s): the checks that need it are not evaluated` : ''}`,
        );
      }
      if (ban) {
        const event: BanEvent = {
          ...ban,
          evidence: redactor.redact(ban.evidence),
          bucket: paced,
          request: `${opts.method} ${redactor.redact(url)}`,
        };
        this.bans.push(event);
        this.options.onBan?.(event);
      }
    }
    const exchange = transcript.add({
      checkId: this.currentCheckId,
      bucket,
      startedAt,
      durationMs: receivedAtMs - started,
      request: recordedRequest,
      ...(opts.invalidRequest ? { invalidRequest: opts.invalidRequest } : {}),
      response: withRaw(
        {
          status: res.statusCode,
          headers: redactor.redactHeaders(res.headers),
          body: redactor.redactCut(shown, recordBodyBytes),
          bodyBytes: buf.length,
          bodyTruncated: limit !== undefined || shown.length > recordBodyBytes,
          ...(bodyError ? { bodyError } : {}),
        },
        { headers: res.headers, body: shown.slice(0, recordBodyBytes), utf8: isUtf8(buf) },
      ),
    });
    const whole = bodyError || limit ? undefined : buf;
    for (const observe of this.bodyObservers) observe(exchange, whole, opts);
    if (limit) throw limit;
    this.keyRefusal(opts, res.statusCode, url);
    let text: string | undefined;
    let parsed: JsonParseResult | undefined;
    return {
      exchange,
      status: res.statusCode,
      headers: res.headers,
      body: buf,
      get text() {
        text ??= buf.toString('utf8');
        return text;
      },
      bytes: buf.length,
      ...(bodyError ? { bodyError } : {}),
      receivedAtMs,
      json: () => {
        // A body the transport cut short is not judged as JSON: the reason is the transport's.
        parsed ??= bodyError ? { ok: false, error: bodyFailure(bodyError) } : parseJson(buf);
        return parsed;
      },
    };
  }

  /**
   * A 401 to the first request that carried the key as the spec says (`Bearer <key>`, in the header) means the
   * key is wrong (a rotated CI secret, a typo), not that the server regressed: the run stops before any check
   * judges it, a configuration error. Only the first: a server that accepts the key and refuses it later is
   * judged like any other. A user certifying a server that refuses every key opts out (refusedKeyIsFailure).
   */
  private keyRefusal(opts: SendOptions, status: number, url: string): void {
    const auth = opts.auth ?? { kind: 'key' };
    const plain =
      auth.kind === 'key' && (auth.key ?? 'primary') === 'primary' && (auth.scheme ?? 'Bearer') === 'Bearer';
    if (!plain || this.keySent) return;
    this.keySent = true;
    if (status !== 401 || this.options.refusedKeyIsFailure) return;
    const what = `${opts.method} ${this.options.redactor.redact(url)}`;
    this.keyRefused = `the target refused the API key (401 to ${what}, the first request that carried it): check ${envAndFlag('apiKey')}; nothing was judged. To certify a server that refuses every key, set ${envAndFlag('refusedKeyIsFailure')}`;
    throw new HarnessError('E_KEY_REFUSED', this.keyRefused);
  }

  async close(): Promise<void> {
    await this.connections.close();
  }
}
