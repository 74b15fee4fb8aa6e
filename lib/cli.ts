// The main command: configuration, the embedded reference server when no target is given, preflight, the
// run, reports and the exit code (0 conformant, 1 non-conformant, 2 usage, 3 incomplete).

import { SUITES } from '../suites/index.ts';
import { createSuiteEnvironment } from '../suites/shared/context.ts';
import { catalogue } from './catalogue.ts';
import type { CheckResult } from './check/model.ts';
import { type Config, helpText, loadConfig } from './config/load.ts';
import { type RunSettings, runSettings } from './config/run-config.ts';
import { EXIT, errorMessage, UsageError } from './errors.ts';
import { preflight } from './http/preflight.ts';
import { buildReport, type RunFacts } from './report/build.ts';
import { summary } from './report/console.ts';
import { exitCodeOf, newRunId, type Report, SUITE } from './report/model.ts';
import { ReportWriter } from './report/write.ts';
import { type ActiveRun, startRun } from './run/run.ts';

/** The embedded reference server runs a compressed rate-limit window so the probe finishes in seconds. */
export const EMBEDDED_RATE_LIMIT = { limit: 100, windowSeconds: 10 };

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

interface Target {
  settings: RunSettings;
  embedded: boolean;
  close(): Promise<void>;
}

async function resolveTarget(config: Config): Promise<Target> {
  if (config.target.kind === 'url') {
    await preflight(config.target.baseUrl, config.timeoutMs);
    return {
      embedded: false,
      close: async () => {},
      settings: runSettings(config, config.target.baseUrl, config.target.apiKey),
    };
  }
  const { startReferenceServer } = await import('../reference/server.ts');
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  try {
    server = await startReferenceServer({ faults: config.target.faults, rateLimit: EMBEDDED_RATE_LIMIT });
  } catch (e) {
    throw new UsageError(`the embedded reference server did not start: ${errorMessage(e)}`);
  }
  // The embedded server's own fixtures stand in for the ones a user would hand over.
  const settings = runSettings(config, server.baseUrl, server.demoKey);
  if (settings.cancellableOrderIds.length === 0) settings.cancellableOrderIds = server.fixtures.pending;
  if (settings.shippedOrderIds.length === 0) settings.shippedOrderIds = server.fixtures.shipped;
  return { embedded: true, close: () => server.close(), settings };
}

function listChecks(config: Config, io: Io): number {
  const rows = catalogue(config.only, config.skip);
  for (const c of rows) io.out(`${c.id.padEnd(34)} ${c.level.padEnd(6)} ${c.spec.padEnd(48)} ${c.title}`);
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

  let target: Target;
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

async function conduct(config: Config, target: Target, io: Io): Promise<number> {
  const { settings } = target;
  const started = new Date();
  const runId = newRunId(started);
  const selected = catalogue(config.only, config.skip);
  const probeSelected = selected.some((c) => c.needs.probe);
  const facts: RunFacts = {
    runId,
    started,
    settings,
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
    `order-store-conformance ${SUITE.version}: ${selected.length} checks against ${settings.baseUrl}${target.embedded ? ' (embedded reference server)' : ''}`,
  );
  io.out(`  seed ${settings.seed}; request budget ${settings.maxRequests}; reports in ${writer.dir}`);

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
    run = startRun(
      settings,
      { suites: SUITES, environment: createSuiteEnvironment },
      {
        onResult(r) {
          results.push(r);
          writer.progress(build(false));
        },
        onLog: (line) => io.out(line),
      },
    );
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
