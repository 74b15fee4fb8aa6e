// The main command: from argv to exit code. Configuration, the target (cli/target.ts), the run of every
// selected check (lib/run), the reports and the exit code (0 conformant, 1 non-conformant, 2 usage, 3 incomplete).

import type { CheckResult } from '../lib/check/model.ts';
import { helpText } from '../lib/config/help.ts';
import { type Config, loadConfig } from '../lib/config/load.ts';
import { EXIT, errorMessage, UsageError } from '../lib/errors.ts';
import { buildReport, type RunFacts } from '../lib/report/build.ts';
import { summary } from '../lib/report/console.ts';
import { exitCodeOf, newRunId, type Report, SUITE } from '../lib/report/model.ts';
import { ReportWriter } from '../lib/report/write.ts';
import { type ActiveRun, startRun } from '../lib/run/run.ts';
import { CONFORMANCE } from '../suites/index.ts';
import { catalogue } from './catalogue.ts';
import { type RunTarget, resolveTarget } from './target.ts';

const INTERRUPTED = 'interrupted by a signal';
/** How long a stopped run's check in flight may take to end before the report is written without it. */
const STOP_GRACE_MS = 2000;

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

const defaultIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

function listChecks(config: Config, io: Io): number {
  const rows = catalogue(config.only, config.skip);
  for (const c of rows)
    io.out(
      `${c.id.padEnd(34)} ${c.level.padEnd(6)} ${c.rules.join(',').padEnd(28)} ${c.spec.padEnd(48)} ${c.title}`,
    );
  io.out(`${rows.length} checks`);
  return EXIT.conformant;
}

export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(argv);
  } catch (e) {
    io.err(`order-store-conformance: ${errorMessage(e)}`);
    return e instanceof UsageError ? EXIT.usage : EXIT.incomplete;
  }
  if (config.help) {
    io.out(helpText());
    return EXIT.conformant;
  }
  if (config.list) return listChecks(config, io);
  for (const w of config.warnings) io.err(`warning: ${w}`);

  let target: RunTarget;
  try {
    target = await resolveTarget(config);
  } catch (e) {
    io.err(`order-store-conformance: ${errorMessage(e)}`);
    return e instanceof UsageError ? EXIT.usage : EXIT.incomplete;
  }
  try {
    return await conduct(config, target, io);
  } finally {
    await target.close();
  }
}

async function conduct(config: Config, target: RunTarget, io: Io): Promise<number> {
  const runConfig = target.config;
  const started = new Date();
  const runId = newRunId(started);
  const selected = catalogue(config.only, config.skip);
  const probeSelected = selected.some((c) => c.needs.probe);
  const facts: RunFacts = {
    runId,
    started,
    config: runConfig,
    embedded: target.embedded,
    referenceFaults: config.target.kind === 'embedded' ? config.target.faults : [],
    selected: selected.map((c) => c.id),
    rateLimitProbe: !probeSelected ? 'not-selected' : config.skipRateLimitProbe ? 'skipped' : 'run',
  };
  const results: CheckResult[] = [];
  const reasons: string[] = [];
  let requestsSent: number | null = null;
  const build = (final: boolean): Report => buildReport(facts, { results, reasons, requestsSent, final });

  const writer = new ReportWriter(config.reportDir, runId);
  try {
    writer.start(build(false));
  } catch (e) {
    io.err(
      `order-store-conformance: cannot write reports to ${config.reportDir}: ${errorMessage(e)}; set ORDER_STORE_REPORT_DIR (--report-dir)`,
    );
    return EXIT.usage;
  }
  io.out(
    `order-store-conformance ${SUITE.version}: ${selected.length} checks against ${runConfig.baseUrl}${target.embedded ? ' (embedded reference server)' : ''}`,
  );
  io.out(`  seed ${runConfig.seed}; request budget ${runConfig.maxRequests}; reports in ${writer.dir}`);

  let run: ActiveRun | undefined;
  // A signal stops the run: the check in flight gets a moment to end, then the report is written with what
  // is known and the command exits, rather than sit out a rate-limit wait.
  let stop: () => void = () => {};
  const stopped = new Promise<undefined>((resolve) => {
    stop = () => {
      if (reasons.includes(INTERRUPTED)) return;
      reasons.push(INTERRUPTED);
      io.err('interrupted: stopping the run and writing an incomplete report');
      run?.cancel();
      setTimeout(() => resolve(undefined), STOP_GRACE_MS).unref();
    };
  });
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    run = startRun(runConfig, CONFORMANCE, {
      onResult(r) {
        results.push(r);
        writer.progress(build(false));
      },
      onLog: (line) => io.out(line),
    });
    const outcome = await Promise.race([run.outcome, stopped]);
    if (outcome) {
      reasons.push(...outcome.problems);
      requestsSent = outcome.requestsSent;
    }
  } catch (e) {
    reasons.push(`the harness failed: ${errorMessage(e)}`);
  } finally {
    requestsSent = run?.requestsSent() ?? requestsSent;
    process.removeListener('SIGINT', stop);
    process.removeListener('SIGTERM', stop);
  }
  const report = build(true);
  writer.finish(report);
  io.out(summary(report, writer.dir));
  return exitCodeOf(report.verdict);
}
