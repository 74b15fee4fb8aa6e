// A proxy session: the recording proxy in front of the target, a line for each finding as the recording shows
// it (the exchanges so far judged again, never more often than the last judging took nine times over), and, when
// it stops (the caller's signal, --duration, --requests), the same reports as `judge` over everything it
// forwarded, what the proxy answered itself or could not keep counted apart (never the target's). Under both
// faces; never exits the process, installs no signal handler.
import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import type { CheckResult } from '../lib/check/model.ts';
import { flagRef } from '../lib/config/settings.ts';
import type { TrafficConfig } from '../lib/config/traffic-config.ts';
import { UsageError } from '../lib/errors.ts';
import type { RecordedEntry } from '../lib/formats/har.ts';
import type { Conducted, Io } from './conduct.ts';
import { conductJudge } from './conduct-traffic.ts';
import { judgeEntries } from './judge-traffic.ts';
import { MAX_CONNECTIONS, startProxy } from './proxy.ts';
import { heldSet } from './recorded-set.ts';

export interface ProxyRunOptions {
  io: Io;
  /** Stops the session: the proxy stops taking requests, lets those under way end, and reports. */
  signal?: AbortSignal;
  writeReports: boolean;
  stepSummary?: string;
  /** Told the proxy's URL once it listens. */
  onListening?: (url: string) => void;
  /** Why the session cannot be complete, as the caller learns it (an error of the proxy's own); read at the end. */
  reasons?: readonly string[];
}

/** The least pause between two live judgings of the exchanges so far. */
const LIVE_EVERY_MS = 500;

/** Prints each check that fails or warns on the traffic so far, once per status it reaches. */
class LiveFindings {
  private readonly shown = new Map<string, string>();
  private judging: Promise<void> | undefined;
  private again = false;
  private lastMs = 0;

  constructor(
    private readonly entries: readonly RecordedEntry[],
    private readonly config: TrafficConfig,
    private readonly io: Io,
  ) {}

  /** A new exchange arrived: judge again when the last judging is over and the pause has passed. */
  poke(): void {
    if (this.judging) {
      this.again = true;
      return;
    }
    this.judging = this.judge().finally(() => {
      this.judging = undefined;
      if (this.again) {
        this.again = false;
        this.poke();
      }
    });
  }

  async settled(): Promise<void> {
    while (this.judging) await this.judging;
  }

  private async judge(): Promise<void> {
    // At most a tenth of the proxy's time goes to judging, and the requests it forwards pass between checks.
    await sleep(Math.max(LIVE_EVERY_MS, 9 * this.lastMs));
    const started = Date.now();
    try {
      const j = await judgeEntries([...this.entries], this.config, undefined, {
        between: () => setImmediate(),
      });
      for (const r of j.results) this.report(r, (line) => j.redactor.redact(line));
    } catch (e) {
      // No request of the API yet (or none under one base URL): nothing to say so far. Anything else is
      // ours, said by its code alone (a message may quote the traffic); the judging at the stop still runs.
      if (!(e instanceof UsageError))
        this.io.err(`  the live judging failed (${codeOf(e)}); the exchanges are judged again at the stop`);
    } finally {
      this.lastMs = Date.now() - started;
    }
  }

  private report(r: CheckResult, scrub: (line: string) => string): void {
    if (r.status !== 'fail' && r.status !== 'warn' && r.status !== 'error') return;
    if (this.shown.get(r.id) === r.status) return;
    this.shown.set(r.id, r.status);
    this.io.out(scrub(`  ${r.status.toUpperCase().padEnd(5)} ${r.id}: ${r.message}`));
  }
}

const codeOf = (e: unknown): string => {
  const { code, name } = (e ?? {}) as { code?: unknown; name?: unknown };
  return typeof code === 'string' ? code : typeof name === 'string' ? name : 'E_INTERNAL';
};

