// The options of startReferenceServer(), and their check up front, so a bad option fails at start with a
// message, never mid-request. Must not apply defaults: server.ts does that.

import { PLANS, type Plan, type PlanLimits, type RateLimitOverride } from './plans.ts';
import type { SeedOrder } from './seed.ts';

export interface ReferenceServerOptions {
  host?: string;
  port?: number;
  keys?: Array<{ key: string; plan: Plan }>;
  enterpriseLimits?: PlanLimits;
  orders?: SeedOrder[];
  rateLimit?: RateLimitOverride;
  banSeconds?: number;
  banAfter?: number;
  faults?: string[];
  /** Named variants: choices the spec or an RFC allows (see reference/variants/catalogue.ts). */
  variants?: string[];
  clock?: () => number;
  /** Each answer is held this long before it is written, as a distant server's round trip would (tests). */
  delayMs?: number;
  log?: (line: string) => void;
  /** Told when fault orderid-percent-ff-crash brings the server down (the standalone server's process exits). */
  onCrash?: () => void;
}

// RFC 6750 §2.1: a key is sent as a token68, so any other key could never authenticate.
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

function positiveInteger(value: unknown, name: string): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || (value as number) < 1)) {
    throw new Error(`${name} must be a positive integer (got ${String(value)})`);
  }
}

export function checkOptions(options: ReferenceServerOptions): void {
  if (
    options.port !== undefined &&
    (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535)
  ) {
    throw new Error(`port must be an integer from 0 to 65535 (got ${options.port})`);
  }
  if (options.keys !== undefined) {
    if (options.keys.length === 0) throw new Error('keys must name at least one API key');
    const seen = new Set<string>();
    for (const { key, plan } of options.keys) {
      if (typeof key !== 'string' || !TOKEN68.test(key)) {
        throw new Error(
          'each API key must be a non-empty token68 (letters, digits, - . _ ~ + /, then = padding)',
        );
      }
      if (seen.has(key)) throw new Error('an API key is listed twice');
      seen.add(key);
      if (!PLANS.includes(plan))
        throw new Error(`plan must be one of ${PLANS.join(', ')} (got ${String(plan)})`);
    }
  }
  positiveInteger(options.enterpriseLimits?.perMinute, 'enterpriseLimits.perMinute');
  positiveInteger(options.enterpriseLimits?.perDay, 'enterpriseLimits.perDay');
  positiveInteger(options.rateLimit?.limit, 'rateLimit.limit');
  positiveInteger(options.rateLimit?.windowSeconds, 'rateLimit.windowSeconds');
  positiveInteger(options.banSeconds, 'banSeconds');
  positiveInteger(options.banAfter, 'banAfter');
  if (
    options.rateLimit &&
    (options.rateLimit.limit === undefined || options.rateLimit.windowSeconds === undefined)
  ) {
    throw new Error('rateLimit needs both limit and windowSeconds');
  }
}
