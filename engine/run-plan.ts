// This suite's plan from its configuration (over the generic lib/run/plan-checks.ts), before the target is
// touched: what it has to meet the checks' needs with (read as the run reads it: lib/check/needs.ts grantsOf),
// what the rate-limit probe will cost when that is known (the embedded server's window), and, for a
// certification run, what to provide so that every check runs. Sends nothing.
import { grantsOf } from '../lib/check/needs.ts';
import { checkConfig } from '../lib/config/check-config.ts';
import type { Config } from '../lib/config/config.ts';
import { runConfigFor } from '../lib/config/run-config.ts';
import { envAndFlag, flagRef } from '../lib/config/settings.ts';
import { UsageError } from '../lib/errors.ts';
import { floorCount, floorText } from '../lib/report/evaluation.ts';
import type { KnownWindow, PlanCheck, PlannedCheck, RunPlan } from '../lib/run/plan-checks.ts';
import { planRun } from '../lib/run/plan-checks.ts';
import { count } from '../lib/words.ts';
import { CONFORMANCE } from '../suites/index.ts';
import { EMBEDDED_RATE_LIMIT } from './run-target.ts';

/** The target's window when it is known before sending: the embedded server's, which the run starts. */
function knownWindow(config: Config): KnownWindow | undefined {
  if (config.target.kind !== 'embedded') return undefined;
  const { limit, windowSeconds } = EMBEDDED_RATE_LIMIT;
  return {
    limit,
    windowSeconds,
    source: `the embedded server's window of ${limit} requests per ${windowSeconds} s`,
  };
}

/**
 * The plan of `checks` with `pending` fresh pending fixtures and `shipped` shipped ones (engine/fixtures.ts counts
 * them: the embedded server brings its own).
 */
export function planFor(
  config: Config,
  checks: readonly PlanCheck[],
  pending: number,
  shipped: number,
): RunPlan {
  const embedded = config.target.kind === 'embedded';
  // The configuration as the checks will read it; the embedded server brings a second key of its own.
  const grants = grantsOf({
    ...checkConfig(runConfigFor(config, '', '')),
    ...(embedded ? { hasSecondKey: true, allowKeyInUrl: true } : {}),
  });
  const plan = planRun(checks, {
    grants,
    cancellable: pending,
    shipped,
    maxRequests: config.maxRequests,
    maxWaitSeconds: config.maxWaitMs / 1000,
    probe: CONFORMANCE.probeCost(knownWindow(config), config.burst),
  });
  const window = knownWindow(config);
  if (!window) return plan;
  // Every window's worth of requests past the first waits for the next window; the probe waits one itself.
  const windows = Math.max(
    Math.ceil(plan.requests / window.limit) - 1,
    plan.longestWaitSeconds === null ? 0 : 1,
  );
  return {
    ...plan,
    limitsWait: {
      seconds: windows * window.windowSeconds,
      how: `up to ${count(plan.requests, 'request')} at ${window.limit} per ${window.windowSeconds} s`,
    },
  };
}

/**
 * Why a certification run cannot be conformant as configured, naming what to provide; undefined when every
 * check is planned to run. A MUST left out is the point; any other check left out counts too, since a
 * certification run is conformant only when every check ran.
 */
export function certificationProblem(config: Config, plan: RunPlan): string | undefined {
  if (config.only.length > 0 || config.skip.length > 0)
    return `a certification run runs every check: drop ${envAndFlag('only')} and ${envAndFlag('skip')}`;
  const out = plan.checks.filter((c) => !c.run);
  if (out.length === 0) return undefined;
  const must = out.filter((c) => c.level === 'MUST');
  return `a certification run must evaluate every check, and ${out.length} would not run (${must.length} MUST: ${firstIds(must)}); provide ${provisions(config, plan, out)}`;
}

const firstIds = (xs: readonly PlannedCheck[]): string =>
  xs
    .slice(0, 4)
    .map((c) => c.id)
    .join(', ') + (xs.length > 4 ? ', …' : '');

/** What to provide so the checks `out` run: the setting each skip's cause names, once each, in check order. */
function provisions(config: Config, plan: RunPlan, out: readonly PlannedCheck[]): string {
  return [...new Set(out.flatMap((c) => (c.skip?.cause.setting ? [c.skip.cause.setting] : [])))]
    .filter((key) => key !== 'skipRateLimitProbe' || config.skipRateLimitProbe)
    .map((key) => {
      const flag = flagRef(key);
      if (key === 'skipRateLimitProbe') return `drop ${flag}`;
      if (key === 'cancellableOrderIds') return `${flag} (${plan.fixtures.pendingForAll} pending orders)`;
      return key === 'maxRequests' ? `${flag} ${plan.budgetForAll} or more` : flag;
    })
    .join(', ');
}

/**
 * Why the run cannot meet its floor of MUST checks evaluated (--min-must-evaluated) as configured, naming what
 * to provide; undefined when the plan meets it (`planned` always does: it is held at the end).
 */
export function floorProblem(config: Config, plan: RunPlan): string | undefined {
  const floor = config.minMustEvaluated;
  if (!floor || floor.kind === 'planned') return undefined;
  const musts = plan.checks.filter((c) => c.level === 'MUST');
  const planned = musts.filter((c) => c.run).length;
  const wanted = floorCount(floor, musts.length, planned);
  if (wanted <= planned) return undefined;
  const setting = `${envAndFlag('minMustEvaluated')} ${floorText(floor)}`;
  if (wanted > musts.length)
    return `${setting} asks for ${wanted} MUST checks evaluated, and only ${musts.length} are selected`;
  const out = musts.filter((c) => !c.run);
  return `${setting} asks for ${wanted} MUST checks evaluated, and the plan runs ${planned} of the ${musts.length} selected (left out: ${firstIds(out)}); provide ${provisions(
    config,
    plan,
    plan.checks.filter((c) => !c.run),
  )}`;
}

/** Refuses, before anything is sent, a plan a certification run or the MUST floor asked for cannot meet. */
export function refuseUnmetPlan(config: Config, plan: RunPlan): void {
  const problem =
    (config.profile === 'certification' ? certificationProblem(config, plan) : undefined) ??
    floorProblem(config, plan);
  if (problem) throw new UsageError(problem);
}
