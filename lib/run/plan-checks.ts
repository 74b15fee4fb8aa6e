// The generic plan of any checks (engine/run-plan.ts makes this suite's), made before the first request: for
// every selected check, whether it will run or why not (a fixture, a second key, the plan, an opt-in, the
// budget, the wait limit), and what the run may cost. Pure: the checks and what the run has are handed in.
// A check planned to run may still skip at run time.
import type { Level, Needs } from '../check/model.ts';
import { claim, fixturesOf, type Grants, requestsOf, samples, UNMET, unmetNeed } from '../check/needs.ts';
import { limit, type Skip, skipOf } from '../check/skip.ts';
import { flagAndEnv, flagRef } from '../config/settings.ts';

export interface PlanCheck {
  id: string;
  level: Level;
  needs: Needs;
}

/** A rate-limit window known before sending (the embedded server's): Limit requests per window. */
export interface KnownWindow {
  limit: number;
  windowSeconds: number;
  /** Where the window is known from, for the plan's line. */
  source: string;
}

/** What the rate-limit probe will cost, when it can be known before sending (a known window), else unknown. */
export type ProbeCost =
  | { known: true; requests: number; waitSeconds: number; source: string }
  | { known: false; floor: number };

export interface PlanInputs {
  /** What the configuration grants the checks (the run's own reading of it, lib/check/needs.ts). */
  grants: Grants;
  /** Pending fixtures the run may cancel, and shipped ones, as given (or as the embedded server brings). */
  cancellable: number;
  shipped: number;
  maxRequests: number;
  maxWaitSeconds: number;
  probe: ProbeCost;
}

/** A check planned to run that sends a sample of its cases by default and every case under --exhaustive. */
export interface SampledCheck {
  id: string;
  /** Most requests it may send in either mode: its own, and those of the shared sendings that sample. */
  sample: number;
  all: number;
}

export interface PlannedCheck {
  id: string;
  level: Level;
  run: boolean;
  /** Why it will not run (its reason and cause), when it will not. */
  skip?: Skip;
}

/**
 * Pending fixtures a check planned to run takes (its own, or a shared sending's that it is the first to read),
 * and the checks that read what is done with them: the fixture of the first cancel serves every check that
 * reads that cancel.
 */
export interface FixtureUse {
  pending: number;
  /** The check that takes them (the first planned to run that reads the sending). */
  by: string;
  /** The shared sending that takes them, when it is one. */
  sending?: string;
  /** Every check planned to run that reads them, `by` first. */
  serves: string[];
}

/** What the run needs of the fixtures: pending ones it takes (in run order) and shipped ones it reads. */
export interface FixturePlan {
  uses: FixtureUse[];
  /** Pending fixtures the checks planned to run take, in all. */
  pending: number;
  /** Pending fixtures every check would take, were as many given (and the budget no limit). */
  pendingForAll: number;
  /** The checks planned to run that read a shipped fixture (never consumed: a shipped order stays shipped). */
  shippedBy: string[];
}

export interface RunPlan {
  checks: PlannedCheck[];
  /** Most requests the checks planned to run may send (each check's need, the probe's estimate). */
  requests: number;
  /** Longest single wait the run expects (the probe's window), or null when unknown before sending. */
  longestWaitSeconds: number | null;
  /**
   * When the target's window is known before sending (the embedded server's): the most the waits its limits
   * impose can add up to for the requests planned, and how that is reckoned. The run's own closing line says
   * how long it did wait, and why.
   */
  limitsWait?: { seconds: number; how: string };
  /** One line on the probe's cost, as planned. */
  probe: string;
  /** The budget that would let every check run that the configuration otherwise allows. */
  budgetForAll: number;
  /** Whether the run sends every case of the sampling checks (--exhaustive). */
  exhaustive: boolean;
  /** The sampling checks planned to run, with what each sends in either mode. */
  sampled: SampledCheck[];
  /** The most requests the same run would send under --exhaustive, the budget aside. */
  exhaustiveRequests: number;
  /** The fixtures the checks planned to run take and read. */
  fixtures: FixturePlan;
}

export function planRun(checks: readonly PlanCheck[], inputs: PlanInputs): RunPlan {
  const { grants } = inputs;
  const unbounded = { ...inputs, maxRequests: Number.MAX_SAFE_INTEGER };
  const plan = planWithin(checks, inputs);
  const running = new Set(plan.checks.filter((c) => c.run).map((c) => c.id));
  // What a sampling check sends of its own and through the sendings that sample: the order list it reads
  // is the same in both modes, and paid once by whichever check runs first.
  const cost = (c: PlanCheck, exhaustive: boolean) => {
    const fixed = Object.entries(c.needs.shared ?? {}).filter(([, s]) => s.exhaustive === undefined);
    return requestsOf(c.needs, grants.propertyRuns, new Set(fixed.map(([name]) => name)), exhaustive);
  };
  const all = planWithin(checks, { ...unbounded, cancellable: Number.MAX_SAFE_INTEGER });
  return {
    ...plan,
    fixtures: { ...plan.fixtures, pendingForAll: all.fixtures.pending },
    budgetForAll: planWithin(checks, unbounded).requests,
    exhaustive: grants.exhaustive,
    sampled: checks
      .filter((c) => running.has(c.id) && samples(c.needs))
      .map((c) => ({ id: c.id, sample: cost(c, false), all: cost(c, true) })),
    exhaustiveRequests: planWithin(checks, { ...unbounded, grants: { ...grants, exhaustive: true } })
      .requests,
  };
}

type PlanBody = Omit<
  RunPlan,
  'budgetForAll' | 'exhaustive' | 'sampled' | 'exhaustiveRequests' | 'fixtures'
> & {
  fixtures: Omit<FixturePlan, 'pendingForAll'>;
};

