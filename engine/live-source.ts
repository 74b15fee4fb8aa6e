// A run that sends, as the conductor's source of exchanges (conduct.ts): the checks of the plan run against the
// target (lib/run/run-checks.ts) under the stop switch and --fail-fast, the fixtures consumed accounted as they
// go, and, when the target answered nothing, one line on why. Writes nothing but the fixture ledger.
import type { CheckResult } from '../lib/check/model.ts';
import { SECRET_NAME } from '../lib/config/run-options.ts';
import { flagRef } from '../lib/config/settings.ts';
import { errorMessage } from '../lib/errors.ts';
import type { BanEvent } from '../lib/http/ban.ts';
import { proxyFor } from '../lib/http/dispatcher.ts';
import { keyRedactor, type Redactor } from '../lib/http/redact.ts';
import type { RunFacts } from '../lib/report/build.ts';
import type { LedgerEntry } from '../lib/report/fixtures.ts';
import type { ReportWriter } from '../lib/report/write.ts';
import { type ActiveRun, startRun } from '../lib/run/run-checks.ts';
import { CONFORMANCE } from '../suites/index.ts';
import type { ExchangeSource, Io, Judging } from './conduct.ts';
import { answeredNothing, type Diagnosis, diagnose } from './diagnose.ts';
import { diagnoseNoOperation } from './diagnose-prefix.ts';
import {
  consumedBy,
  type FixtureAccount,
  fixtureReport,
  listDisproved,
  recordFixtures,
  recordLeft,
  unjudgedProof,
} from './fixtures.ts';
import { openingLines } from './run-facts.ts';
import type { RunTarget } from './run-target.ts';
import { stopSwitch } from './stop.ts';

/** Why a run under --fail-fast is incomplete once a MUST failed. */
export const FAIL_FAST = `stopped early (${flagRef('failFast')})`;

/** What stops a live run early: the caller's signal, a second one that hurries it, --fail-fast. */
export interface StopOptions {
  /** Stops the run: the check in flight gets a moment to end, then the report is built with what is known. */
  signal?: AbortSignal;
  /** Cuts that moment short (a second Ctrl-C). */
  hurry?: AbortSignal;
  /** The incomplete reason a stop records. */
  stopReason?: string;
  failFast: boolean;
}

/** The run's redactor: the keys, and any header that looks like a credential, each written as its variable. */
function runRedactor(config: RunFacts['config']): Redactor {
  const redactor = keyRedactor(config.apiKey, config.secondApiKey);
  for (const [name, value] of config.headers ?? [])
    if (SECRET_NAME.test(name))
      redactor.addSecret(value, `$ORDER_STORE_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`);
  return redactor;
}

/** The checks of the plan sent to a resolved target, one at a time, each verdict handed over as it lands. */
export class LiveSource implements ExchangeSource {
  readonly redactor: Redactor;
  readonly formats: ExchangeSource['formats'];
  readonly junitPath: string | undefined;
  private readonly reasons: string[] = [];
  private run: ActiveRun | undefined;
  private requestsSent: number | null = null;
  private bans: BanEvent[] = [];
  private keyRefused: string | undefined;
  private unreachable: Diagnosis | undefined;
  /** What the run consumed so far: it goes into the ledger as it happens, so a run killed halfway records it. */
  private consumed: Record<string, LedgerEntry> = {};

  constructor(
    readonly facts: RunFacts,
    private readonly target: RunTarget,
    readonly reportDir: string,
    private readonly fixtures: FixtureAccount,
    private readonly options: StopOptions,
  ) {
    this.redactor = runRedactor(facts.config);
    this.formats = fixtures.config.reports;
    this.junitPath = fixtures.config.junitPath;
  }

  opening(writer: ReportWriter | undefined): string[] {
    return openingLines(this.facts, writer, this.fixtures);
  }

