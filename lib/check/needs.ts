// Whether a check's needs are met, and the skip (its reason naming the setting that would meet them, and its
// cause) when they are not. Shared by the run (before each check) and the plan (before anything is sent), so
// both say the same.
import type { CheckConfig } from '../config/check-config.ts';
import { flagAndEnv } from '../config/settings.ts';
import { count } from '../words.ts';
import type { Needs, Sending } from './model.ts';
import { input, limit, type Skip, skipOf } from './skip.ts';

/** What the run has to meet needs with. */
export interface Supply {
  /** Generated cases per property (--property-runs). */
  propertyRuns: number;
  /** Every case of the sampling checks is sent (--exhaustive), not their default sample. */
  exhaustive: boolean;
  /** The shared sendings a check that ran earlier already paid for (Needs.shared). */
  claimed: ReadonlySet<string>;
  cancellableLeft: number;
  /** Whether a pending fixture is held back for the late checks (Needs.held). */
  held: boolean;
  shipped: number;
  secondKey: boolean;
  keyPlan: boolean;
  burst: boolean;
  probeOff: boolean;
  /** The live key may go into a URL (--allow-key-in-url, or the embedded target). */
  keyInUrl: boolean;
  budgetLeft: number;
}

/** What the configuration grants the checks, whatever the run has spent: one reading for the plan and the run. */
export type Grants = Pick<
  Supply,
  'propertyRuns' | 'exhaustive' | 'secondKey' | 'keyPlan' | 'burst' | 'probeOff' | 'keyInUrl'
>;

export function grantsOf(config: CheckConfig): Grants {
  return {
    propertyRuns: config.propertyRuns,
    exhaustive: config.exhaustive,
    secondKey: config.hasSecondKey,
    keyPlan: config.plan !== undefined,
    burst: config.burst,
    probeOff: config.skipRateLimitProbe,
    keyInUrl: config.allowKeyInUrl,
  };
}

/** The skip of each unmet need; the reasons name their setting from the settings table. */
export const UNMET = {
  probeOff: skipOf(
    `the rate-limit probe is off (${flagAndEnv('skipRateLimitProbe')})`,
    input('skipRateLimitProbe'),
  ),
  shipped: skipOf(
    `needs an order known to have shipped: set ${flagAndEnv('shippedOrderIds')}`,
    input('shippedOrderIds'),
  ),
  secondKey: skipOf(`needs a second API key: set ${flagAndEnv('secondApiKey')}`, input('secondApiKey')),
  held: skipOf(
    `needs a pending order held back for after the rate-limit probe, beside the one the early checks cancel: list at least two in ${flagAndEnv('cancellableOrderIds')}`,
    input('cancellableOrderIds'),
  ),
  keyPlan: skipOf(`needs the key's plan: set ${flagAndEnv('plan')}`, input('plan')),
  burst: skipOf(`opt-in, as it spends a whole window at once: ${flagAndEnv('burst')}`, input('burst')),
  keyInUrl: skipOf(
    `opt-in, as it puts the live key in a URL, which access logs, proxies and APM tools keep: ${flagAndEnv('allowKeyInUrl')}`,
    input('allowKeyInUrl'),
  ),
  cancellable: (n: number, left: number): Skip =>
    skipOf(
      `needs ${count(n, 'pending order')} the run may cancel and ${left} remain: list them in ${flagAndEnv('cancellableOrderIds')}`,
      input('cancellableOrderIds'),
    ),
  budget: (n: number, left: number): Skip =>
    skipOf(
      `needs up to ${n} requests and ${left} remain of the budget: raise ${flagAndEnv('maxRequests')}`,
      limit('maxRequests'),
    ),
};

const costOf = (s: Sending, propertyRuns: number, exhaustive: boolean) =>
  (exhaustive ? (s.exhaustive ?? s.requests) : s.requests) + (s.generated ? propertyRuns : 0);

/**
 * The most requests a check may still send: its own, one per generated case of its property, and each shared
 * sending it reads that no earlier check claimed; every case of a sampling check under --exhaustive, its
 * sample otherwise. An upper bound, as the plan's counts are.
 */
export function requestsOf(
  needs: Needs,
  propertyRuns: number,
  claimed: ReadonlySet<string>,
  exhaustive = false,
): number {
  let n = costOf(needs, propertyRuns, exhaustive);
  for (const [name, sending] of Object.entries(needs.shared ?? {}))
    if (!claimed.has(name)) n += costOf(sending, propertyRuns, exhaustive);
  return n;
}

/** Whether a check sends a sample by default and more under --exhaustive (itself, or a sending it reads). */
export function samples(needs: Needs): boolean {
  return [needs, ...Object.values(needs.shared ?? {})].some(
    (s) => s.exhaustive !== undefined && s.exhaustive !== s.requests,
  );
}

/**
 * The fixtures a check still needs: its own, and those of each shared sending it reads that no earlier check
 * claimed (one that was sent already took them for every reader).
 */
export function fixturesOf(needs: Needs, claimed: ReadonlySet<string>): number {
  let n = needs.cancellable ?? 0;
  for (const [name, sending] of Object.entries(needs.shared ?? {}))
    if (!claimed.has(name)) n += sending.cancellable ?? 0;
  return n;
}

/** Marks the shared sendings of a check that runs as paid for, so later checks do not count them again. */
export function claim(needs: Needs, claimed: Set<string>): void {
  for (const name of Object.keys(needs.shared ?? {})) claimed.add(name);
}

/** Why a check with `needs` cannot run with `supply`, or undefined when it can. */
export function unmetNeed(needs: Needs, supply: Supply): Skip | undefined {
  if (needs.probe && supply.probeOff) return UNMET.probeOff;
  const fixtures = fixturesOf(needs, supply.claimed);
  if (fixtures > 0 && supply.cancellableLeft < fixtures)
    return UNMET.cancellable(fixtures, supply.cancellableLeft);
  if (needs.held && !supply.held) return UNMET.held;
  if (needs.shipped && supply.shipped === 0) return UNMET.shipped;
  if (needs.secondKey && !supply.secondKey) return UNMET.secondKey;
  if (needs.keyPlan && !supply.keyPlan) return UNMET.keyPlan;
  if (needs.optIn === 'burst' && !supply.burst) return UNMET.burst;
  if (needs.keyInUrl && !supply.keyInUrl) return UNMET.keyInUrl;
  // Generated cases are cut to fit (Sending.generated): the fixed part must fit.
  const requests = requestsOf(needs, 0, supply.claimed, supply.exhaustive);
  if (requests > supply.budgetLeft) return UNMET.budget(requests, supply.budgetLeft);
  return undefined;
}