/** What the proxy did itself, counted by cause: its own answers, its own errors, cuts that were not the target's. */
class OwnDoings {
  readonly causes = new Map<string, number>();
  readonly errors: string[] = [];
  dropped = 0;
  note(entry: RecordedEntry): void {
    const cause = entry.ours.answeredByProxy ?? entry.ours.cutBy;
    if (cause !== undefined) this.causes.set(cause, (this.causes.get(cause) ?? 0) + 1);
  }
  /** The lines said at the stop: counts and causes only, never a URL or header of the traffic. */
  lines(): string[] {
    return [
      ...[...this.causes].map(([cause, n]) => `  ${n} exchange${n === 1 ? '' : 's'}: ${cause}`),
      ...(this.dropped > 0
        ? [
            `  ${this.dropped} connection${this.dropped === 1 ? '' : 's'} refused: the proxy holds ${MAX_CONNECTIONS} at most (their requests reached neither it nor the target)`,
          ]
        : []),
    ];
  }
  /** Why the report cannot be complete: the proxy's own errors left exchanges unrelayed or unrecorded. */
  reasons(): string[] {
    if (this.errors.length === 0) return [];
    const codes = [...new Set(this.errors)].join(', ');
    return [
      `the proxy met ${this.errors.length} error${this.errors.length === 1 ? '' : 's'} of its own (${codes}): those exchanges were not relayed or not recorded whole`,
    ];
  }
}

/** Runs the proxy until stopped, then judges what it forwarded and writes the reports. */
export async function conductProxy(config: TrafficConfig, options: ProxyRunOptions): Promise<Conducted> {
  const entries: RecordedEntry[] = [];
  const own = new OwnDoings();
  let forwarded = 0;
  const live = new LiveFindings(entries, config, options.io);
  const stop = new AbortController();
  const stopped = new Promise<void>((resolve) =>
    stop.signal.addEventListener('abort', () => resolve(), { once: true }),
  );
  const proxy = await startProxy({
    target: config.target!,
    host: config.host,
    port: config.port,
    maxResponseBytes: config.maxResponseBytes,
    onExchange(entry) {
      entries.push(entry);
      own.note(entry);
      if (entry.ours.answeredByProxy === undefined) forwarded += 1;
      live.poke();
      if (config.requests !== undefined && forwarded >= config.requests) stop.abort();
    },
    onInternalError(code) {
      own.errors.push(code);
      options.io.err(`  an error of the proxy's own (${code}); the proxy serves on`);
    },
    onDrop() {
      own.dropped += 1;
    },
  }).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(
      `the proxy cannot listen on ${config.host}:${config.port} (${e.code ?? e.message}); choose another with ${flagRef('proxyPort')}`,
    );
  });
  options.onListening?.(proxy.url);
  options.io.out(
    `order-store-conformance proxy: listening on ${proxy.url}, forwarding every request unchanged to ${config.target}; point your client's base URL at ${proxy.url}${new URL(config.target!).pathname === '/' ? '/v1' : ''} (the path as the target has it). Nothing of its own is sent.`,
  );
  options.io.out(
    `  stops ${[...(config.durationSeconds ? [`after ${config.durationSeconds} s`] : []), ...(config.requests ? [`after ${config.requests} requests`] : []), 'at Ctrl-C or SIGTERM'].join(', or ')}; findings print as the traffic shows them`,
  );
  options.signal?.addEventListener('abort', () => stop.abort(), { once: true });
  if (options.signal?.aborted) stop.abort();
  const timer = config.durationSeconds
    ? setTimeout(() => stop.abort(), config.durationSeconds * 1000)
    : undefined;
  await stopped;
  if (timer) clearTimeout(timer);
  await proxy.close();
  await live.settled();
  if (entries.length === 0)
    throw new UsageError(
      `no request came through the proxy at ${proxy.url}: point the client's base URL at it (keep the target's path, e.g. ${proxy.url}/v1)`,
    );
  options.io.out(`  stopped: ${forwarded} exchanges forwarded; judging them`);
  for (const line of own.lines()) options.io.out(line);
  return conductJudge([{ name: `proxy to ${config.target}`, set: heldSet(entries) }], config, {
    io: options.io,
    writeReports: options.writeReports,
    lines: false,
    reasons: [...own.reasons(), ...(options.reasons ?? [])],
    ...(options.stepSummary !== undefined ? { stepSummary: options.stepSummary } : {}),
  });
}
