// What a check may read of the run's configuration: the RunConfig without the keys, and whether a second key
// was given. Checks never see a key: the HTTP client alone holds them.
import type { RunConfig } from './run-config.ts';

/**
 * The configuration a check may read: everything but the keys themselves, and the extra headers and proxies
 * (the client sends them; a header's value may be a secret too).
 */
export type CheckConfig = Omit<RunConfig, 'apiKey' | 'secondApiKey' | 'headers' | 'proxy'> & {
  hasSecondKey: boolean;
};

export function checkConfig(config: RunConfig): CheckConfig {
  const { apiKey: _key, secondApiKey, headers: _headers, proxy: _proxy, ...rest } = config;
  return { ...rest, hasSecondKey: secondApiKey !== undefined };
}
