// Assembles the Report from what a run knows at a moment: the facts fixed at start, the verdicts so far,
// and why it could not finish. Called after every check (progress) and once at the end (final).
import type { CheckResult } from '../check/model.ts';
import type { RunSettings } from '../config/run-config.ts';
import { countStatuses, type Report, SPEC_TITLE, SUITE, verdictOf } from './model.ts';

export interface RunFacts {
  runId: string;
  started: Date;
  settings: RunSettings;
  embedded: boolean;
  referenceFaults: string[];
  /** Ids of the checks the selection (--only/--skip) kept, in run order. */
  selected: string[];
  rateLimitProbe: Report['scope']['rateLimitProbe'];
}

export interface RunState {
  results: readonly CheckResult[];
  /** Why the run could not finish (interrupted, a worker crash...). */
  reasons: readonly string[];
  requestsSent: number | null;
  /** false while the run is going: the report then says it is not complete. */
  final: boolean;
}

export function buildReport(facts: RunFacts, state: RunState, ended: Date = new Date()): Report {
  const { settings } = facts;
  const done = new Set(state.results.map((r) => r.id));
  const missing = facts.selected.filter((id) => !done.has(id));
  const incompleteReasons = [...state.reasons];
  if (!state.final) incompleteReasons.push('the run is still in progress or stopped before it finished');
  else if (missing.length > 0) {
    const shown = missing.slice(0, 5).join(', ') + (missing.length > 5 ? ', …' : '');
    incompleteReasons.push(`${missing.length} selected checks have no verdict (${shown})`);
  }
  return {
    reportVersion: 1,
    suite: SUITE,
    spec: SPEC_TITLE,
    runId: facts.runId,
    target: { baseUrl: settings.baseUrl, embedded: facts.embedded, referenceFaults: facts.referenceFaults },
    startedAt: facts.started.toISOString(),
    endedAt: ended.toISOString(),
    durationMs: ended.getTime() - facts.started.getTime(),
    complete: incompleteReasons.length === 0,
    incompleteReasons,
    verdict: verdictOf(state.results, incompleteReasons),
    scope: {
      only: settings.only,
      skip: settings.skip,
      rateLimitProbe: facts.rateLimitProbe,
      checksSelected: facts.selected.length,
    },
    counts: countStatuses(state.results),
    settings: {
      seed: settings.seed,
      maxRequests: settings.maxRequests,
      timeoutMs: settings.timeoutMs,
      maxWaitSeconds: settings.maxWaitMs / 1000,
      propertyRuns: settings.propertyRuns,
      plan: settings.plan ?? null,
      cancellableOrderIds: settings.cancellableOrderIds,
      shippedOrderIds: settings.shippedOrderIds,
      secondApiKey: settings.secondApiKey !== undefined,
      burst: settings.burst,
    },
    requests: { sent: state.requestsSent, budget: settings.maxRequests },
    checks: [...state.results],
  };
}
