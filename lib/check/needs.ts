// Whether a check's needs are met, and the reason (naming the setting that would meet them) when they are
// not. Shared by the run (before each check) and the plan (before anything is sent), so both say the same.
import type { Needs, Sending } from './model.ts';

/** What the run has to meet needs with. */
export interface Supply {
  /** Generated cases per property (--property-runs). */
  propertyRuns: number;
  /** The shared sendings a check that ran earlier already paid for (Needs.shared). */
  claimed: ReadonlySet<string>;
  cancellableLeft: number;
  shipped: number;
  secondKey: boolean;
  plan: boolean;
  burst: boolean;
  probeOff: boolean;
  budgetLeft: number;
}

export const NEED_REASONS = {
  probeOff: 'the rate-limit probe is off (--skip-rate-limit-probe / ORDER_STORE_SKIP_RATE_LIMIT_PROBE)',
  shipped: 'needs an order known to have shipped: set --shipped-order-ids / ORDER_STORE_SHIPPED_ORDER_IDS',
  secondKey: 'needs a second API key: set --second-api-key / ORDER_STORE_SECOND_API_KEY',
  plan: "needs the key's plan: set --plan / ORDER_STORE_PLAN",
  burst: 'opt-in, as it spends a whole window at once: --burst / ORDER_STORE_BURST',
  cancellable: (n: number, left: number) =>
    `needs ${n} pending order(s) the run may cancel and ${left} remain: list them in --cancellable-order-ids / ORDER_STORE_CANCELLABLE_ORDER_IDS`,
  budget: (n: number, left: number) =>
    `needs up to ${n} requests and ${left} remain of the budget: raise --max-requests / ORDER_STORE_MAX_REQUESTS`,
};

const costOf = (s: Sending, propertyRuns: number) => s.requests + (s.generated ? propertyRuns : 0);

/**
 * The most requests a check may still send: its own, one per generated case of its property, and each shared
 * sending it reads that no earlier check claimed. An upper bound, as the plan's counts are.
 */
export function requestsOf(needs: Needs, propertyRuns: number, claimed: ReadonlySet<string>): number {
  let n = costOf(needs, propertyRuns);
  for (const [name, sending] of Object.entries(needs.shared ?? {}))
    if (!claimed.has(name)) n += costOf(sending, propertyRuns);
  return n;
}

/** Marks the shared sendings of a check that runs as paid for, so later checks do not count them again. */
export function claim(needs: Needs, claimed: Set<string>): void {
  for (const name of Object.keys(needs.shared ?? {})) claimed.add(name);
}

/** Why a check with `needs` cannot run with `supply`, or undefined when it can. */
export function unmetNeed(needs: Needs, supply: Supply): string | undefined {
  if (needs.probe && supply.probeOff) return NEED_REASONS.probeOff;
  if (needs.cancellable && supply.cancellableLeft < needs.cancellable)
    return NEED_REASONS.cancellable(needs.cancellable, supply.cancellableLeft);
  if (needs.shipped && supply.shipped === 0) return NEED_REASONS.shipped;
  if (needs.secondKey && !supply.secondKey) return NEED_REASONS.secondKey;
  if (needs.plan && !supply.plan) return NEED_REASONS.plan;
  if (needs.optIn === 'burst' && !supply.burst) return NEED_REASONS.burst;
  // Generated cases are cut to fit (Sending.generated): the fixed part must fit.
  const requests = requestsOf(needs, 0, supply.claimed);
  if (requests > supply.budgetLeft) return NEED_REASONS.budget(requests, supply.budgetLeft);
  return undefined;
}
