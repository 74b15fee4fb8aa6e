// What a check may read of the run's configuration: the RunConfig without the keys, and whether a second key
// was given. Checks never see a key: the HTTP client alone holds them.
import type { RunConfig } from './run-config.ts';

/** The configuration a check may read: everything but the keys themselves. */
export type CheckConfig = Omit<RunConfig, 'apiKey' | 'secondApiKey'> & { hasSecondKey: boolean };

export function checkConfig(config: RunConfig): CheckConfig {
  const { apiKey: _key, secondApiKey, ...rest } = config;
  return { ...rest, hasSecondKey: secondApiKey !== undefined };
}
