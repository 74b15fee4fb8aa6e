// One conformance run from a checked configuration: the selection (once), the plan, the target, the first
// report marked incomplete, every planned check (lib/run), the final report and, when asked, the run folder.
// The engine under both faces (cli/ and api/); never exits the process, installs no signal handler.

import { basename } from 'node:path';
import type { CheckResult } from '../lib/check/model.ts';
import type { Config } from '../lib/config/config.ts';
import { SECRET_NAME } from '../lib/config/run-options.ts';
import { type Face, renderDeep, renderSettings } from '../lib/config/setting-words.ts';
import { envAndFlag, flagRef } from '../lib/config/settings.ts';
import { errorMessage, UsageError } from '../lib/errors.ts';
import type { BanEvent } from '../lib/http/ban.ts';
import { proxyFor } from '../lib/http/dispatcher.ts';
import { keyRedactor, type Redactor } from '../lib/http/redact.ts';
import { buildReport, type RunFacts } from '../lib/report/build.ts';
import { detailLines, resultLine } from '../lib/report/console.ts';
import type { LedgerEntry } from '../lib/report/fixtures.ts';
import type { Report } from '../lib/report/model.ts';
import { terminalLine } from '../lib/report/text/inert.ts';
import { ReportWriter } from '../lib/report/write.ts';
import { type ActiveRun, startRun } from '../lib/run/run-checks.ts';
import { CONFORMANCE } from '../suites/index.ts';
import { selection } from './catalogue.ts';
import { answeredNothing, type Diagnosis, diagnose } from './diagnose.ts';
import { diagnoseNoOperation } from './diagnose-prefix.ts';
import {
  accountFixtures,
  consumedBy,
  type FixtureAccount,
  fixtureReport,
  listDisproved,
  recordFixtures,
  recordLeft,
  unjudgedProof,
} from './fixtures.ts';
import { commandSource, type FixtureSource } from './fixtures-command.ts';
import { mintFixtures } from './fixtures-mint.ts';
import { openingLines, readBaseline, runFacts, scrubbed } from './run-facts.ts';
import { certificationProblem, floorProblem } from './run-plan.ts';
import { type RunTarget, resolveTarget } from './run-target.ts';
import { stopSwitch } from './stop.ts';

/** Where a run prints: one line per call (the command's stdout and stderr, or the API's onLog). */
export interface Io {
  out(line: string): void;
  err(line: string): void;
}

export { INTERRUPTED } from './stop.ts';

/** Why a run under --fail-fast is incomplete once a MUST failed. */
export const FAIL_FAST = `stopped early (${flagRef('failFast')})`;

/** How one run is conducted: where its lines go, whether its folder is written, what stops it. */
export interface ConductOptions {
  /** The console: the plan, a line per check, waits. The command prints it; the API passes its own. */
  io: Io;
  /** Write the run folder (report.json, junit.xml, report.html, report.md, transcript.har, SHA256SUMS). */
  writeReports: boolean;
  /** Stops the run: the check in flight gets a moment to end, then the report is built with what is known. */
  signal?: AbortSignal;
  /** Cuts that moment short (a second Ctrl-C). */
  hurry?: AbortSignal;
  /** The incomplete reason a stop records. */
  stopReason?: string;
  /** Under each check's line, its requirement, evidence and reproduction (--verbose). */
  verbose?: boolean;
  /** A CI job summary file report.md is appended to (GitHub's $GITHUB_STEP_SUMMARY), with the run folder. */
  stepSummary?: string;
  /** Mints the run's fixtures before the first request (the API's function); config.fixturesCommand otherwise. */
  fixtures?: FixtureSource;
  /**
   * Whose words name the settings in every line, file and report of the run ('cli': flags and variables, the
   * default; 'api': the settings object's keys): messages carry settings as tokens until here.
   */
  face?: Face;
}

/** What one run produced: its report (the object report.json holds), where it was written, a refused key. */
export interface Conducted {
  report: Report;
  /** The run folder, when written, and the names of the files in it. */
  dir?: string;
  files?: string[];
  /** The first request with the key was refused (401): a configuration error, nothing judged (exit 2). */
  keyRefused?: string;
  /** The target answered nothing at all: why, in one line with the fix (exit 4, or 2 for a port that is not HTTP). */
  unreachable?: string;
}

/**
 * One run, from a checked Config to its report; never exits the process and installs no signal handler.
 * A configuration error it finds before sending (selection, certification, baseline, target) throws a
 * UsageError.
 */
