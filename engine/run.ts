// One conformance run from a checked configuration: the selection (once), the plan, the target, the first
// report marked incomplete, every planned check (lib/run), the final report and, when asked, the run folder.
// The engine under both faces (cli/ and api/); never exits the process, installs no signal handler.

import { readFileSync } from 'node:fs';
import type { CheckResult } from '../lib/check/model.ts';
import type { Config } from '../lib/config/config.ts';
import { envAndFlag } from '../lib/config/settings.ts';
import { errorMessage, UsageError } from '../lib/errors.ts';
import type { BanEvent } from '../lib/http/ban.ts';
import { keyRedactor, type Redactor } from '../lib/http/redact.ts';
import { parseBaseline } from '../lib/report/baseline.ts';
import { buildReport, type RunFacts } from '../lib/report/build.ts';
import { planLines, resultLine } from '../lib/report/console.ts';
import { newRunId, type Report, SUITE } from '../lib/report/model.ts';
import { terminalLine } from '../lib/report/text/inert.ts';
import { ReportWriter } from '../lib/report/write.ts';
import type { RunPlan } from '../lib/run/plan.ts';
import { type ActiveRun, startRun } from '../lib/run/run.ts';
import { ALL_CHECKS, CONFORMANCE } from '../suites/index.ts';
import { SPEC_RULES } from '../suites/spec-rules.ts';
import { type CatalogueRow, selection } from './catalogue.ts';
import { certificationProblem, planFor } from './plan.ts';
import { type RunTarget, resolveTarget } from './run-target.ts';
import { stopSwitch } from './stop.ts';

/** Where a run prints: one line per call (the command's stdout and stderr, or the API's onLog). */
export interface Io {
  out(line: string): void;
  err(line: string): void;
}

export { INTERRUPTED } from './stop.ts';

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
  /** A CI job summary file report.md is appended to (GitHub's $GITHUB_STEP_SUMMARY), with the run folder. */
  stepSummary?: string;
}

/** What one run produced: its report (the object report.json holds), where it was written, a refused key. */
export interface Conducted {
  report: Report;
  /** The run folder, when written. */
  dir?: string;
  /** The first request with the key was refused (401): a configuration error, nothing judged (exit 2). */
  keyRefused?: string;
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
  const plan = planFor(config, selected);
  if (config.profile === 'certification') {
    const problem = certificationProblem(config, plan);
    if (problem) throw new UsageError(problem);
  }
  const baseline = readBaseline(config);
  const target = await resolveTarget(config);
  try {
    return await conduct(
      runFacts(config, target, selected, plan, baseline),
      target,
      config.reportDir,
      options,
    );
  } finally {
    await target.close();
  }
}

/** The known failures --baseline names (a run's, or a passive judge's), read and checked. */
export function readBaseline(config: Pick<Config, 'baseline' | 'allowStaleBaseline'>): RunFacts['baseline'] {
  if (config.baseline === undefined) return undefined;
  try {
    return {
      baseline: parseBaseline(readFileSync(config.baseline, 'utf8')),
      file: config.baseline,
      allowStale: config.allowStaleBaseline,
    };
  } catch (e) {
    throw new UsageError(
      `cannot use the baseline ${config.baseline}: ${errorMessage(e)}; fix ${envAndFlag('baseline')} or write one with: order-store-conformance baseline write REPORT`,
    );
  }
}

/** What the report records of the run before its first request. */
function runFacts(
  config: Config,
  target: RunTarget,
  selected: readonly CatalogueRow[],
  plan: RunPlan,
  baseline: RunFacts['baseline'],
): RunFacts {
  const started = new Date();
  const embedded = config.target.kind === 'embedded' ? config.target : undefined;
  const probeSelected = selected.some((c) => c.needs.probe);
  return {
    runId: newRunId(started),
    started,
    config: target.config,
    embedded: target.embedded,
    referenceFaults: embedded?.faults ?? [],
    referenceVariants: embedded?.variants ?? [],
    selected: selected.map((c) => c.id),
    rateLimitProbe: !probeSelected ? 'not-selected' : config.skipRateLimitProbe ? 'skipped' : 'run',
    rules: SPEC_RULES,
    catalogue: ALL_CHECKS,
    plan,
    profile: config.profile,
    failOn: config.failOn,
    ...(baseline ? { baseline } : {}),
  };
}

