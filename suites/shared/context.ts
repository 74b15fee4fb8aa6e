// The context every conformance check receives, and the environment that builds it inside the run:
// the shared target facts, the HTTP client, the run's configuration without its keys, and seeded randomness.
import type { CheckDefinition, CheckMeta, SuiteDefinition } from '../../lib/check/model.ts';
import { defineCheck, defineSuite } from '../../lib/check/model.ts';
import { Random } from '../../lib/check/random.ts';
import type { CheckContext } from '../../lib/check/run-check.ts';
import { type CheckConfig, checkConfig } from '../../lib/config/check-config.ts';
import type { HttpClient } from '../../lib/http/client.ts';
import type { Transcript } from '../../lib/http/transcript.ts';
import type { Bound } from '../../lib/run/run.ts';
import type { Runtime } from '../../lib/run/runtime.ts';
import { TargetFacts } from './target.ts';

/** What the suites work with besides the check model: the run's shared client, facts and configuration. */
export interface Tools {
  http: HttpClient;
  target: TargetFacts;
  transcript: Transcript;
  config: CheckConfig;
  random: Random;
  log(line: string): void;
}

export interface Ctx extends CheckContext, Tools {}

export const check = (c: CheckDefinition<Ctx>): CheckDefinition<Ctx> => defineCheck<Ctx>(c);
export const suite = (s: SuiteDefinition<Ctx>): SuiteDefinition<Ctx> => defineSuite<Ctx>(s);

/** Why a check cannot run here, naming the setting that would let it, or undefined. */
export function unmetNeed(
  needs: CheckMeta['needs'],
  config: CheckConfig,
  target: TargetFacts,
  budgetLeft: number,
): string | undefined {
  if (needs.probe && config.skipRateLimitProbe) {
    return 'the rate-limit probe is off (--skip-rate-limit-probe / ORDER_STORE_SKIP_RATE_LIMIT_PROBE)';
  }
  if (needs.cancellable && target.cancellableLeft < needs.cancellable) {
    return `needs ${needs.cancellable} pending order(s) the run may cancel and ${target.cancellableLeft} remain: list them in --cancellable-order-ids / ORDER_STORE_CANCELLABLE_ORDER_IDS`;
  }
  if (needs.shipped && target.shippedIds.length === 0) {
    return 'needs an order known to have shipped: set --shipped-order-ids / ORDER_STORE_SHIPPED_ORDER_IDS';
  }
  if (needs.secondKey && !config.hasSecondKey) {
    return 'needs a second API key: set --second-api-key / ORDER_STORE_SECOND_API_KEY';
  }
  if (needs.requests > budgetLeft) {
    return `needs up to ${needs.requests} requests and ${budgetLeft} remain of the budget: raise --max-requests / ORDER_STORE_MAX_REQUESTS`;
  }
  return undefined;
}

export function bindSuites(runtime: Runtime): Bound<Ctx> {
  const random = new Random(runtime.config.seed);
  const config = checkConfig(runtime.config);
  const target = new TargetFacts(runtime.http, runtime.config, random);
  return {
    unmetNeed: (check) => unmetNeed(check.needs, config, target, runtime.pacer.budgetLeft),
    context: (base) => ({
      ...base,
      http: runtime.http,
      target,
      transcript: runtime.transcript,
      config,
      random,
      log: runtime.log,
    }),
  };
}