export async function conductRun(config: Config, options: ConductOptions): Promise<Conducted> {
  // The selection and the plan come first: a certification run that cannot evaluate every check is refused
  // before anything is sent (or even connected to).
  const selected = selection(config.only, config.skip);
  // Fixtures minted for this run (a command or the API's function) stand in for the ids given.
  const source =
    options.fixtures ??
    (config.fixturesCommand
      ? commandSource(config.fixturesCommand, [
          ...(config.target.kind === 'url' ? [config.target.apiKey] : []),
          ...(config.secondApiKey ? [config.secondApiKey] : []),
        ])
      : undefined);
  const minted = source ? await mintFixtures(config, selected, source) : undefined;
  // The plan is made with the pending fixtures no earlier run consumed (a run that would need one is refused).
  const fixtures = accountFixtures(minted?.config ?? config, selected, minted?.note);
  const { plan } = fixtures;
  if (config.profile === 'certification') {
    const problem = certificationProblem(config, plan);
    if (problem) throw new UsageError(problem);
  }
  const short = floorProblem(config, plan);
  if (short) throw new UsageError(short);
  const baseline = readBaseline(config);
  const target = await resolveTarget(fixtures.config);
  try {
    return await conduct(
      runFacts(fixtures.config, target, selected, plan, baseline),
      target,
      config.reportDir,
      { ...options, failFast: config.failFast },
      fixtures,
    );
  } finally {
    await target.close();
  }
}

/**
 * The run's console, its folder and its redactor: the one redactor scrubs every line and file it writes, and
 * every console line is made inert (a message may quote what the target sent: no control reaches a terminal).
 */
function outputs(facts: RunFacts, reportDir: string, options: ConductOptions) {
  const redactor = keyRedactor(facts.config.apiKey, facts.config.secondApiKey);
  // A header that looks like a credential is written as a variable, as the key is ($ORDER_STORE_HEADER_X_TOKEN).
  for (const [name, value] of facts.config.headers ?? [])
    if (SECRET_NAME.test(name))
      redactor.addSecret(value, `$ORDER_STORE_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`);
  const face = options.face ?? 'cli';
  const io: Io = {
    out: (line) => options.io.out(terminalLine(redactor.redact(renderSettings(line, face)))),
    err: (line) => options.io.err(terminalLine(redactor.redact(renderSettings(line, face)))),
  };
  const writer = options.writeReports
    ? new ReportWriter(
        reportDir,
        facts.runId,
        (text) => redactor.redact(text),
        Date.now,
        (text) => renderSettings(text, face),
      )
    : undefined;
  return { redactor, io, writer, face };
}

