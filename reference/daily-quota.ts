// Fault ratelimit-headers-daily-quota: the X-RateLimit-* fields describe the key's day quota (the plan's
// requests per day, a day window opened by its first request) while the limiter enforces its shorter window.
// Must not decide anything: the limiter's verdict stands, only the numbers shown change.
import { DEFAULT_ENTERPRISE_LIMITS, PLAN_LIMITS, type Plan } from './plans.ts';
import type { Verdict } from './rate-limiter.ts';

const DAY_MS = 86_400_000;

/** Each server's day counts (keyed by its limiter), per key: when the day opened, and how many were served. */
const quotas = new WeakMap<object, Map<string, { openedMs: number; used: number }>>();

/** The verdict as a middleware reading the day counter would show it: the day's Limit, Remaining and Reset. */
export function dailyQuotaShown(
  owner: object,
  key: string,
  plan: Plan,
  now: number,
  verdict: Verdict,
): Verdict {
  let byKey = quotas.get(owner);
  if (!byKey) {
    byKey = new Map();
    quotas.set(owner, byKey);
  }
  let day = byKey.get(key);
  if (!day || now >= day.openedMs + DAY_MS) {
    day = { openedMs: now, used: 0 };
    byKey.set(key, day);
  }
  if (verdict.outcome === 'allowed') day.used += 1;
  const perDay = plan === 'enterprise' ? DEFAULT_ENTERPRISE_LIMITS.perDay : PLAN_LIMITS[plan].perDay;
  const resetMs = day.openedMs + DAY_MS;
  return {
    ...verdict,
    report: {
      ...verdict.report,
      limit: perDay,
      remaining: Math.max(0, perDay - day.used),
      resetMs,
      windowMs: DAY_MS,
      firstResetMs: resetMs,
    },
  };
}
