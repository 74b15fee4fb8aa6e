// When the client stops sending: a request that got no response at all (refused, reset or timed out before
// its status line) three times in a row, the same way, stops requests of its kind (method and route); a
// target that has never answered anything stops whole. A response whose body breaks its framing is an
// answer: it never counts here. Keeps the tally only; never sends.

/** Consecutive exchanges of one kind failing the same way with no response, after which that kind stops. */
export const MAX_SAME_TRANSPORT_FAILURES = 3;

/**
 * The kind of a request: its method and route, ids and other variable segments folded ('DELETE
 * /store/orders/*'), so one operation that breaks (a reset on every cancel) stops only that operation.
 */
export function requestKind(method: string, path: string): string {
  const segments = path.split('?')[0]!.split('/');
  const route = segments.map((s, i) => (i <= 2 && /^[A-Za-z_-]*$/.test(s) ? s : '*')).join('/');
  return `${method} ${route}`;
}

export class Stopping {
  private readonly streaks = new Map<string, { code: string; count: number }>();
  /** Each stopped kind with why. */
  readonly stopped = new Map<string, string>();
  private answered = false;
  /** No-response exchanges in a row, of any kind. */
  private silent = 0;
  /** Set when the whole client stops (the target never answered anything). */
  all: string | undefined;

  /** Why a request of `kind` may not be sent, or undefined. */
  refusal(kind: string): string | undefined {
    return this.all ?? this.stopped.get(kind);
  }

  /** An exchange of `kind` that got a response (whatever its body did). */
  answer(kind: string): void {
    this.answered = true;
    this.silent = 0;
    this.streaks.delete(kind);
  }

  /** An exchange of `kind` that got no response, failing with `code`. */
  noAnswer(kind: string, code: string, message: string): void {
    const s = this.streaks.get(kind);
    const count = s?.code === code ? s.count + 1 : 1;
    this.streaks.set(kind, { code, count });
    this.silent += 1;
    // A target that has never answered is down, not broken on one operation: it stops whole.
    if (!this.answered && this.silent >= MAX_SAME_TRANSPORT_FAILURES && this.all === undefined)
      this.all = `the target has answered nothing: ${this.silent} exchanges in a row got no response (the last, ${kind}: ${code}): ${message}`;
    if (count < MAX_SAME_TRANSPORT_FAILURES || this.stopped.has(kind)) return;
    this.stopped.set(
      kind,
      `${count} ${kind} exchanges in a row got no response, the same way (${code}): ${message}`,
    );
  }

  /** One line per stop, for the run's incomplete reasons. */
  reasons(): string[] {
    return this.all !== undefined ? [this.all] : [...this.stopped.values()];
  }
}
