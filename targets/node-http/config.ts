// Reads the ZOO_* environment (targets/README.md) into the node:http target's settings, once, at start: the
// zoo contract's variables (../zoo-contract.ts) and this target's own TLS pair. Refuses what it cannot run
// (the contract's refusals exit 2; a half TLS pair throws ConfigError). Never prints a key.
import { readZooEnv, type ZooEnv } from '../zoo-contract.ts';

/** The misconfigurations this target ships, each a real way a hand-written node:http server goes wrong. */
export const MISCONFIGS = [
  'number-ids',
  'bigint-loose',
  'reset-ms',
  'limit-after-auth',
  'send-helper-204',
] as const;
export type MisconfigName = (typeof MISCONFIGS)[number];

export interface Config extends ZooEnv<MisconfigName> {
  tls: { cert: string; key: string } | undefined;
}

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv): Config {
  const cert = env.ZOO_TLS_CERT;
  const key = env.ZOO_TLS_KEY;
  if (Boolean(cert) !== Boolean(key)) throw new ConfigError('ZOO_TLS_CERT and ZOO_TLS_KEY go together');
  return { ...readZooEnv('node-http', MISCONFIGS, env), tls: cert && key ? { cert, key } : undefined };
}