async function conduct(
  facts: RunFacts,
  target: RunTarget,
  reportDir: string,
  options: ConductOptions & { failFast: boolean },
  fixtures: FixtureAccount,
): Promise<Conducted> {
  const { redactor, io, writer, face } = outputs(facts, reportDir, options);
  const results: CheckResult[] = [];
  const reasons: string[] = [];
  let requestsSent: number | null = null;
  let bans: BanEvent[] = [];
  let keyRefused: string | undefined;
  let unreachable: Diagnosis | undefined;
  let run: ActiveRun | undefined;
  // What the run consumed so far goes into the ledger as it happens: a run killed halfway still records it.
  let consumed: Record<string, LedgerEntry> = {};
  const account = () => {
    const now = consumedBy(run?.exchanges() ?? [], facts.config.cancellableOrderIds, facts.runId);
    if (Object.keys(now).length > Object.keys(consumed).length)
      recordFixtures(fixtures, facts.config.baseUrl, now, (line) => io.err(`warning: ${line}`));
    consumed = now;
  };
  // Counted live, so a report written mid-run (or at a stop) says how many requests left, never "unknown".
  // In the face's words from here on: the files, the summary and the object handed back.
  const build = (final: boolean): Report =>
    renderDeep(
      buildReport(facts, {
        results,
        reasons,
        requestsSent: run?.requestsSent() ?? requestsSent ?? 0,
        final,
        bans,
        ...(keyRefused !== undefined ? { configurationError: keyRefused } : {}),
        ...(unreachable !== undefined ? { unreachable } : {}),
        fixtures: fixtureReport(
          fixtures,
          consumed,
          listDisproved(run?.exchanges() ?? [], fixtures, results, facts.config.baseUrl),
        ),
      }),
      face,
    );
  try {
    writer?.start(build(false));
  } catch (e) {
    throw new UsageError(
      `cannot write reports to ${reportDir}: ${errorMessage(e)}; set ${envAndFlag('reportDir')}`,
    );
  }
  for (const line of openingLines(facts, writer, fixtures)) io.out(line);
  const stop = stopSwitch(options, reasons, () => run?.cancel());
  try {
    run = startRun(
      target.config,
      CONFORMANCE,
      facts.plan,
      {
        onResult(r) {
          // Redacted and worded before the console cuts a long value short: a cut key would no longer be
          // recognised, nor a cut token.
          const shown = renderDeep(redactedText(r, redactor), face);
          io.out(resultLine(shown));
          if (options.verbose) for (const line of detailLines(shown)) io.out(line);
          results.push(r);
          // --fail-fast: the first MUST failure ends the run; the checks not yet run are reported as unrun.
          if (options.failFast && r.status === 'fail' && !reasons.some((x) => x.startsWith(FAIL_FAST))) {
            reasons.push(`${FAIL_FAST} after the first MUST failure (${r.id})`);
            io.out(`  stopping: ${flagRef('failFast')} and ${r.id} failed`);
            run?.cancel();
          }
          account();
          if (writer?.progressDue()) writer.progress(build(false));
        },
        onLog: (line) => io.out(line),
      },
      redactor,
    );
    stop.armed();
    const outcome = await Promise.race([run.outcome, stop.stopped]);
    if (outcome) {
      reasons.push(...outcome.problems);
      const unjudged = unjudgedProof(run.exchanges(), fixtures, results, facts.config.baseUrl);
      if (unjudged) reasons.push(unjudged);
      requestsSent = outcome.requestsSent;
      keyRefused = outcome.keyRefused;
      // A target that answered nothing at all: one line on why, with the fix, in place of a verdict.
      if (outcome.unanswered !== undefined || answeredNothing(run.exchanges()))
        unreachable = await diagnose(facts.config.baseUrl, run.exchanges(), facts.config.timeoutMs);
      // A base URL below which no operation answers (a wrong prefix): not a verdict on any server.
      else if (outcome.noOperation !== undefined)
        unreachable = await diagnoseNoOperation(
          facts.config.baseUrl,
          outcome.noOperation,
          facts.config.timeoutMs,
          proxyFor(facts.config.baseUrl, facts.config.proxy) === undefined,
        );
    }
  } catch (e) {
    reasons.push(`the harness failed: ${errorMessage(e)}`);
  } finally {
    requestsSent = run?.requestsSent() ?? requestsSent;
    bans = run?.bans() ?? bans;
    stop.disarm();
    account();
  }
  // What the run was shown pending and left so is the next run's evidence (only when it judged: a run
  // stopped by a refused key or a target that never answered saw nothing).
  if (keyRefused === undefined && unreachable === undefined)
    recordLeft(
      fixtures,
      facts.config.baseUrl,
      facts.config.shownPending ?? [],
      consumed,
      facts.runId,
      (line) => io.err(`warning: ${line}`),
    );
  const report = build(true);
  stop.finishing();
  const files = finish(writer, report, run, options, io, fixtures.config);
  return {
    report: scrubbed(report, redactor),
    ...(writer ? { dir: writer.dir, files } : {}),
    ...(keyRefused !== undefined ? { keyRefused: renderSettings(keyRefused, face) } : {}),
    ...(unreachable !== undefined
      ? { unreachable: redactor.redact(renderSettings(unreachable.reason, face)) }
      : {}),
  };
}

/** Writes the final report, the transcript and the CI job summary. */
function finish(
  writer: ReportWriter | undefined,
  report: Report,
  run: ActiveRun | undefined,
  options: ConductOptions,
  io: Io,
  config: Pick<Config, 'reports' | 'junitPath'>,
): string[] {
  const files = writer?.finish(report, run?.exchanges() ?? [], config.reports) ?? [];
  if (writer && config.junitPath !== undefined) {
    try {
      writer.copyJunit(config.junitPath, report);
    } catch (e) {
      io.err(
        `warning: could not write ${config.junitPath} (${errorMessage(e)}); fix ${envAndFlag('junitPath')}`,
      );
    }
  }
  if (writer && options.stepSummary !== undefined) {
    try {
      writer.appendSummary(options.stepSummary, report);
    } catch (e) {
      io.err(`warning: could not append to GITHUB_STEP_SUMMARY (${errorMessage(e)})`);
    }
  }
  return files.map((f) => basename(f));
}

/** The texts of a result the console prints, with every secret the redactor knows written as its variable. */
function redactedText(r: CheckResult, redactor: Redactor): CheckResult {
  const clean = (t: string) => redactor.redact(t);
  return {
    ...r,
    message: clean(r.message),
    details: r.details.map(clean),
    ...(r.expected !== undefined ? { expected: clean(r.expected) } : {}),
    ...(r.actual !== undefined ? { actual: clean(r.actual) } : {}),
    reproduction: r.reproduction.map(clean),
  };
}