/** The faults and variants the embedded server runs with, for the first line of the console. */
function embeddedChoices(facts: RunFacts): string {
  const faults = facts.referenceFaults;
  const variants = facts.referenceVariants ?? [];
  return `${faults.length > 0 ? `; faults: ${faults.join(',')}` : ''}${variants.length > 0 ? `; variants: ${variants.join(',')}` : ''}`;
}

/**
 * The run's console, its folder and its redactor: the one redactor scrubs every line and file it writes, and
 * every console line is made inert (a message may quote what the target sent: no control reaches a terminal).
 */
function outputs(facts: RunFacts, reportDir: string, options: ConductOptions) {
  const redactor = keyRedactor(facts.config.apiKey, facts.config.secondApiKey);
  const io: Io = {
    out: (line) => options.io.out(terminalLine(redactor.redact(line))),
    err: (line) => options.io.err(terminalLine(redactor.redact(line))),
  };
  const writer = options.writeReports
    ? new ReportWriter(reportDir, facts.runId, (text) => redactor.redact(text))
    : undefined;
  return { redactor, io, writer };
}

function openingLines(facts: RunFacts, writer: ReportWriter | undefined): string[] {
  const { config } = facts;
  return [
    `order-store-conformance ${SUITE.version}: ${facts.selected.length} checks against ${config.baseUrl}${facts.embedded ? ` (embedded reference server${embeddedChoices(facts)})` : ''}`,
    `  seed ${config.seed}; request budget ${config.maxRequests}; ${writer ? `reports in ${writer.dir}` : 'no report files written'}`,
    ...planLines(facts.plan, config.maxRequests),
  ];
}

async function conduct(
  facts: RunFacts,
  target: RunTarget,
  reportDir: string,
  options: ConductOptions,
): Promise<Conducted> {
  const { redactor, io, writer } = outputs(facts, reportDir, options);
  const results: CheckResult[] = [];
  const reasons: string[] = [];
  let requestsSent: number | null = null;
  let bans: BanEvent[] = [];
  let keyRefused: string | undefined;
  let run: ActiveRun | undefined;
  // Counted live, so a report written mid-run (or at a stop) says how many requests left, never "unknown".
  const build = (final: boolean): Report =>
    buildReport(facts, {
      results,
      reasons,
      requestsSent: run?.requestsSent() ?? requestsSent ?? 0,
      final,
      bans,
      ...(keyRefused !== undefined ? { configurationError: keyRefused } : {}),
    });
  try {
    writer?.start(build(false));
  } catch (e) {
    throw new UsageError(
      `cannot write reports to ${reportDir}: ${errorMessage(e)}; set ${envAndFlag('reportDir')}`,
    );
  }
  for (const line of openingLines(facts, writer)) io.out(line);
  const stop = stopSwitch(options, reasons, () => run?.cancel());
  try {
    run = startRun(
      target.config,
      CONFORMANCE,
      facts.plan,
      {
        onResult(r) {
          io.out(resultLine(r));
          results.push(r);
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
      requestsSent = outcome.requestsSent;
      keyRefused = outcome.keyRefused;
    }
  } catch (e) {
    reasons.push(`the harness failed: ${errorMessage(e)}`);
  } finally {
    requestsSent = run?.requestsSent() ?? requestsSent;
    bans = run?.bans() ?? bans;
    stop.disarm();
  }
  const report = build(true);
  stop.finishing();
  finish(writer, report, run, options, io);
  return {
    report: scrubbed(report, redactor),
    ...(writer ? { dir: writer.dir } : {}),
    ...(keyRefused !== undefined ? { keyRefused } : {}),
  };
}

/** Writes the final report, the transcript and the CI job summary. */
function finish(
  writer: ReportWriter | undefined,
  report: Report,
  run: ActiveRun | undefined,
  options: ConductOptions,
  io: Io,
): void {
  writer?.finish(report, run?.exchanges() ?? []);
  if (writer && options.stepSummary !== undefined) {
    try {
      writer.appendSummary(options.stepSummary, report);
    } catch (e) {
      io.err(`warning: could not append to GITHUB_STEP_SUMMARY (${errorMessage(e)})`);
    }
  }
}

/** The object handed back is scrubbed as the files are: a caller may print or store it. */
function scrubbed(report: Report, redactor: Redactor): Report {
  return JSON.parse(redactor.redact(JSON.stringify(report))) as Report;
}
