// The conformance suites in the order they run: the spec's contents page, one folder per area (areas.ts),
// except that the rate-limit probe runs after every other sender but the state-over-time look (which waits
// out a window, as the probe does) and the request surface (which sends into the room a window has left
// after them), and the whole-run checks last, when the transcript is complete (ID-MALFORMED-4XX first among
// them, as its sending goes out there when nothing before asked for it; CANCEL-PENDING-204 next, which judges
// the first cancel of every pending fixture). The state area's 401
// refusals go out before the first cancel, whose answer shows they changed nothing.
import { type CheckDefinition, judgesRecordings } from '../lib/check/model.ts';
import type { Conformance } from '../lib/run/run-checks.ts';
import { authentication } from './auth/checks.ts';
import { cancelOrder } from './cancel/checks.ts';
import { cancelWholeRun } from './cancel/whole-run.ts';
import { errorBodies } from './errors/checks.ts';
import { framing } from './http/checks.ts';
import { everyJsonChecks } from './http/every-json.ts';
import { surfaceSuite } from './http/surface.ts';
import { bindSuites, type Ctx, suite } from './kit/context.ts';
import { listOrders } from './list/checks.ts';
import { everyListChecks } from './list/every-list.ts';
import { orderIdProperties } from './order-id/checks.ts';
import { malformedWholeRun } from './order-id/whole-run.ts';
import { deprecatedPets } from './pets/checks.ts';
import { rateLimitBuckets } from './rate-limit/buckets/checks.ts';
import { rateLimitHeadersSuite } from './rate-limit/headers/checks.ts';
import { everyRateLimitChecks } from './rate-limit/headers/every-once.ts';
import { rateLimitProbe } from './rate-limit/probe/checks.ts';
import { probeCost } from './rate-limit/probe/cost.ts';
import { stateBeforeFirstCancel, stateOverTime } from './state/checks.ts';
import { versioning } from './versioning/checks.ts';

/**
 * Every response, not the first: each area's requirements on a kind of response judged on every response of
 * that kind in the whole run, with the first offending exchange as evidence and the count judged. Runs with
 * the whole-run suites, last; sends nothing.
 */
const everyResponse = suite({
  id: 'EVERY',
  title: 'Every response (whole run)',
  spec: 'spec §1, §2, §4 listOrders, §8 rule 1; RFC 9110 §5.3, §8.3',
  checks: [...everyListChecks, ...everyJsonChecks, ...everyRateLimitChecks],
});

export const SUITES = [
  listOrders,
  stateBeforeFirstCancel,
  cancelOrder,
  orderIdProperties,
  authentication,
  deprecatedPets,
  versioning,
  rateLimitProbe,
  stateOverTime,
  surfaceSuite,
  malformedWholeRun,
  cancelWholeRun,
  errorBodies,
  everyResponse,
  rateLimitHeadersSuite,
  rateLimitBuckets,
  framing,
];

/**
 * The checks that take a pending fixture the plan left untaken, when one is left as they run, in run order:
 * the race's partner, then the cancel with a query (suites/http/query-id.ts).
 */
export const SPARE_TAKERS = ['STATE-CANCEL-RACE', 'HTTP-CANCEL-PATH-ID'] as const;

export const ALL_CHECKS = SUITES.flatMap((s) => s.checks.map((c) => ({ ...c, suite: s.title })));

/** What the run engine runs: the suites, how they bind to one run, and what the rate-limit probe costs. */
export const CONFORMANCE: Conformance<Ctx> = {
  suites: SUITES,
  bind: (runtime) => bindSuites(runtime, ALL_CHECKS),
  probeCost,
};

/** How a recording (judge, proxy) shows a check: its judge, or none when only this suite's own sending can. */
export interface Recording {
  judge?: (ctx: Ctx) => Promise<void>;
  /** The traffic that would show it, for the report's "not observed". */
  shows: string;
  /** It reads X-RateLimit-* per credential bucket: exchanges of a credential beyond the two keys stay out. */
  buckets?: true;
}

/** How a recording shows a check, from its declaration (lib/check/model.ts: `judge` and `recorded`). */
export function recordingOf(check: CheckDefinition<Ctx>): Recording {
  if (judgesRecordings(check))
    return {
      judge: check.judge,
      shows: check.recorded.shows,
      ...(check.recorded.buckets ? { buckets: true } : {}),
    };
  return { shows: 'only' in check.recorded ? check.recorded.only : check.recorded.shows };
}

// What the engine reads of suites/ besides the checks, all of it through this page: the rule catalogue, the
// passive run's pieces (a recording made into a context, the judges' not-observed), the fixtures' readings.
export type { Ctx } from './kit/context.ts';
export { proofIn, proofText } from './kit/delete-gate.ts';
export { refusalOf } from './kit/front-refusal.ts';
export { namedIds } from './kit/id-readings.ts';
export { atInt64Edge, handoutOrder, isolationPair } from './kit/isolation-pair.ts';
export { credentialsOf, type EntryCredentials } from './kit/recorded-credentials.ts';
export { relativeTo, splitUrl } from './kit/routes.ts';
export { EDGE_FIXTURE_CHECKS, EDGE_SENDING } from './kit/saturation.ts';
export { heldFixtureOf } from './kit/target-facts.ts';
export { NOT_OBSERVED, NotObserved } from './kit/traffic.ts';
export { bindTraffic } from './kit/traffic-bind.ts';
export type { LoadedTraffic } from './kit/traffic-load.ts';
export { loadTraffic } from './kit/traffic-load.ts';
export { SPEC_RULES } from './spec-rules.ts';
