// The Koa target's settings, read once from the ZOO_* environment (targets/README.md).
// It never prints a key; an unknown ZOO_MISCONFIG ends the process with exit 2 before anything listens.

/** The misconfigurations this target knows (target.ts describes each and the checks that catch it). */
export const MISCONFIGS = [
  'retry-after-truncated',
  'memory-without-db',
  'default-onerror',
  'parseint-ids',
] as const;
export type Misconfig = (typeof MISCONFIGS)[number];

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
  misconfig: Misconfig | undefined;
}

export function readConfig(env: NodeJS.ProcessEnv): Config {
  const misconfig = env.ZOO_MISCONFIG ?? '';
  if (misconfig !== '' && !(MISCONFIGS as readonly string[]).includes(misconfig)) {
    console.error(`koa target: unknown ZOO_MISCONFIG "${misconfig}"; known: ${MISCONFIGS.join(', ')}`);
    process.exit(2);
  }
  return {
    host: env.ZOO_HOST ?? '127.0.0.1',
    port: whole(env.ZOO_PORT ?? '0', 'ZOO_PORT'),
    basePath: (env.ZOO_BASE_PATH ?? '/v1').replace(/\/+$/, ''),
    keys: (env.ZOO_KEYS ?? '').split(',').filter((k) => k !== ''),
    seedFile: required(env.ZOO_SEED, 'ZOO_SEED'),
    rateLimit: whole(env.ZOO_RATE_LIMIT ?? '60', 'ZOO_RATE_LIMIT'),
    windowSeconds: whole(env.ZOO_RATE_WINDOW ?? '60', 'ZOO_RATE_WINDOW'),
    banSeconds: whole(env.ZOO_BAN_SECONDS ?? '60', 'ZOO_BAN_SECONDS'),
    banAfter: whole(env.ZOO_BAN_AFTER ?? '1', 'ZOO_BAN_AFTER'),
    misconfig: misconfig === '' ? undefined : (misconfig as Misconfig),
  };
}

function whole(text: string, name: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 0) {
    console.error(`koa target: ${name} must be a whole number`);
    process.exit(2);
  }
  return n;
}

function required(value: string | undefined, name: string): string {
  if (!value) {
    console.error(`koa target: ${name} is required`);
    process.exit(2);
  }
  return value;
}
