// The one conductor of a run: a source of exchanges (a live run that sends what the checks ask, or recordings
// judged as they are) hands over its verdicts; the conductor prints them, writes the report marked incomplete
// first and final last, the run folder and the CI job summary, every line and file scrubbed by the source's
// redactor. Under both faces (cli/, api/); never exits the process, installs no signal handler, sends nothing.
import { basename } from 'node:path';
import type { CheckResult } from '../lib/check/model.ts';
import type { ReportFormat } from '../lib/config/config.ts';
import { type Face, renderDeep, renderSettings } from '../lib/config/setting-words.ts';
import { envAndFlag } from '../lib/config/settings.ts';
import { errorMessage, UsageError } from '../lib/errors.ts';
import type { Redactor } from '../lib/http/redact.ts';
import type { Exchange } from '../lib/http/transcript.ts';
import { buildReport, type RunFacts, type RunState, withVerdictLine } from '../lib/report/build.ts';
import { detailLines, resultLine } from '../lib/report/console.ts';
import type { Report } from '../lib/report/model.ts';
import { terminalLine } from '../lib/report/text/inert.ts';
import { ReportWriter } from '../lib/report/write.ts';

/** Where a run prints: one line per call (the command's stdout and stderr, or the API's onLog). */
export interface Io {
  out(line: string): void;
  err(line: string): void;
}

/** How a run is reported, whatever its exchanges come from. */
export interface ConductOptions {
  /** The console: a line per check, and what the source says. The command prints it; the API passes its own. */
  io: Io;
  /** Write the run folder (report.json, junit.xml, report.html, report.md, transcript.har, SHA256SUMS). */
  writeReports: boolean;
  /** Under each check's line, its requirement, evidence and reproduction (--verbose). */
  verbose?: boolean;
  /** A CI job summary file report.md is appended to (GitHub's $GITHUB_STEP_SUMMARY), with the run folder. */
  stepSummary?: string;
  /**
   * Whose words name the settings in every line, file and report of the run ('cli': flags and variables, the
   * default; 'api': the settings object's keys): messages carry settings as tokens until here.
   */
  face?: Face;
  /** A line per check as it lands (the default); the proxy prints its findings as they happen instead. */
  lines?: boolean;
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

/** What the conductor hands a source while it judges: the run's console, and where its verdicts go. */
export interface Judging {
  /** The run's console: worded in the face's words, scrubbed, inert. */
  io: Io;
  /** A verdict landed: printed (unless the run prints none) and kept for the report. */
  verdict(r: CheckResult): void;
  /** Rewrites report.json (still marked incomplete) with the verdicts so far, when a rewrite is due. */
  progress(): void;
}

/** Where a run's exchanges come from, and all that differs between a run that sends and a recording judged. */
export interface ExchangeSource {
  /** What the report opens with. */
  readonly facts: RunFacts;
  /** Knows every secret of the run: it scrubs every line and file. */
  readonly redactor: Redactor;
  /** Where the run folder is written. */
  readonly reportDir: string;
  /** The report files asked for (--reports; all when absent), and a fixed place for junit.xml (--junit-path). */
  readonly formats?: readonly ReportFormat[];
  readonly junitPath?: string;
  /** The console's first lines, once the run folder is known (a live run's plan). */
  opening?(writer: ReportWriter | undefined): string[];
  /** Sends what the checks ask (a live run only), and judges: each verdict goes to `judging` as it lands. */
  judge(judging: Judging): Promise<void>;
  /** What the report says beside the verdicts, at a moment (`final`: judging is over). */
  state(results: readonly CheckResult[], final: boolean): Omit<RunState, 'results' | 'final'>;
  /** Every exchange judged, redacted, in the order sent (transcript.har). */
  exchanges(): readonly Exchange[];
}

/**
 * One run from its source to its report: the report marked incomplete, the opening lines, the verdicts as
 * they land, the final report, the run folder and the job summary. A report folder that cannot be written is
 * a UsageError, thrown before the source judges anything.
 */
export async function conduct(source: ExchangeSource, options: ConductOptions): Promise<Conducted> {
  const face = options.face ?? 'cli';
  const { redactor } = source;
  // A message may quote what the target sent: every line is worded, scrubbed, then made inert.
  const line = (text: string) => terminalLine(redactor.redact(renderSettings(text, face)));
  const io: Io = { out: (t) => options.io.out(line(t)), err: (t) => options.io.err(line(t)) };
  const writer = options.writeReports
    ? new ReportWriter(
        source.reportDir,
        source.facts.runId,
        // Inert: a file is written already serialized, which an expression's quotes would break.
        (text) => redactor.redact(text, true),
        Date.now,
        (text) => renderSettings(text, face),
      )
    : undefined;
  const results: CheckResult[] = [];
  // In the face's words from here on: the files, the summary and the object handed back.
  const build = (final: boolean): Report =>
    withVerdictLine(
      renderDeep(buildReport(source.facts, { results, final, ...source.state(results, final) }), face),
    );
  try {
    writer?.start(build(false));
  } catch (e) {
    throw new UsageError(
      `cannot write reports to ${source.reportDir}: ${errorMessage(e)}; set ${envAndFlag('reportDir')}`,
    );
  }
  for (const text of source.opening?.(writer) ?? []) io.out(text);
  await source.judge({
    io,
    verdict(r) {
      if (options.lines !== false) {
        // Scrubbed and worded before the console cuts a long value short: a cut key would no longer be
        // recognised, nor a cut token.
        const shown = renderDeep(redactedText(r, redactor), face);
        io.out(resultLine(shown));
        if (options.verbose) for (const d of detailLines(shown)) io.out(d);
      }
      results.push(r);
    },
    progress() {
      if (writer?.progressDue()) writer.progress(build(false));
    },
  });
  const state = source.state(results, true);
  const report = withVerdictLine(
    renderDeep(buildReport(source.facts, { results, final: true, ...state }), face),
  );
  const files = writer ? finish(writer, report, source, options.stepSummary, io) : undefined;
  return {
    report: scrubbed(report, redactor),
    ...(writer ? { dir: writer.dir, files } : {}),
    ...(state.configurationError !== undefined
      ? { keyRefused: renderSettings(state.configurationError, face) }
      : {}),
    ...(state.unreachable !== undefined
      ? { unreachable: redactor.redact(renderSettings(state.unreachable.reason, face)) }
      : {}),
  };
}

/** Writes the final report, the transcript, junit.xml at its fixed place and the CI job summary. */
function finish(
  writer: ReportWriter,
  report: Report,
  source: ExchangeSource,
  stepSummary: string | undefined,
  io: Io,
): string[] {
  const files = writer.finish(report, source.exchanges(), source.formats);
  if (source.junitPath !== undefined) {
    try {
      writer.copyJunit(source.junitPath, report);
    } catch (e) {
      io.err(
        `warning: could not write ${source.junitPath} (${errorMessage(e)}); fix ${envAndFlag('junitPath')}`,
      );
    }
  }
  if (stepSummary !== undefined) {
    try {
      writer.appendSummary(stepSummary, report);
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

/** A report as handed back to a caller, scrubbed as the files are: the caller may print or store it. */
function scrubbed(report: Report, redactor: Redactor): Report {
  return JSON.parse(redactor.redact(JSON.stringify(report), true)) as Report;
}
