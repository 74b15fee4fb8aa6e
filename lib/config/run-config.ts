// What a conformance run hands to the checks: the resolved target and the options they act on. Plain JSON,
// so it can be recorded as it is.
import type { Config } from './config.ts';

/** The options of Config the checks act on, carried over unchanged. */
export const CARRIED = [
  'secondApiKey',
  'cancellableOrderIds',
  'shippedOrderIds',
  'only',
  'skip',
  'timeoutMs',
  'maxRequests',
  'maxWaitMs',
  'maxResponseBytes',
  'seed',
  'propertyRuns',
  'replayPath',
  'skipRateLimitProbe',
  'plan',
  'burst',
  'trustOrderList',
  'allowKeyInUrl',
  'refusedKeyIsFailure',
] as const satisfies readonly (keyof Config)[];

export type RunConfig = Pick<Config, (typeof CARRIED)[number]> & { baseUrl: string; apiKey: string };

/** The settings for a run of `config` against the target at `baseUrl` with `apiKey`. */
export function runConfigFor(config: Config, baseUrl: string, apiKey: string): RunConfig {
  const carried: Partial<RunConfig> = {};
  for (const key of CARRIED) if (config[key] !== undefined) Object.assign(carried, { [key]: config[key] });
  return { ...(carried as Pick<Config, (typeof CARRIED)[number]>), baseUrl, apiKey };
}
