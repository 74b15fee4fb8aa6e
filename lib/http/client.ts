// Sends requests to the target: explicit timeouts, response size and header caps, redirects never followed,
// every exchange paced (pacer.ts) and recorded redacted (exchange.ts, transcript.ts), a locked or banned key
// sent in no form. It never asserts: a status or header is data for the checks, and only a failure to get a
// readable response throws.

import type { ProxySettings } from '../config/config.ts';
import { envAndFlag } from '../config/settings.ts';
import { errorMessage, HarnessError } from '../errors.ts';
import type { BanEvent } from './ban.ts';
import { Connections } from './connections.ts';
import { proxyFor } from './dispatcher.ts';
import { exchange } from './exchange.ts';
import { HeldConnection } from './held-connection.ts';
import type { IdleAnswer } from './idle-answer.ts';
import { type KeyForm, sendsTheKey } from './key-forms.ts';
import { KeyWatch } from './key-watch.ts';
import { refuseLockedKey } from './locked-key.ts';
import type { ExchangeContext } from './outgoing.ts';
import type { Pacer } from './pacer.ts';
import { KEY_VARIABLE, type Redactor, SECOND_KEY_VARIABLE } from './redact.ts';
import type { Response } from './response.ts';
import type { BodyObserver, SendOptions } from './send.ts';
import { sendAgainIfDropped } from './send-again.ts';
import { requestKind, Stopping } from './stopping.ts';
import { trustedCa } from './tls.ts';
import type { Bucket, Transcript } from './transcript.ts';
import { bucketOf, type WireContext } from './wire.ts';

export { EXCHANGE_DEADLINE_FACTOR } from './read-body.ts';
export type { Response, ResponseHead } from './response.ts';
export { UnreadResponseError } from './response.ts';
export type { BodyObserver, SendOptions } from './send.ts';
export { MAX_SAME_TRANSPORT_FAILURES, MAX_TIMEOUTS } from './stopping.ts';
export type { Auth } from './wire.ts';

export interface HttpClientOptions {
  baseUrl: string;
  apiKey: string;
  secondApiKey?: string;
  timeoutMs: number;
  maxResponseBytes: number;
  /** The largest response header section read (--max-header-bytes); undici's own default when absent. */
  maxHeaderBytes?: number;
  /** A PEM file of certificates to trust besides Node's roots (--ca-file). */
  caFile?: string;
  /** How much of each body the transcript keeps. */
  recordBodyBytes: number;
  pacer: Pacer;
  transcript: Transcript;
  redactor: Redactor;
  /** The live key may go into a URL (--allow-key-in-url, or the embedded target). */
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
  /** Headers sent with every request (--header), under a check's own; never Authorization. */
  extraHeaders?: ReadonlyArray<readonly [string, string]>;
  /** The proxies the environment names (lib/http/dispatcher.ts decides whether one applies). */
  proxy?: ProxySettings;
}

/** How many interim (1xx) responses the client keeps as evidence; the rest are only counted. */
export const MAX_INTERIM_KEPT = 8;

/** undici's default header cap (Node's http.maxHeaderSize), for a client built without the setting. */
const DEFAULT_MAX_HEADER_BYTES = 16 * 1024;

export class HttpClient {
  private readonly connections: Connections;
  private readonly context: ExchangeContext;
  private readonly watch: KeyWatch;
  /** The check on whose behalf requests are sent (checks run one at a time). */
  currentCheckId: string | undefined;
  /** Bytes sent where no response was due (after a 204; `idle`: a 408 on an idle connection), after `afterSeq`. */
  readonly strayResponses: Array<{ afterSeq: number; message: string; idle?: IdleAnswer }> = [];
  /** Interim (1xx) responses skipped before final ones: all counted, the first MAX_INTERIM_KEPT kept as evidence. */
  readonly interimResponses: Array<{ afterSeq: number; status: number }> = [];
  interimCount = 0;
  /** Whoever reads whole bodies as they arrive (see BodyObserver), in the order added. */
  readonly bodyObservers: BodyObserver[] = [];
  /**
   * Rules of the run that refuse a request before it is paced or sent, in the order added: each throws a
   * HarnessError saying why (a SkipSignal leaves the check out), or returns to let it go.
   */
  readonly requestGuards: Array<(opts: SendOptions) => void> = [];
  /** Which kinds of request it no longer sends, after repeated exchanges with no response (stopping.ts). */
  readonly stopping = new Stopping();
  /** Why the key is taken for a wrong one: the first request with it was answered 401 (see keyRefusal). */
  keyRefused: string | undefined;
  /** The keys whose first answer (other than a 429, which says nothing of the key) has come. */
  private readonly keysAnswered = new Set<'primary' | 'secondary'>();
  /** How many sets of requests were sent at one moment (each one's exchanges carry its number). */
  private batches = 0;

