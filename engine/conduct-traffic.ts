// A passive run from its recordings to its report: the judgement (judge-traffic.ts), the report a run writes
// (report.json, junit.xml, report.html, report.md, transcript.har of the judged exchanges, SHA256SUMS) marked
// passive, the gate and, when asked, the CI job summary. Every line and file is scrubbed by the redactor that
// holds every credential of the recordings. Under both faces (cli/, api/); never exits, sends nothing.
import { type Face, renderDeep, renderSettings } from '../lib/config/setting-words.ts';
import { envAndFlag } from '../lib/config/settings.ts';
import type { TrafficConfig } from '../lib/config/traffic-config.ts';
import { errorMessage, UsageError } from '../lib/errors.ts';
import type { UnreadEntry } from '../lib/formats/har.ts';
import type { Redactor } from '../lib/http/redact.ts';
import { buildReport, type RunFacts } from '../lib/report/build.ts';
import { resultLine } from '../lib/report/console.ts';
import { newRunId, type Report, type TrafficFacts } from '../lib/report/model.ts';
import { ReportWriter } from '../lib/report/write.ts';
import { ALL_CHECKS, SPEC_RULES } from '../suites/index.ts';
import type { Conducted, Io } from './conduct-run.ts';
import {
  type Judgement,
  judgedExchanges,
  judgeEntries,
  passivePlan,
  passiveRunConfig,
  trafficFacts,
} from './judge-traffic.ts';
import type { Progress } from './progress.ts';
import { joinedSet, type RecordedSet } from './recorded-set.ts';
import { readBaseline, scrubbed } from './run-facts.ts';

/** One recording: a HAR file, or what the proxy forwarded. */
export interface TrafficSource {
  name: string;
  /** Its entries, held or read again from the file when judged (recorded-set.ts). */
  set: RecordedSet;
  sha256?: string;
  /** Entries this harness left unread (nested past what it reads): the report is incomplete for them. */
  unread?: readonly UnreadEntry[];
}

export interface JudgeOptions {
  io: Io;
  writeReports: boolean;
  stepSummary?: string;
  /** Print a line per check as it lands (the judge command); the proxy prints findings as they happen instead. */
  lines?: boolean;
  /** Why the recording is not all there is to judge (the proxy's own errors): the report is then incomplete. */
  reasons?: readonly string[];
  /** Whose words name the settings in its lines, files and report: 'cli' (the default) or 'api'. */
  face?: Face;
  /** Where a long judgement says how far it is (the judge command: stderr). */
  progress?: Progress;
}

/** The report of a judgement, as a run builds its own. */
export function trafficReport(
  config: TrafficConfig,
  j: Judgement,
  sources: TrafficFacts['sources'],
  started: Date,
  baseline: RunFacts['baseline'],
  more: readonly string[] = [],
  unread: readonly UnreadEntry[] = [],
): Report {
  const facts: RunFacts = {
    runId: newRunId(started),
    started,
    config: passiveRunConfig(config, j.base.baseUrl),
    embedded: false,
    referenceFaults: [],
    selected: j.selected.map((c) => c.id),
    rateLimitProbe: 'not-selected',
    rules: SPEC_RULES,
    catalogue: ALL_CHECKS,
    plan: passivePlan(j.selected),
    profile: 'standard',
    failOn: config.failOn,
    ...(baseline ? { baseline } : {}),
    traffic: trafficFacts(config.mode, sources, j),
  };
  // A verdict over nothing is none: traffic that no MUST check could judge leaves the report incomplete.
  const judged = j.results.some((r) => r.level === 'MUST' && (r.status === 'pass' || r.status === 'fail'));
  const reasons = [
    ...(judged
      ? []
      : [
          'the traffic showed nothing a MUST check can judge (record a client that lists, cancels, or calls without the key)',
        ]),
    ...more,
  ];
  // An entry the harness could not read may hold what would fail a check: the verdict is not complete.
  if (unread.length > 0)
    reasons.push(
      `${unread.length} recorded entr${unread.length === 1 ? 'y was' : 'ies were'} not judged, nested past what this harness reads (${unread
        .slice(0, 3)
        .map((u) => u.source)
        .join(', ')}${unread.length > 3 ? ', …' : ''}): a limit of the harness`,
    );
  return buildReport(facts, { results: j.results, reasons, requestsSent: 0, final: true });
}

/**
 * Judges the recordings and writes the run folder (when asked). A recording with nothing of the API, a base
 * URL that cannot be told, an unreadable baseline or report folder is a UsageError (exit 2).
 */
export async function conductJudge(
  sources: readonly TrafficSource[],
  config: TrafficConfig,
  options: JudgeOptions,
): Promise<Conducted> {
  const started = new Date();
  const baseline = readBaseline(config);
  const set = joinedSet(sources.map((s) => s.set));
  let redactor: Redactor | undefined;
  const face = options.face ?? 'cli';
  const out = (line: string) => options.io.out(redactor ? redactor.redact(line) : line);
  let j: Judgement;
  try {
    j = await judgeEntries(
      set,
      config,
      (r) => {
        // Worded before the console cuts a long message short, so no token is cut.
        if (options.lines !== false) out(resultLine(renderDeep(r, face)));
      },
      options.progress ? { progress: options.progress } : {},
    );
  } finally {
    set.close?.();
  }
  redactor = j.redactor;
  const facts = sources.map((s) => ({
    name: s.name,
    entries: s.set.size,
    ...(s.sha256 ? { sha256: s.sha256 } : {}),
  }));
  const unread = sources.flatMap((s) => s.unread ?? []);
  const report = renderDeep(
    trafficReport(config, j, facts, started, baseline, options.reasons, unread),
    face,
  );
  let dir: string | undefined;
  if (options.writeReports) {
    // A file's own words (junit's, the Markdown gate line) name settings too: worded as the report was.
    const writer = new ReportWriter(
      config.reportDir,
      report.runId,
      (text) => j.redactor.redact(text),
      Date.now,
      (text) => renderSettings(text, face),
    );
    try {
      writer.start(report);
    } catch (e) {
      throw new UsageError(
        `cannot write reports to ${config.reportDir}: ${errorMessage(e)}; set ${envAndFlag('reportDir')}`,
      );
    }
    writer.finish(report, judgedExchanges(j));
    dir = writer.dir;
    if (options.stepSummary !== undefined) {
      try {
        writer.appendSummary(options.stepSummary, report);
      } catch (e) {
        options.io.err(`warning: could not append to GITHUB_STEP_SUMMARY (${errorMessage(e)})`);
      }
    }
  }
  return { report: scrubbed(report, j.redactor), ...(dir ? { dir } : {}) };
}
