// What a run records and prints before its first request: the facts its report opens with (the selection,
// the plan, the embedded server's choices, a --baseline read and checked) and the console's opening lines.
import { readFileSync } from 'node:fs';
import type { Config } from '../lib/config/config.ts';
import { envAndFlag, flagAndEnv } from '../lib/config/settings.ts';
import { errorMessage, UsageError } from '../lib/errors.ts';
import { proxyFor } from '../lib/http/dispatcher.ts';
import { parseBaseline } from '../lib/report/baseline.ts';
import type { RunFacts } from '../lib/report/build.ts';
import { planLines } from '../lib/report/console.ts';
import { newRunId, SUITE } from '../lib/report/model.ts';
import type { ReportWriter } from '../lib/report/write.ts';
import type { RunPlan } from '../lib/run/plan-checks.ts';
import { count } from '../lib/words.ts';
import { ALL_CHECKS, SPEC_RULES } from '../suites/index.ts';
import type { CatalogueRow } from './catalogue.ts';
import { type FixtureAccount, fixtureLines } from './fixtures.ts';
import type { RunTarget } from './run-target.ts';

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
export function runFacts(
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
    ...(config.minMustEvaluated ? { floor: config.minMustEvaluated, chosen: config.chosen } : {}),
  };
}

/** The faults and variants the embedded server runs with, for the first line of the console. */
function embeddedChoices(facts: RunFacts): string {
  const faults = facts.referenceFaults;
  const variants = facts.referenceVariants ?? [];
  return `${faults.length > 0 ? `; faults: ${faults.join(',')}` : ''}${variants.length > 0 ? `; variants: ${variants.join(',')}` : ''}`;
}

/** The lines that open the run's console, before its first request. */
export function openingLines(
  facts: RunFacts,
  writer: ReportWriter | undefined,
  fixtures: FixtureAccount,
): string[] {
  const { config } = facts;
  const proxy = proxyFor(config.baseUrl, config.proxy);
  return [
    `order-store-conformance ${SUITE.version}: ${count(facts.selected.length, 'check')} against ${config.baseUrl}${facts.embedded ? ` (embedded reference server${embeddedChoices(facts)})` : ''}`,
    ...(facts.embedded
      ? [
          `  embedded: ${flagAndEnv('baseUrl')} is not set, so the demo reference server this run started on this machine is tested, not yours`,
        ]
      : []),
    `  seed ${config.seed}; request budget ${config.maxRequests}; ${writer ? `reports in ${writer.dir}` : 'no report files written'}`,
    ...(proxy !== undefined
      ? [`  through the proxy ${new URL(proxy).origin} (HTTP_PROXY, HTTPS_PROXY, NO_PROXY)`]
      : []),
    ...planLines(facts.plan, config.maxRequests),
    ...fixtureLines(fixtures),
  ];
}