  constructor(private readonly options: HttpClientOptions) {
    const { transcript, redactor } = options;
    const tls = trustedCa(options.caFile);
    const limits = {
      timeoutMs: options.timeoutMs,
      maxResponseBytes: options.maxResponseBytes,
      maxHeaderBytes: options.maxHeaderBytes ?? DEFAULT_MAX_HEADER_BYTES,
    };
    this.connections = new Connections({
      ...limits,
      ...tls,
      onStray: (message, idle) =>
        this.strayResponses.push({ afterSeq: transcript.size, message, ...(idle ? { idle } : {}) }),
      onInterim: (status) => {
        this.interimCount += 1;
        if (this.interimResponses.length < MAX_INTERIM_KEPT)
          this.interimResponses.push({ afterSeq: transcript.size, status });
      },
      baseUrl: options.baseUrl,
      ...(options.proxy ? { proxy: options.proxy } : {}),
    });
    this.watch = new KeyWatch({
      redactor,
      maxWaitMs: () => options.pacer.maxWaitMs,
      ...(options.onBan ? { onBan: options.onBan } : {}),
      ...(options.onLongWait ? { onLongWait: options.onLongWait } : {}),
    });
    const wire: WireContext = {
      baseUrl: options.baseUrl,
      key: (which) => this.key(which),
      redactor,
      allowKeyInUrl: options.allowKeyInUrl,
      ...(options.extraHeaders ? { extraHeaders: options.extraHeaders } : {}),
    };
    this.context = {
      limits,
      recordBodyBytes: options.recordBodyBytes,
      pacer: options.pacer,
      transcript,
      redactor,
      connections: this.connections,
      stopping: this.stopping,
      watch: this.watch,
      observers: this.bodyObservers,
      wire,
      ...(options.signal ? { signal: options.signal } : {}),
      now: options.now ?? Date.now,
      checkId: () => this.currentCheckId,
      ...(this.omitsContentLength ? { raw: tls } : {}),
    };
    redactor.addKey(options.apiKey, KEY_VARIABLE);
    if (options.secondApiKey) redactor.addKey(options.secondApiKey, SECOND_KEY_VARIABLE);
  }

  get pacer(): Pacer {
    return this.options.pacer;
  }

  /** Every ban the target announced in this run, in order. */
  get bans(): BanEvent[] {
    return this.watch.bans;
  }

  private key(which: 'primary' | 'secondary' = 'primary'): string {
    if (which === 'primary') return this.options.apiKey;
    if (!this.options.secondApiKey) throw new HarnessError('E_INTERNAL', 'no second API key is configured');
    return this.options.secondApiKey;
  }

