// Reads the zoo contract's ZOO_* environment (targets/README.md) into the Fastify target's settings; a
// wrong value or an unknown misconfiguration ends the process (exit 2). It never prints a key.
import { target } from './target.ts';

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
  /** '' for the conformant server, else a name from target.misconfigs. */
  misconfig: string;
}

function fail(message: string): never {
  console.error(`fastify target: ${message}`);
  process.exit(2);
}

function whole(name: string, min: number): number {
  const value = Number(process.env[name]);
  if (!Number.isInteger(value) || value < min) fail(`${name} must be a whole number >= ${min}`);
  return value;
}

export function readConfig(): Config {
  const misconfig = process.env.ZOO_MISCONFIG ?? '';
  if (misconfig !== '' && !Object.hasOwn(target.misconfigs, misconfig))
    fail(`unknown ZOO_MISCONFIG "${misconfig}"; known: ${Object.keys(target.misconfigs).join(', ')}`);
  const host = process.env.ZOO_HOST ?? '';
  if (host !== '127.0.0.1' && host !== '::1') fail('ZOO_HOST must be a loopback address (127.0.0.1 or ::1)');
  const basePath = process.env.ZOO_BASE_PATH || '/v1';
  if (!/^(\/[A-Za-z0-9._~-]+)*\/v1$/.test(basePath)) fail('ZOO_BASE_PATH must be a path ending in /v1');
  const keys = (process.env.ZOO_KEYS ?? '').split(',').filter((k) => k !== '');
  if (keys.length === 0) fail('ZOO_KEYS must name at least one key');
  const seedFile = process.env.ZOO_SEED ?? '';
  if (seedFile === '') fail('ZOO_SEED must name the seed file');
  return {
    host,
    port: whole('ZOO_PORT', 0),
    basePath,
    keys,
    seedFile,
    rateLimit: whole('ZOO_RATE_LIMIT', 1),
    windowSeconds: whole('ZOO_RATE_WINDOW', 1),
    banSeconds: whole('ZOO_BAN_SECONDS', 1),
    banAfter: whole('ZOO_BAN_AFTER', 1),
    misconfig,
  };
}
