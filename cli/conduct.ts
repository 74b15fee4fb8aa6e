// One conformance run, once the configuration is known: the target, the first report marked incomplete,
// every selected check (lib/run), the final reports and the exit code. Loaded by main.ts only for a run, so
// --help, --list and configuration errors never load the HTTP client, the suites' machinery or the reporters.

import { readFileSync } from 'node:fs';
import type { CheckResult } from '../lib/check/model.ts';
import type { Config } from '../lib/config/config.ts';
import { EXIT, errorMessage, UsageError } from '../lib/errors.ts';
import type { BanEvent } from '../lib/http/ban.ts';
import { keyRedactor } from '../lib/http/redact.ts';
import { annotations } from '../lib/report/annotations.ts';
import { parseBaseline } from '../lib/report/baseline.ts';
import { buildReport, type RunFacts } from '../lib/report/build.ts';
import { planLines, summary } from '../lib/report/console.ts';
import { newRunId, type Report, SUITE } from '../lib/report/model.ts';
import { ReportWriter } from '../lib/report/write.ts';
import type { RunPlan } from '../lib/run/plan.ts';
import { type ActiveRun, type Conformance, startRun } from '../lib/run/run.ts';
import { ALL_CHECKS, CONFORMANCE } from '../suites/index.ts';
import type { Ctx } from '../suites/shared/context.ts';
import { SPEC_RULES } from '../suites/spec-rules.ts';
import { catalogue } from './catalogue.ts';
import type { Io } from './main.ts';
import { certificationProblem, planFor } from './plan.ts';
import { type RunTarget, resolveTarget } from './target.ts';

const INTERRUPTED = 'interrupted by a signal';
/** How long a stopped run's check in flight may take to end before the report is written without it. */
const STOP_GRACE_MS = 2000;

/** `holdSignals`: the process exits when this returns, so the signal handlers are never removed (main.ts). */
export async function runConformance(config: Config, io: Io, holdSignals = false): Promise<number> {
  // The plan comes first: a certification run that cannot evaluate every check is refused before anything
  // is sent (or even connected to).
  const selected = catalogue(config.only, config.skip);
  const plan = planFor(config, selected);
  if (config.profile === 'certification') {
    const problem = certificationProblem(config, plan);
    if (problem) {
      io.err(`order-store-conformance: ${problem}`);
      return EXIT.usage;
    }
  }
  let baseline: RunFacts['baseline'];
  if (config.baseline !== undefined) {
    try {
      baseline = {
        baseline: parseBaseline(readFileSync(config.baseline, 'utf8')),
        file: config.baseline,
        allowStale: config.allowStaleBaseline,
      };
    } catch (e) {
      io.err(
        `order-store-conformance: cannot use the baseline ${config.baseline}: ${errorMessage(e)}; fix ORDER_STORE_BASELINE (--baseline) or write one with: order-store-conformance baseline write REPORT`,
      );
      return EXIT.usage;
    }
  }
  let target: RunTarget;
  try {
    target = await resolveTarget(config);
  } catch (e) {
    io.err(`order-store-conformance: ${errorMessage(e)}`);
    return e instanceof UsageError ? EXIT.usage : EXIT.incomplete;
  }
  try {
    return await conduct(config, target, plan, baseline, io, holdSignals);
  } finally {
    await target.close();
  }
}

/** The faults and variants the embedded server runs with, for the first line of the console. */
function embeddedChoices(config: Config): string {
  if (config.target.kind !== 'embedded') return '';
  const { faults, variants } = config.target;
  return `${faults.length > 0 ? `; faults: ${faults.join(',')}` : ''}${variants.length > 0 ? `; variants: ${variants.join(',')}` : ''}`;
}