  /** Sends one request; pauses first if the pacer says so. Throws only HarnessError. */
  async send(opts: SendOptions): Promise<Response> {
    const bucket = bucketOf(opts.auth ?? { kind: 'key' });
    let response = await this.once(opts, bucket).catch(async (e: unknown) => {
      await sendAgainIfDropped(e, opts, this.options.pacer.budgetLeft, (again) => this.once(again, bucket));
      throw e;
    });
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
   * race such as two cancels of one order). A request's own failure is its result; the others go on. With
   * `lastAfter`, the last starts once the others' connections are open (their requests written as they open),
   * so it arrives after them; or, should they not all open, at the first answer, if `lastAfter` accepts it.
   * Held back, its result is an E_LEFT_OUT error.
   */
  async together(
    requests: readonly SendOptions[],
    lastAfter?: (first: Response | HarnessError) => boolean,
  ): Promise<Array<Response | HarnessError>> {
    const first = requests[0];
    if (!first) return [];
    const bucket = bucketOf(first.auth ?? { kind: 'key' });
    for (const opts of requests) this.refuseIfStopped(opts);
    await this.options.pacer.acquire(bucket, requests.length, first.spendToLimit);
    const one = (opts: SendOptions) =>
      exchange(this.context, opts, bucket).catch((e: unknown) =>
        e instanceof HarnessError ? e : new HarnessError('E_INTERNAL', errorMessage(e)),
      );
    const held = lastAfter && requests.length > 1 ? requests[requests.length - 1] : undefined;
    // One of the others may go on a connection already open: one fewer is waited for.
    const opened = held ? this.context.connections.opening(Math.max(1, requests.length - 2)) : undefined;
    const sent = (held ? requests.slice(0, -1) : requests).map(one);
    const last = held
      ? Promise.race([opened!.then(() => true), Promise.race(sent).then((a) => lastAfter!(a))]).then(
          async (go) => {
            // Their requests are written as their connections open, in the turn after.
            await new Promise((r) => setImmediate(r));
            return go ? one(held) : new HarnessError('E_LEFT_OUT', 'held back after the first answer');
          },
        )
      : undefined;
    const answers = await Promise.all(last ? [...sent, last] : sent);
    // The record says they were sent as one: a target that answered the first before the next arrived
    // (a loaded machine) was still sent them at one moment.
    this.batches += 1;
    for (const a of answers) if (!(a instanceof HarnessError)) a.exchange.together = this.batches;
    return answers;
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

  /** Whether a request can go with no Content-Length: on a direct connection (omit-length.ts), not via a proxy. */
  get omitsContentLength(): boolean {
    return proxyFor(this.options.baseUrl, this.options.proxy) === undefined;
  }

  /** A connection of the run's own held open across requests (SendOptions.heldConnection); none through a proxy. */
  holdConnection(): HeldConnection | undefined {
    const raw = this.context.raw;
    return raw && new HeldConnection(new URL(this.options.baseUrl).protocol === 'https:', raw.ca);
  }

  private refuseIfStopped(opts: SendOptions): void {
    if (opts.omitContentLength && !this.omitsContentLength)
      throw new HarnessError('E_INTERNAL', 'a request without Content-Length cannot go through a proxy');
    for (const guard of this.requestGuards) guard(opts);
    const why = this.keyRefused ?? this.stopping.refusal(requestKind(opts.method, opts.path));
    if (why !== undefined)
      throw new HarnessError('E_HTTP', `not sent: the run stopped sending these after ${why}`);
    refuseLockedKey(opts.auth ?? { kind: 'key' }, this.watch, this.options.pacer);
  }

  private async once(opts: SendOptions, bucket: Bucket): Promise<Response> {
    this.refuseIfStopped(opts);
    await this.options.pacer.acquire(bucket, 1, opts.spendToLimit);
    const response = await exchange(this.context, opts, bucket);
    this.keyRefusal(opts, response);
    return response;
  }

  /**
   * A 401 to the first request that carried a key as the spec says (`Bearer <key>`, in the header) means the
   * key is wrong (a rotated CI secret, a typo), not that the server regressed: the run stops before any check
   * judges it, a configuration error. The first answer that speaks of the key: a 429 (a limiter's, maybe the
   * client address's) says nothing of it, so the answer after its wait is the one read. Each key once: a server
   * that accepts a key and refuses it later is judged like any other. A user certifying a server that refuses
   * every key opts out (refusedKeyIsFailure).
   */
  private keyRefusal(opts: SendOptions, response: Response): void {
    const auth = opts.auth ?? { kind: 'key' };
    if (auth.kind !== 'key' || (auth.scheme ?? 'Bearer') !== 'Bearer' || (auth.spaces ?? 1) !== 1) return;
    const which = auth.key ?? 'primary';
    if (this.keysAnswered.has(which) || response.status === 429) return;
    this.keysAnswered.add(which);
    if (response.status !== 401 || this.options.refusedKeyIsFailure) return;
    const what = `${opts.method} ${response.exchange.request.url}`;
    const [key, setting] =
      which === 'primary' ? (['API key', 'apiKey'] as const) : (['second API key', 'secondApiKey'] as const);
    const judged = which === 'primary' ? 'nothing was judged' : 'the run stopped there';
    this.keyRefused = `the target refused the ${key} (401 to ${what}, the first request that carried it): check ${envAndFlag(setting)}; ${judged}. To certify a server that refuses every key, set ${envAndFlag('refusedKeyIsFailure')}`;
    throw new HarnessError('E_KEY_REFUSED', this.keyRefused);
  }

  async close(): Promise<void> {
    await this.connections.close();
  }
}
