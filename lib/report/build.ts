// Assembles the Report from what a run knows at a moment: the facts fixed at start, the verdicts so far,
// and why it could not finish. Called as checks end (progress) and once at the end (final).
import type { CheckResult } from '../check/model.ts';
import type { SpecRule } from '../check/rules.ts';
import type { MustFloor } from '../config/config.ts';
import type { RunConfig } from '../config/run-config.ts';
import type { SettingKey } from '../config/settings.ts';
import { EXIT } from '../errors.ts';
import type { BanEvent } from '../http/ban.ts';
import type { RunPlan } from '../run/plan-checks.ts';
import { count } from '../words.ts';
import { applyBaseline, type Baseline } from './baseline.ts';
import { verdictLine } from './console.ts';
import { type CoverageCheck, coverageOf } from './coverage.ts';
import { evaluationGaps, evaluationOf, type Profile } from './evaluation.ts';
import type { FixtureReport } from './fixtures.ts';
import {
  countStatuses,
  type Gate,
  gateOf,
  type Report,
  SPEC_TITLE,
  SUITE,
  type TrafficFacts,
  verdictOf,
} from './model.ts';
import { provenance } from './provenance.ts';

export interface RunFacts {
  runId: string;
  started: Date;
  config: RunConfig;
  embedded: boolean;
  referenceFaults: string[];
  referenceVariants?: string[];
  /** Ids of the checks the selection (--only/--skip) kept, in run order. */
  selected: string[];
  rateLimitProbe: Report['scope']['rateLimitProbe'];
  /** The spec's rule catalogue and every check of the suite (selected or not), for coverage. */
  rules: readonly SpecRule[];
  catalogue: readonly CoverageCheck[];
  /** What the run planned before its first request. */
  plan: RunPlan;
  profile: Profile;
  failOn: Gate['failOn'];
  /** Known failures (--baseline), and whether a stale entry is tolerated. */
  baseline?: { baseline: Baseline; file: string; allowStale: boolean };
  /** Judged from recorded traffic (judge, proxy): what was read. */
  traffic?: TrafficFacts;
  /** The gate's floor of MUST checks evaluated (--min-must-evaluated). */
  floor?: MustFloor;
  /** The settings the run was given a value for (a skip naming one is a choice: the floor excuses it). */
  chosen?: readonly SettingKey[];
}

export interface RunState {
  results: readonly CheckResult[];
  /** Why the run could not finish (interrupted, the run stopped sending, the harness failed...). */
  reasons: readonly string[];
  requestsSent: number | null;
  /** false while the run is going: the report then says it is not complete. */
  final: boolean;
  /** Bans the target announced: each makes the run incomplete (a failed MUST still decides the verdict). */
  bans?: readonly BanEvent[];
  /** The run stopped on a configuration error it could see only by sending (a refused key): exit 2. */
  configurationError?: string;
  /** The target answered nothing: why, and the exit code (4 unreachable, 2 a URL that names no HTTP server). */
  unreachable?: { reason: string; exitCode: number };
  /** The fixtures the run was given, planned and consumed. */
  fixtures?: FixtureReport;
}

