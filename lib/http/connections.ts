// The connections to the target (one undici Agent), and the rule that keeps a request off a connection the
// target may have closed while the harness was busy. Opens and drops connections only: it never sends,
// retries or reads a request itself.

import type { Dispatcher } from 'undici';
import { type IdleAnswer, idleAnswerOf } from './idle-answer.ts';
import { newAgent, type TransportSettings } from './transport.ts';

/** How long undici keeps an idle connection when the target announces nothing (its own default). */
export const DEFAULT_KEEP_ALIVE_MS = 4000;
/** Taken off the target's announced Keep-Alive timeout before a connection counts as stale (undici's default). */
export const KEEP_ALIVE_MARGIN_MS = 2000;
/** The longest any connection is kept idle, whatever the target announces (undici's default). */
const MAX_KEEP_ALIVE_MS = 600_000;

export interface ConnectionSettings extends TransportSettings {
  /**
   * Told of bytes the target sent where no response was due, as undici reports them when it drops a connection;
   * `idle` when they were a whole 408 sent on a connection that sat idle (idle-answer.ts).
   */
  onStray: (message: string, idle?: IdleAnswer) => void;
}

/**
 * How long a connection may stay idle and still be reused after a response with these headers, as undici
 * itself reckons it (RFC 9112 §9.3 leaves the idle timeout to each side; `Keep-Alive: timeout=N` is the
 * server's hint); 0 when the response closes the connection.
 */
export function reuseWindowMs(headers: Record<string, string | string[] | undefined>): number {
  const connection = String(headers.connection ?? '').toLowerCase();
  if (connection.split(',').some((t) => t.trim() === 'close')) return 0;
  const hint = /(?:^|[\s,])timeout\s*=\s*(\d+)/i.exec(String(headers['keep-alive'] ?? ''));
  if (!hint) return DEFAULT_KEEP_ALIVE_MS;
  return Math.max(0, Math.min(Number(hint[1]) * 1000 - KEEP_ALIVE_MARGIN_MS, MAX_KEEP_ALIVE_MS));
}

/**
 * undici closes an idle connection from a timer, which cannot run while the harness holds the event loop (a
 * million orders parsed in one go). Going on from the end of a body, the next request can then be written on a
 * connection idle longer than the target keeps it, and cross the target's close on the wire ("other side
 * closed"; a DELETE that may or may not have arrived). So the idle time is measured here by the clock, and a
 * connection idle past its window is dropped before the next request rather than reused.
 */
/** Where the run's connections stood when an exchange began (Connections.mark). */
export interface ConnectionMark {
  opened: number;
  begun: number;
  alone: boolean;
}

export class Connections {
  private agent: Dispatcher;
  private inFlight = 0;
  /** performance.now() when the last exchange ended with nothing else in flight; undefined before the first. */
  private idleSinceMs: number | undefined;
  private reuseForMs = DEFAULT_KEEP_ALIVE_MS;
  /** Whether exchanges overlapped since the agent was opened: it then holds connections the next ones may not use. */
  private overlapped = false;

  /** Connections opened so far (numbered from 1), and the one the last exchange alone on the wire went on. */
  private opened = 0;
  private lastUsed: number | undefined;
  /** Exchanges begun so far: one that began while another was on the wire makes both of theirs unknown. */
  private begun = 0;
  /** Who waits for the count of connections opened to reach a number (opening()). */
  private readonly openWaiters: Array<{ at: number; go: () => void }> = [];

  constructor(private readonly settings: ConnectionSettings) {
    this.agent = this.open();
  }

  private open(): Dispatcher {
    const { onStray } = this.settings;
    const agent = newAgent(
      {
        ...this.settings,
        onSocket: () => {
          this.opened += 1;
          for (const w of this.openWaiters.splice(0))
            if (this.opened >= w.at) w.go();
            else this.openWaiters.push(w);
        },
      },
      {
        // Stated rather than left to undici's defaults, which reuseWindowMs mirrors.
        keepAliveTimeout: DEFAULT_KEEP_ALIVE_MS,
        keepAliveTimeoutThreshold: KEEP_ALIVE_MARGIN_MS,
        keepAliveMaxTimeout: MAX_KEEP_ALIVE_MS,
      },
    );
    agent.on('disconnect', (_origin, _targets, error) => {
      if (error && /bad response/i.test(error.message))
        onStray(`${error.message} (${(error as { code?: string }).code ?? 'E_HTTP'})`, idleAnswerOf(error));
    });
    return agent;
  }

  /** The dispatcher for one exchange, never one whose connections sat idle past their window; pair with end(). */
  begin(): Dispatcher {
    // After requests sent together (a burst, the walk's last few), the connections they opened sit idle while one
    // at a time goes on, past the target's idle timeout unseen by the clock above: the next exchange alone
    // starts on a fresh agent rather than cross a close on the wire.
    if (
      this.inFlight === 0 &&
      ((this.idleSinceMs !== undefined && performance.now() - this.idleSinceMs >= this.reuseForMs) ||
        this.overlapped)
    ) {
      this.overlapped = false;
      const stale = this.agent;
      this.agent = this.open();
      // Idle connections only: nothing is in flight on it.
      stale.destroy().catch(() => undefined);
    }
    this.inFlight += 1;
    this.begun += 1;
    if (this.inFlight > 1) this.overlapped = true;
    return this.agent;
  }

  /** Resolves once `more` connections beyond those open so far have been opened (connected). */
  opening(more: number): Promise<void> {
    const at = this.opened + more;
    return new Promise((go) => (this.opened >= at ? go() : this.openWaiters.push({ at, go })));
  }

  /**
   * A dispatcher of its own for one exchange (SendOptions.freshConnection), whose one connection is opened for
   * it and closed once its answer is read (close it then): nothing a server keeps per connection (a cache of
   * the header values it read last) carries into it or out of it. Its connection is not numbered (end() is not
   * told of it), and the run's own connections are left as they were.
   */
  oneShot(): Dispatcher {
    const { onStray: _onStray, ...transport } = this.settings;
    return newAgent(transport, {
      keepAliveTimeout: DEFAULT_KEEP_ALIVE_MS,
      keepAliveTimeoutThreshold: KEEP_ALIVE_MARGIN_MS,
      keepAliveMaxTimeout: MAX_KEEP_ALIVE_MS,
    });
  }

  /** What end() needs to tell which connection the exchange begun just now went on. */
  mark(): ConnectionMark {
    return { opened: this.opened, begun: this.begun, alone: this.inFlight === 1 };
  }

  /**
   * An exchange ended (its body read, or it failed); `headers` are its response's, when one came. Returns the
   * number of the connection it went on when that is known: it was alone on the wire from its start to its
   * end, and a connection opened during it is its own, else it reused the one the exchange before it used.
   * Unknown through a proxy (no connection is seen opening) and for exchanges that overlapped.
   */
  end(headers?: Record<string, string | string[] | undefined>, mark?: ConnectionMark): number | undefined {
    this.inFlight -= 1;
    if (headers) this.reuseForMs = reuseWindowMs(headers);
    if (this.inFlight === 0) this.idleSinceMs = performance.now();
    if (!mark?.alone || this.begun !== mark.begun || this.opened === 0) {
      this.lastUsed = undefined;
      return undefined;
    }
    this.lastUsed = this.opened > mark.opened ? this.opened : this.lastUsed;
    return this.lastUsed;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
