// When the client stops sending: a request that got no response at all (refused, reset or timed out before
// its status line) three times in a row, the same way, stops requests of its kind (method and route); a
// target that has never answered anything stops whole. The harness's own timeouts are bounded over the whole
// run too, so a target that trickles its bodies cannot hold a run for long: three of one kind stop that kind,
// and MAX_TIMEOUTS in the run (or MAX_SAME_TRANSPORT_FAILURES in a row) stop it whole; requests sent together
// that time out together are one stall, counted once. A response whose body breaks its framing is an answer:
// it never counts here. Keeps the tally only; never sends.
/** Consecutive exchanges of one kind failing the same way with no response, after which that kind stops. */
export const MAX_SAME_TRANSPORT_FAILURES = 3;
/**
 * Exchanges of a whole run that may end in one of its own timeouts before it stops sending: with the default
 * --timeout-ms (each exchange within 3 × 10 s), a target that trickles every body holds a run about two minutes.
 */
export const MAX_TIMEOUTS = 4;

/**
 * The kind of a request: its method and route, ids and other variable segments folded ('DELETE
 * /store/orders/*'), so one operation that breaks (a reset on every cancel) stops only that operation.
 */
export function requestKind(method: string, path: string): string {
  const segments = path.split('?')[0]!.split('/');
  // Whatever follows the first two segments is one `*`: an order's path spelled with a trailing slash or a
  // segment more is the same kind of request to the target (a cancel), stopped with the others.
  const head = segments.slice(0, 3).map((s) => (/^[A-Za-z_-]*$/.test(s) ? s : '*'));
  const route = [...head, ...(segments.length > 3 ? ['*'] : [])].join('/');
  return `${method} ${route}`;
}

export class Stopping {
  private readonly streaks = new Map<string, { code: string; count: number }>();
  private readonly timeoutsByKind = new Map<string, number>();
  /** Each stopped kind with why. */
  readonly stopped = new Map<string, string>();
  private answered = false;

  /** Whether the target has answered anything at all: a status line, a malformed answer, headers over a cap. */
  get answeredAny(): boolean {
    return this.answered;
  }
  /** No-response exchanges in a row, of any kind. */
  private silent = 0;
  /** Exchanges ended by one of the harness's timeouts: in a row (reset by a response read whole), and in all. */
  private timeoutsInARow = 0;
  private timeouts = 0;
  /** When the last counted timeout ended its exchange (the client's clock, ms). */
  private lastTimeoutMs = Number.NEGATIVE_INFINITY;

  /**
   * Whether an exchange that started at `startedMs` was already in flight when the last counted timeout ended
   * its exchange: sent beside it (the rate-limit probe's requests sent together), it met the same stall, which
   * was counted once; a request sent after a timeout is counted on its own.
   */
  overlapsTimeout(startedMs: number): boolean {
    return startedMs < this.lastTimeoutMs;
  }
  /** Set when the whole client stops (the target never answered anything, or its answers trickle). */
  all: string | undefined;

  /** Why a request of `kind` may not be sent, or undefined. */
  refusal(kind: string): string | undefined {
    return this.all ?? this.stopped.get(kind);
  }

  /** An exchange of `kind` that got a response (whatever its body did, but for a timeout of ours). */
  answer(kind: string): void {
    this.answered = true;
    this.silent = 0;
    this.timeoutsInARow = 0;
    this.streaks.delete(kind);
  }

  /**
   * An exchange of `kind` that got an answer that is no HTTP response (a header the parser refuses): the
   * target is there, so it never counts as silence; repeated the same way, that kind stops.
   */
  malformed(kind: string, code: string, message: string): void {
    this.answered = true;
    this.silent = 0;
    this.streak(kind, code, message, 'were answered with something that is not HTTP/1.1');
  }

  /** An exchange of `kind` that got no response, failing with `code`. */
  noAnswer(kind: string, code: string, message: string): void {
    this.silent += 1;
    // A target that has never answered is down, not broken on one operation: it stops whole.
    if (!this.answered && this.silent >= MAX_SAME_TRANSPORT_FAILURES && this.all === undefined)
      this.all = `the target has answered nothing: ${this.silent} exchanges in a row got no response (the last, ${kind}: ${code}): ${message}`;
    this.streak(kind, code, message, 'got no response');
  }

  /**
   * An exchange of `kind` ended by one of the harness's timeouts (connect, headers, a stalled body, the
   * exchange deadline); `headersArrived` when its status line and headers did (the target is there). Three of a kind stop that kind; MAX_SAME_TRANSPORT_FAILURES in a row, or MAX_TIMEOUTS in
   * the run, stop the run: a target that trickles or stalls its answers is not waited for one by one. With
   * `at` (when the exchange started, and now), one that started before the last counted timeout ended is that
   * same stall, sent beside it, and counts nothing.
   */
  timedOut(
    kind: string,
    message: string,
    headersArrived: boolean,
    at?: { startedMs: number; nowMs: number },
  ): void {
    if (headersArrived) {
      this.answered = true;
      this.silent = 0;
    }
    if (at) {
      if (this.overlapsTimeout(at.startedMs)) return;
      this.lastTimeoutMs = at.nowMs;
    }
    const ofKind = (this.timeoutsByKind.get(kind) ?? 0) + 1;
    this.timeoutsByKind.set(kind, ofKind);
    this.timeouts += 1;
    this.timeoutsInARow += 1;
    if (ofKind >= MAX_SAME_TRANSPORT_FAILURES && !this.stopped.has(kind))
      this.stopped.set(
        kind,
        `${ofKind} ${kind} exchanges ran into this run's timeout: the target trickles or stalls these answers (the last: ${message})`,
      );
    if (
      this.all === undefined &&
      (this.timeoutsInARow >= MAX_SAME_TRANSPORT_FAILURES || this.timeouts >= MAX_TIMEOUTS)
    )
      this.all = `the target's answers trickle or stall: ${this.timeouts} exchanges ran into this run's timeout (${this.timeoutsInARow} in a row; the last, ${kind}: ${message})`;
  }

  private streak(kind: string, code: string, message: string, what: string): void {
    const s = this.streaks.get(kind);
    const count = s?.code === code ? s.count + 1 : 1;
    this.streaks.set(kind, { code, count });
    if (count < MAX_SAME_TRANSPORT_FAILURES || this.stopped.has(kind)) return;
    this.stopped.set(kind, `${count} ${kind} exchanges in a row ${what}, the same way (${code}): ${message}`);
  }

  /** One line per stop, for the run's incomplete reasons. */
  reasons(): string[] {
    return this.all !== undefined ? [this.all] : [...this.stopped.values()];
  }
}