export function buildReport(facts: RunFacts, state: RunState, ended: Date = new Date()): Report {
  const { config } = facts;
  const done = new Set(state.results.map((r) => r.id));
  const missing = facts.selected.filter((id) => !done.has(id));
  const bans = [...(state.bans ?? [])];
  const incompleteReasons = [
    ...(state.configurationError !== undefined ? [state.configurationError] : []),
    ...state.reasons,
  ];
  for (const b of bans)
    incompleteReasons.push(
      `the target banned the ${b.bucket} credential${b.seconds === null ? '' : ` for ${b.seconds} s`} at ${b.at} (${b.evidence})`,
    );
  const known = new Map(facts.catalogue.map((c) => [c.id, c]));
  const evaluation = evaluationOf(
    facts.selected.map((id) => {
      const c = known.get(id);
      return { id, level: c?.level ?? 'MUST', ...(c?.suite !== undefined ? { suite: c.suite } : {}) };
    }),
    state.results,
    facts.plan,
    facts.profile,
    facts.floor,
    facts.chosen,
    state.final ? state.reasons : [],
  );
  if (!state.final) incompleteReasons.push('the run is still in progress or stopped before it finished');
  else if (missing.length > 0) {
    const shown = missing.slice(0, 5).join(', ') + (missing.length > 5 ? ', …' : '');
    incompleteReasons.push(
      `${count(missing.length, 'selected check')} ${missing.length === 1 ? 'has' : 'have'} no verdict (${shown})`,
    );
  }
  if (state.final) incompleteReasons.push(...evaluationGaps(evaluation));
  // An errored check proves nothing: the report never says complete while one stands (nor without saying why).
  const errored = state.results.filter((r) => r.status === 'error');
  if (errored.length > 0) {
    const shown = errored.slice(0, 3).map((r) => `${r.id}: ${r.message.slice(0, 160)}`);
    incompleteReasons.push(
      `${count(errored.length, 'check')} ended in a harness error (${shown.join('; ')}${errored.length > 3 ? '; …' : ''})`,
    );
  }
  const verdict = verdictOf(state.results, incompleteReasons);
  const counts = countStatuses(state.results);
  const baseline = facts.baseline
    ? applyBaseline(facts.baseline.baseline, facts.baseline.file, state.results, facts.baseline.allowStale)
    : null;
  const report: Report = {
    reportVersion: 1,
    suite: SUITE,
    spec: SPEC_TITLE,
    runId: facts.runId,
    target: {
      baseUrl: config.baseUrl,
      embedded: facts.embedded,
      referenceFaults: facts.referenceFaults,
      ...(facts.referenceVariants?.length ? { referenceVariants: facts.referenceVariants } : {}),
    },
    startedAt: facts.started.toISOString(),
    endedAt: ended.toISOString(),
    durationMs: ended.getTime() - facts.started.getTime(),
    complete: incompleteReasons.length === 0,
    incompleteReasons,
    verdict,
    verdictLine: '',
    evaluation,
    gate:
      state.configurationError !== undefined
        ? { failOn: facts.failOn, passed: false, exitCode: EXIT.usage, reasons: [state.configurationError] }
        : state.unreachable !== undefined && !state.results.some((r) => r.status === 'fail')
          ? {
              failOn: facts.failOn,
              passed: false,
              exitCode: state.unreachable.exitCode,
              reasons: [state.unreachable.reason],
            }
          : gateOf(
              state.results,
              incompleteReasons.length === 0 && !state.results.some((r) => r.status === 'error'),
              facts.failOn,
              incompleteReasons,
              baseline,
            ),
    baseline,
    bans,
    scope: {
      only: config.only,
      skip: config.skip,
      rateLimitProbe: facts.rateLimitProbe,
      checksSelected: facts.selected.length,
    },
    counts,
    coverage: coverageOf(facts.rules, facts.catalogue, facts.selected, state.results),
    settings: {
      seed: config.seed,
      maxRequests: config.maxRequests,
      timeoutMs: config.timeoutMs,
      maxWaitSeconds: config.maxWaitMs / 1000,
      maxResponseBytes: config.maxResponseBytes,
      propertyRuns: config.propertyRuns,
      exhaustive: config.exhaustive,
      plan: config.plan ?? null,
      cancellableOrderIds: config.cancellableOrderIds,
      shippedOrderIds: config.shippedOrderIds,
      secondApiKey: config.secondApiKey !== undefined,
      burst: config.burst,
      consistencySeconds: config.consistencySeconds,
    },
    requests: { sent: state.requestsSent, budget: config.maxRequests },
    provenance: provenance(),
    ...(facts.traffic ? { traffic: facts.traffic } : {}),
    ...(state.fixtures ? { fixtures: state.fixtures } : {}),
    checks: [...state.results],
  };
  return withVerdictLine(report);
}

/**
 * `report` with its verdictLine read off it, as the console prints it: set again once the report is in a
 * face's words (a reason is cut short in the words the reader sees, never inside a setting's name).
 */
export function withVerdictLine(report: Report): Report {
  report.verdictLine = verdictLine(report).replace(/^Verdict: /, '');
  return report;
}
