// The run's plan from its configuration, before the target is touched: what it has to meet the checks' needs
// with (read as the run reads it: lib/check/needs.ts grantsOf), what the rate-limit probe will cost when that
// is known (the embedded server's window), and, for a certification run, what to provide so that every check
// runs. Sends nothing.
import { grantsOf } from '../lib/check/needs.ts';
import { checkConfig } from '../lib/config/check-config.ts';
import type { Config } from '../lib/config/config.ts';
import { runConfigFor } from '../lib/config/run-config.ts';
import { envAndFlag, settingOf } from '../lib/config/settings.ts';
import type { KnownWindow, PlanCheck, RunPlan } from '../lib/run/plan.ts';
import { planRun } from '../lib/run/plan.ts';
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

export function planFor(config: Config, checks: readonly PlanCheck[]): RunPlan {
  const embedded = config.target.kind === 'embedded';
  // The configuration as the checks will read it; the embedded server brings a second key of its own.
  const grants = grantsOf({
    ...checkConfig(runConfigFor(config, '', '')),
    ...(embedded ? { hasSecondKey: true } : {}),
  });
  return planRun(checks, {
    grants,
    // The embedded server brings fixtures of both kinds when none are given (six pending ones: two or more
    // let the state checks hold one back, Needs.held).
    cancellable: embedded
      ? Math.max(2, config.cancellableOrderIds.length)
      : config.cancellableOrderIds.length,
    shipped: embedded ? Math.max(1, config.shippedOrderIds.length) : config.shippedOrderIds.length,
    maxRequests: config.maxRequests,
    maxWaitSeconds: config.maxWaitMs / 1000,
    probe: CONFORMANCE.probeCost(knownWindow(config), config.burst),
  });
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
  // What to provide is the setting each skip's cause names, once each, in the order of the checks.
  const provide = [...new Set(out.flatMap((c) => (c.skip?.cause.setting ? [c.skip.cause.setting] : [])))]
    .filter((key) => key !== 'skipRateLimitProbe' || config.skipRateLimitProbe)
    .map((key) => {
      const flag = settingOf(key).flag;
      if (key === 'skipRateLimitProbe') return `drop ${flag}`;
      return key === 'maxRequests' ? `${flag} ${plan.budgetForAll} or more` : flag;
    });
  return `a certification run must evaluate every check, and ${out.length} would not run (${must.length} MUST: ${must
    .slice(0, 4)
    .map((c) => c.id)
    .join(', ')}${must.length > 4 ? ', …' : ''}); provide ${provide.join(', ')}`;
}
