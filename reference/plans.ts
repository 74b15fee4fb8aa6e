// Plans and the fixed windows each one is limited by (spec §8 table). Must not count anything: see rate-limiter.ts.

export type Plan = 'free' | 'pro' | 'business' | 'enterprise';
export const PLANS: readonly Plan[] = ['free', 'pro', 'business', 'enterprise'];

export interface PlanLimits {
  perMinute: number;
  perDay: number;
}

export const PLAN_LIMITS: Readonly<Record<Exclude<Plan, 'enterprise'>, PlanLimits>> = {
  free: { perMinute: 60, perDay: 1000 },
  pro: { perMinute: 300, perDay: 10_000 },
  business: { perMinute: 1000, perDay: 100_000 },
};

/** The spec leaves enterprise values unshown (spec §8 rule 6); these are ours, overridable. */
export const DEFAULT_ENTERPRISE_LIMITS: PlanLimits = { perMinute: 5000, perDay: 500_000 };

export interface WindowSpec {
  limit: number;
  windowMs: number;
}

/** Overrides every plan and the per-address limit with one window (tests use it to reach 429 quickly). */
export interface RateLimitOverride {
  limit: number;
  windowSeconds: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Shortest window first: ties between windows are reported as the first one. */
export function windowsFor(
  plan: Plan,
  enterprise: PlanLimits = DEFAULT_ENTERPRISE_LIMITS,
  override?: RateLimitOverride,
): WindowSpec[] {
  if (override) return [{ limit: override.limit, windowMs: override.windowSeconds * 1000 }];
  const limits = plan === 'enterprise' ? enterprise : PLAN_LIMITS[plan];
  return [
    { limit: limits.perMinute, windowMs: MINUTE_MS },
    { limit: limits.perDay, windowMs: DAY_MS },
  ];
}
