// What one conformance run is configured with once its target is resolved: the base URL and the keys, and
// the options of Config the run acts on. It holds the keys: the runtime reads it, the checks get check-config.ts,
// and the report records chosen fields of it, never the whole.
import type { Config } from './config.ts';

/** The options of Config the checks act on, carried over unchanged. */
export const CARRIED = [
  'secondApiKey',
  'cancellableOrderIds',
  'shippedOrderIds',
  'shownPending',
  'only',
  'skip',
  'timeoutMs',
  'maxRequests',
  'maxWaitMs',
  'maxResponseBytes',
  'maxHeaderBytes',
  'caFile',
  'seed',
  'propertyRuns',
  'exhaustive',
  'surfaceWindows',
  'replayPath',
  'consistencySeconds',
  'skipRateLimitProbe',
  'plan',
  'burst',
  'trustOrderList',
  'allowKeyInUrl',
  'refusedKeyIsFailure',
  'headers',
  'proxy',
] as const satisfies readonly (keyof Config)[];

export type RunConfig = Omit<Pick<Config, (typeof CARRIED)[number]>, 'headers'> &
  Partial<Pick<Config, 'headers'>> & { baseUrl: string; apiKey: string };

/** The settings for a run of `config` against the target at `baseUrl` with `apiKey`. */
export function runConfigFor(config: Config, baseUrl: string, apiKey: string): RunConfig {
  const carried: Partial<RunConfig> = {};
  for (const key of CARRIED) if (config[key] !== undefined) Object.assign(carried, { [key]: config[key] });
  return { ...(carried as Pick<Config, (typeof CARRIED)[number]>), baseUrl, apiKey };
}