async function conduct(
  config: Config,
  target: RunTarget,
  plan: RunPlan,
  baseline: RunFacts['baseline'],
  consoleIo: Io,
  holdSignals: boolean,
): Promise<number> {
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
    referenceVariants: config.target.kind === 'embedded' ? config.target.variants : [],
    selected: selected.map((c) => c.id),
    rateLimitProbe: !probeSelected ? 'not-selected' : config.skipRateLimitProbe ? 'skipped' : 'run',
    rules: SPEC_RULES,
    catalogue: ALL_CHECKS,
    plan,
    profile: config.profile,
    failOn: config.failOn,
    ...(baseline ? { baseline } : {}),
  };
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

  // One redactor for the run: the client's records, every file written and every console line.
  const redactor = keyRedactor(runConfig.apiKey, runConfig.secondApiKey);
  const io: Io = {
    out: (line) => consoleIo.out(redactor.redact(line)),
    err: (line) => consoleIo.err(redactor.redact(line)),
  };
  const writer = new ReportWriter(config.reportDir, runId, (text) => redactor.redact(text));
  try {
    writer.start(build(false));
  } catch (e) {
    io.err(
      `order-store-conformance: cannot write reports to ${config.reportDir}: ${errorMessage(e)}; set ORDER_STORE_REPORT_DIR (--report-dir)`,
    );
    return EXIT.usage;
  }
  io.out(
    `order-store-conformance ${SUITE.version}: ${selected.length} checks against ${runConfig.baseUrl}${target.embedded ? ` (embedded reference server${embeddedChoices(config)})` : ''}`,
  );
  io.out(`  seed ${runConfig.seed}; request budget ${runConfig.maxRequests}; reports in ${writer.dir}`);
  for (const line of planLines(plan, runConfig.maxRequests)) io.out(line);

  // A signal stops the run: the check in flight gets a moment to end, then the report is written with what
  // is known and the command exits, rather than sit out a rate-limit wait. A second signal cuts the moment
  // short, but the handler stays: the default action would kill the process before every file is written.
  let stop: () => void = () => {};
  let finishing = false;
  const stopped = new Promise<undefined>((resolve) => {
    stop = () => {
      if (finishing) return; // the final report is built: what is left is writing it and exiting
      if (reasons.includes(INTERRUPTED)) {
        io.err('interrupted again: writing the reports now');
        resolve(undefined);
        return;
      }
      reasons.push(INTERRUPTED);
      io.err('interrupted: stopping the run and writing an incomplete report');
      run?.cancel();
      setTimeout(() => resolve(undefined), STOP_GRACE_MS).unref();
    };
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    run = startRun(
      runConfig,
      following(plan),
      {
        onResult(r) {
          results.push(r);
          if (writer.progressDue()) writer.progress(build(false));
        },
        onLog: (line) => io.out(line),
      },
      redactor,
    );
    const outcome = await Promise.race([run.outcome, stopped]);
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
  }
  const report = build(true);
  finishing = true;
  // The handlers stay until every file is written: a signal without one would kill the process halfway.
  // When the process ends with the run, they stay to its exit (a late second Ctrl-C is then a no-op).
  const release = () => {
    process.removeListener('SIGINT', stop);
    process.removeListener('SIGTERM', stop);
  };
  try {
    writer.finish(report, run?.exchanges() ?? []);
  } finally {
    if (!holdSignals) release();
  }
  // A refused key judged nothing: one line says which setting to check, in place of a verdict.
  if (keyRefused !== undefined) {
    io.err(`order-store-conformance: ${keyRefused}`);
    return report.gate.exitCode;
  }
  io.out(summary(report, writer.dir));
  if (config.githubActions) for (const line of annotations(report)) io.out(line);
  if (config.githubStepSummary !== undefined) {
    try {
      writer.appendSummary(config.githubStepSummary, report);
    } catch (e) {
      io.err(`warning: could not append to GITHUB_STEP_SUMMARY (${errorMessage(e)})`);
    }
  }
  return report.gate.exitCode;
}

/** The conformance content, bound so that a check the plan leaves out skips with the plan's reason. */
function following(plan: RunPlan): Conformance<Ctx> {
  const out = new Map(plan.checks.filter((c) => !c.run).map((c) => [c.id, c.reason]));
  return {
    suites: CONFORMANCE.suites,
    bind(runtime) {
      const bound = CONFORMANCE.bind(runtime);
      return { ...bound, unmetNeed: (check) => out.get(check.id) ?? bound.unmetNeed(check) };
    },
  };
}