/** The name of the use that takes the fixture held back for the checks after the probe (Needs.held). */
export const HELD_FIXTURE = 'held fixture';

/** The fixture uses of the checks planned to run, each pending fixture counted once, to the check that takes it. */
function fixturePlan(checks: readonly PlanCheck[], running: ReadonlySet<string>, holding: boolean) {
  const uses: FixtureUse[] = [];
  const claimed = new Set<string>();
  const run = checks.filter((c) => running.has(c.id));
  const late = run.filter((c) => c.needs.held).map((c) => c.id);
  if (holding && late.length > 0)
    uses.push({ pending: 1, by: late[0]!, sending: HELD_FIXTURE, serves: late });
  for (const c of run) {
    if ((c.needs.cancellable ?? 0) > 0)
      uses.push({ pending: c.needs.cancellable!, by: c.id, serves: [c.id] });
    for (const [name, sending] of Object.entries(c.needs.shared ?? {})) {
      if ((sending.cancellable ?? 0) === 0 || claimed.has(name)) continue;
      claimed.add(name);
      const serves = run.filter((r) => r.needs.shared?.[name] !== undefined).map((r) => r.id);
      uses.push({ pending: sending.cancellable!, by: c.id, sending: name, serves });
    }
  }
  return {
    uses,
    pending: uses.reduce((n, u) => n + u.pending, 0),
    shippedBy: run.filter((c) => c.needs.shipped).map((c) => c.id),
  };
}

function planWithin(checks: readonly PlanCheck[], inputs: PlanInputs): PlanBody {
  const out: PlannedCheck[] = [];
  const probeChecks = checks.filter((c) => c.needs.probe);
  const others = checks.filter((c) => !c.needs.probe);
  let spent = 0;
  const claimed = new Set<string>();
  const skip = (c: PlanCheck, why: Skip) => out.push({ id: c.id, level: c.level, run: false, skip: why });
  const { grants } = inputs;
  // Pending fixtures are handed out in run order, each once: a check that would take more than are left is
  // left out now, by name, rather than skipped halfway through the run.
  // One is held back from the start for the checks after the probe (Needs.held) when at least two are given
  // and a check selected reads it, as the run does (suites/kit/fixture-facts.ts holdBack).
  const holding = inputs.cancellable >= 2 && checks.some((c) => c.needs.held);
  let pendingLeft = inputs.cancellable - (holding ? 1 : 0);
  const supply = (budgetLeft: number) => ({
    ...grants,
    cancellableLeft: pendingLeft,
    // The late checks' fixture is held back from the start when at least two are given (Needs.held).
    held: holding,
    shipped: inputs.shipped,
    budgetLeft,
    claimed,
  });
  for (const c of others) {
    const why = unmetNeed(c.needs, supply(inputs.maxRequests - spent));
    if (why) skip(c, why);
    else {
      out.push({ id: c.id, level: c.level, run: true });
      pendingLeft -= fixturesOf(c.needs, claimed);
      // A property's generated cases take what is left, as they do in the run (lib/check/property.ts).
      spent += Math.min(
        requestsOf(c.needs, grants.propertyRuns, claimed, grants.exhaustive),
        inputs.maxRequests - spent,
      );
      claim(c.needs, claimed);
    }
  }
  // The probe is one sequence: it runs whole or not at all, after everything else.
  const left = inputs.maxRequests - spent;
  const { probe } = inputs;
  let probeWhy: Skip | undefined;
  let probeLine: string;
  let wait: number | null = null;
  if (probeChecks.length === 0) probeLine = 'not selected';
  else if (grants.probeOff) probeLine = `off (${flagRef('skipRateLimitProbe')})`;
  else if (probe.known) {
    if (probe.waitSeconds > inputs.maxWaitSeconds)
      probeWhy = skipOf(
        `exhausting the window would keep the key limited for about ${probe.waitSeconds} s, longer than ${flagRef('maxWaitSeconds')} (${inputs.maxWaitSeconds} s): raise ${flagAndEnv('maxWaitSeconds')} to run the probe`,
        limit('maxWaitSeconds'),
      );
    else if (probe.requests > left) probeWhy = UNMET.budget(probe.requests, Math.max(0, left));
    probeLine = `up to ${probe.requests} requests and a wait of about ${probe.waitSeconds} s (${probe.source})`;
    if (!probeWhy) wait = probe.waitSeconds;
  } else {
    if (probe.floor > left) probeWhy = UNMET.budget(probe.floor, Math.max(0, left));
    probeLine = `at least ${probe.floor} requests; its full cost (about X-RateLimit-Remaining) and wait (until X-RateLimit-Reset) are known after its first response`;
  }
  let probeRequests = 0;
  // What a probe check reads besides the probe (another area's shared sending) is spent as well.
  let probeShared = 0;
  for (const c of probeChecks) {
    const why = probeWhy ?? unmetNeed({ ...c.needs, requests: 0 }, supply(left));
    if (why) skip(c, why);
    else {
      out.push({ id: c.id, level: c.level, run: true });
      probeShared += requestsOf({ ...c.needs, requests: 0 }, grants.propertyRuns, claimed, grants.exhaustive);
      claim(c.needs, claimed);
    }
  }
  if (!probeWhy && !grants.probeOff && probeChecks.length > 0)
    probeRequests = probe.known ? probe.requests : probe.floor;
  const order = new Map(checks.map((c, i) => [c.id, i]));
  out.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return {
    checks: out,
    fixtures: fixturePlan(checks, new Set(out.filter((c) => c.run).map((c) => c.id)), holding),
    requests: spent + probeRequests + probeShared,
    longestWaitSeconds: wait,
    probe: probeWhy ? `not run: ${probeWhy.reason}` : probeLine,
  };
}