  // Requests are counted live, so a report written mid-run (or at a stop) says how many left, never "unknown".
  state(results: readonly CheckResult[]) {
    const exchanges = this.run?.exchanges() ?? [];
    return {
      reasons: this.reasons,
      requestsSent: this.run?.requestsSent() ?? this.requestsSent ?? 0,
      bans: this.bans,
      ...(this.keyRefused !== undefined ? { configurationError: this.keyRefused } : {}),
      ...(this.unreachable !== undefined ? { unreachable: this.unreachable } : {}),
      fixtures: fixtureReport(
        this.fixtures,
        this.consumed,
        listDisproved(exchanges, this.fixtures, results, this.facts.config.baseUrl),
      ),
    };
  }

  exchanges() {
    return this.run?.exchanges() ?? [];
  }

  async judge(judging: Judging): Promise<void> {
    const { io } = judging;
    const { facts, reasons, options } = this;
    const stop = stopSwitch(options, reasons, () => this.run?.cancel());
    try {
      const run = startRun(
        this.target.config,
        CONFORMANCE,
        facts.plan,
        {
          onResult: (r) => {
            judging.verdict(r);
            // --fail-fast: the first MUST failure ends the run; the checks not yet run are reported as unrun.
            if (options.failFast && r.status === 'fail' && !reasons.some((x) => x.startsWith(FAIL_FAST))) {
              reasons.push(`${FAIL_FAST} after the first MUST failure (${r.id})`);
              io.out(`  stopping: ${flagRef('failFast')} and ${r.id} failed`);
              this.run?.cancel();
            }
            this.account(io);
            judging.progress();
          },
          onLog: (line) => io.out(line),
        },
        this.redactor,
      );
      this.run = run;
      stop.armed();
      const outcome = await Promise.race([run.outcome, stop.stopped]);
      if (outcome) {
        reasons.push(...outcome.problems);
        const unjudged = unjudgedProof(run.exchanges(), this.fixtures, outcome.results, facts.config.baseUrl);
        if (unjudged) reasons.push(unjudged);
        this.requestsSent = outcome.requestsSent;
        this.keyRefused = outcome.keyRefused;
        this.unreachable = await this.diagnosis(outcome);
      }
    } catch (e) {
      reasons.push(`the harness failed: ${errorMessage(e)}`);
    } finally {
      this.requestsSent = this.run?.requestsSent() ?? this.requestsSent;
      this.bans = this.run?.bans() ?? this.bans;
      stop.disarm();
      this.account(io);
    }
    // What the run was shown pending and left so is the next run's evidence (only when it judged: a run
    // stopped by a refused key or a target that never answered saw nothing).
    if (this.keyRefused === undefined && this.unreachable === undefined)
      recordLeft(
        this.fixtures,
        facts.config.baseUrl,
        facts.config.shownPending ?? [],
        this.consumed,
        facts.runId,
        (line) => io.err(`warning: ${line}`),
      );
    stop.finishing();
  }

  /** Records what the run consumed so far in the ledger, when it consumed more. */
  private account(io: Io): void {
    const { config, runId } = this.facts;
    const now = consumedBy(this.run?.exchanges() ?? [], config.cancellableOrderIds, runId);
    if (Object.keys(now).length > Object.keys(this.consumed).length)
      recordFixtures(this.fixtures, config.baseUrl, now, (line) => io.err(`warning: ${line}`));
    this.consumed = now;
  }

  /** A target that answered nothing at all, or nothing of the API below the base URL: why, with the fix. */
  private async diagnosis(outcome: {
    unanswered?: string;
    noOperation?: string;
  }): Promise<Diagnosis | undefined> {
    const { baseUrl, timeoutMs, proxy } = this.facts.config;
    const exchanges = this.run?.exchanges() ?? [];
    if (outcome.unanswered !== undefined || answeredNothing(exchanges))
      return diagnose(baseUrl, exchanges, timeoutMs);
    // A base URL below which no operation answers (a wrong prefix): not a verdict on any server.
    if (outcome.noOperation !== undefined)
      return diagnoseNoOperation(
        baseUrl,
        outcome.noOperation,
        timeoutMs,
        proxyFor(baseUrl, proxy) === undefined,
      );
    return undefined;
  }
}
