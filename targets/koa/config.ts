// The Koa target's settings: the zoo contract's ZOO_* environment (../zoo-contract.ts), read once, with
// the misconfigurations this target knows. An unknown ZOO_MISCONFIG ends the process with exit 2.
import { readZooEnv, type ZooEnv } from '../zoo-contract.ts';

/** The misconfigurations this target knows (target.ts describes each and the checks that catch it). */
export const MISCONFIGS = [
  'retry-after-truncated',
  'memory-without-db',
  'default-onerror',
  'parseint-ids',
] as const;
export type Misconfig = (typeof MISCONFIGS)[number];

export type Config = ZooEnv<Misconfig>;

export function readConfig(env: NodeJS.ProcessEnv): Config {
  return readZooEnv('koa', MISCONFIGS, env);
}
