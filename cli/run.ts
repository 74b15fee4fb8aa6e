// One conformance run, once the configuration is known: the plan, the target, the first report marked
// incomplete, every selected check (lib/run), the final report and, when asked, the run folder. Shared by the
// command (conduct.ts) and the API (api/); never exits the process, installs no signal handler.

import { readFileSync } from 'node:fs';
import type { CheckResult } from '../lib/check/model.ts';
import type { Config } from '../lib/config/config.ts';
import { envAndFlag } from '../lib/config/settings.ts';
import { errorMessage, UsageError } from '../lib/errors.ts';
import type { BanEvent } from '../lib/http/ban.ts';
import { keyRedactor } from '../lib/http/redact.ts';
import { parseBaseline } from '../lib/report/baseline.ts';
import { buildReport, type RunFacts } from '../lib/report/build.ts';
import { planLines, resultLine } from '../lib/report/console.ts';
import { newRunId, type Report, SUITE } from '../lib/report/model.ts';
import { ReportWriter } from '../lib/report/write.ts';
import type { RunPlan } from '../lib/run/plan.ts';
import { type ActiveRun, type Conformance, startRun } from '../lib/run/run.ts';
import { ALL_CHECKS, CONFORMANCE } from '../suites/index.ts';
import type { Ctx } from '../suites/shared/context.ts';
import { SPEC_RULES } from '../suites/spec-rules.ts';
import { catalogue } from './catalogue.ts';
import type { Io } from './io.ts';
import { certificationProblem, planFor } from './plan.ts';
import { type RunTarget, resolveTarget } from './target.ts';

/** Why a run stopped by a signal or by the caller's AbortSignal is incomplete. */
export const INTERRUPTED = 'interrupted by a signal';
/** How long a stopped run's check in flight may take to end before the report is written without it. */
const STOP_GRACE_MS = 2000;

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
 * A configuration error it finds before sending (certification, baseline, target) throws a UsageError.
 */
export async function conductRun(config: Config, options: ConductOptions): Promise<Conducted> {
  // The plan comes first: a certification run that cannot evaluate every check is refused before anything
  // is sent (or even connected to).
  const selected = catalogue(config.only, config.skip);
  const plan = planFor(config, selected);
  if (config.profile === 'certification') {
    const problem = certificationProblem(config, plan);
    if (problem) throw new UsageError(problem);
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
      throw new UsageError(
        `cannot use the baseline ${config.baseline}: ${errorMessage(e)}; fix ${envAndFlag('baseline')} or write one with: order-store-conformance baseline write REPORT`,
      );
    }
  }
  const target = await resolveTarget(config);
  try {
    return await conduct(config, target, plan, baseline, options);
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
  options: ConductOptions,
): Promise<Conducted> {
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

  // One redactor for the run: the client's records, every file written, every console line, the report returned.
  const redactor = keyRedactor(runConfig.apiKey, runConfig.secondApiKey);
  const io: Io = {
    out: (line) => options.io.out(redactor.redact(line)),
    err: (line) => options.io.err(redactor.redact(line)),
  };
  const writer = options.writeReports
    ? new ReportWriter(config.reportDir, runId, (text) => redactor.redact(text))
    : undefined;
  try {
    writer?.start(build(false));
  } catch (e) {
    throw new UsageError(
      `cannot write reports to ${config.reportDir}: ${errorMessage(e)}; set ${envAndFlag('reportDir')}`,
    );
  }
  io.out(
    `order-store-conformance ${SUITE.version}: ${selected.length} checks against ${runConfig.baseUrl}${target.embedded ? ` (embedded reference server${embeddedChoices(config)})` : ''}`,
  );
  io.out(
    `  seed ${runConfig.seed}; request budget ${runConfig.maxRequests}; ${writer ? `reports in ${writer.dir}` : 'no report files written'}`,
  );
  for (const line of planLines(plan, runConfig.maxRequests)) io.out(line);

  // A stop ends the run: the check in flight gets a moment to end, then the report is built with what is
  // known, rather than sit out a rate-limit wait. `hurry` cuts the moment short.
  let finishing = false;
  let onStop: () => void = () => {};
  let onHurry: () => void = () => {};
  const stopped = new Promise<undefined>((resolve) => {
    onStop = () => {
      if (finishing || reasons.includes(options.stopReason ?? INTERRUPTED)) return;
      reasons.push(options.stopReason ?? INTERRUPTED);
      run?.cancel();
      setTimeout(() => resolve(undefined), STOP_GRACE_MS).unref();
    };
    onHurry = () => {
      if (!finishing) resolve(undefined);
    };
  });
  options.signal?.addEventListener('abort', onStop, { once: true });
  options.hurry?.addEventListener('abort', onHurry, { once: true });
  try {
    run = startRun(
      runConfig,
      following(plan),
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
    if (options.signal?.aborted) onStop();
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
    options.signal?.removeEventListener('abort', onStop);
    options.hurry?.removeEventListener('abort', onHurry);
  }
  const report = build(true);
  finishing = true;
  writer?.finish(report, run?.exchanges() ?? []);
  if (writer && options.stepSummary !== undefined) {
    try {
      writer.appendSummary(options.stepSummary, report);
    } catch (e) {
      io.err(`warning: could not append to GITHUB_STEP_SUMMARY (${errorMessage(e)})`);
    }
  }
  // The object handed back is scrubbed as the files are: a caller may print or store it.
  const scrubbed = JSON.parse(redactor.redact(JSON.stringify(report))) as Report;
  return {
    report: scrubbed,
    ...(writer ? { dir: writer.dir } : {}),
    ...(keyRefused !== undefined ? { keyRefused } : {}),
  };
}

/** The conformance content, bound so that a check the plan leaves out skips with the plan's reason. */
function following(plan: RunPlan): Conformance<Ctx> {
  const out = new Map(plan.checks.flatMap((c) => (c.skip ? [[c.id, c.skip] as const] : [])));
  return {
    suites: CONFORMANCE.suites,
    bind(runtime) {
      const bound = CONFORMANCE.bind(runtime);
      return { ...bound, unmetNeed: (check) => out.get(check.id) ?? bound.unmetNeed(check) };
    },
  };
}
