// Reads the ZOO_* environment (targets/README.md) into the node:http target's settings, once, at start.
// Refuses what it cannot run (an unknown ZOO_MISCONFIG, a non-loopback host): the caller exits 2.
// Never holds a key anywhere but `keys`, and never prints one.

/** The misconfigurations this target ships, each a real way a hand-written node:http server goes wrong. */
export const MISCONFIGS = [
  'number-ids',
  'bigint-loose',
  'reset-ms',
  'limit-after-auth',
  'send-helper-204',
] as const;
export type MisconfigName = (typeof MISCONFIGS)[number];

export interface Config {
  host: string;
  port: number;
  basePath: string;
  keys: string[];
  seedFile: string;
  rateLimit: number;
  windowSeconds: number;
  banSeconds: number;
  banAfter: number;
  misconfig: MisconfigName | undefined;
  tls: { cert: string; key: string } | undefined;
}

export class ConfigError extends Error {}

const LOOPBACK = new Set(['127.0.0.1', '::1']);

export function readConfig(env: NodeJS.ProcessEnv): Config {
  const host = env.ZOO_HOST ?? '127.0.0.1';
  if (!LOOPBACK.has(host)) throw new ConfigError(`ZOO_HOST must be 127.0.0.1 or ::1, not ${host}`);
  const basePath = env.ZOO_BASE_PATH ?? '/v1';
  if (!/^(\/[A-Za-z0-9._~-]+)*\/v1$/.test(basePath))
    throw new ConfigError(`ZOO_BASE_PATH must be a path ending in /v1, not ${basePath}`);
  const keys = (env.ZOO_KEYS ?? '').split(',').filter((k) => k !== '');
  // token68 (RFC 9110 §11.2): anything else could never arrive in an Authorization header as we parse it.
  if (keys.length === 0 || !keys.every((k) => /^[A-Za-z0-9\-._~+/]+=*$/.test(k)))
    throw new ConfigError('ZOO_KEYS must list one or more token68 keys');
  const seedFile = env.ZOO_SEED;
  if (!seedFile) throw new ConfigError('ZOO_SEED must name the seed file');
  const misconfig = env.ZOO_MISCONFIG ?? '';
  if (misconfig !== '' && !(MISCONFIGS as readonly string[]).includes(misconfig))
    throw new ConfigError(`unknown ZOO_MISCONFIG ${misconfig}; known: ${MISCONFIGS.join(', ')}`);
  const cert = env.ZOO_TLS_CERT;
  const key = env.ZOO_TLS_KEY;
  if (Boolean(cert) !== Boolean(key)) throw new ConfigError('ZOO_TLS_CERT and ZOO_TLS_KEY go together');
  return {
    host,
    port: whole(env, 'ZOO_PORT', 0, 0),
    basePath,
    keys,
    seedFile,
    rateLimit: whole(env, 'ZOO_RATE_LIMIT', 60, 1),
    windowSeconds: whole(env, 'ZOO_RATE_WINDOW', 60, 1),
    banSeconds: whole(env, 'ZOO_BAN_SECONDS', 60, 1),
    banAfter: whole(env, 'ZOO_BAN_AFTER', 1, 1),
    misconfig: misconfig === '' ? undefined : (misconfig as MisconfigName),
    tls: cert && key ? { cert, key } : undefined,
  };
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min)
    throw new ConfigError(`${name} must be a whole number >= ${min}`);
  return Number(raw);
}
