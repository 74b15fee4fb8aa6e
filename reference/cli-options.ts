// Turns the reference command's flags and ORDER_STORE_REFERENCE_* variables into server options; flags win.
// Must not read process.env or files itself, nor start anything: cli.ts passes env in and acts on the result.

import { parseArgs } from 'node:util';
import { PLANS, type Plan } from './plans.ts';
import type { ReferenceServerOptions } from './server.ts';

export class UsageError extends Error {}

export type CliCommand =
  | { kind: 'help' }
  | { kind: 'list-faults' }
  | { kind: 'list-variants' }
  | { kind: 'serve'; options: ReferenceServerOptions; ordersFile: string | undefined };

export const DEFAULT_CLI_PORT = 8080;

/** flag name → environment twin; a flag given on the command line wins over its twin. */
export const SETTINGS = {
  host: 'ORDER_STORE_REFERENCE_HOST',
  port: 'ORDER_STORE_REFERENCE_PORT',
  keys: 'ORDER_STORE_REFERENCE_KEYS',
  orders: 'ORDER_STORE_REFERENCE_ORDERS',
  'rate-limit': 'ORDER_STORE_REFERENCE_RATE_LIMIT',
  'rate-window': 'ORDER_STORE_REFERENCE_RATE_WINDOW',
  ban: 'ORDER_STORE_REFERENCE_BAN',
  'ban-after': 'ORDER_STORE_REFERENCE_BAN_AFTER',
  faults: 'ORDER_STORE_REFERENCE_FAULTS',
  variants: 'ORDER_STORE_REFERENCE_VARIANTS',
  'enterprise-limits': 'ORDER_STORE_REFERENCE_ENTERPRISE_LIMITS',
} as const;

type Setting = keyof typeof SETTINGS;

function integer(text: string, what: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${what} must be an integer from ${min} to ${max} (got "${text}")`);
  }
  return value;
}

function parseKeys(text: string, what: string): Array<{ key: string; plan: Plan }> {
  return text.split(',').map((entry) => {
    const at = entry.lastIndexOf(':');
    const key = entry.slice(0, at).trim();
    const plan = entry.slice(at + 1).trim() as Plan;
    if (at < 1 || key === '' || !PLANS.includes(plan)) {
      throw new UsageError(`${what} must be KEY:PLAN[,KEY:PLAN...] with PLAN one of ${PLANS.join('|')}`);
    }
    return { key, plan };
  });
}

export function parseCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): CliCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    const options = Object.fromEntries(
      Object.keys(SETTINGS).map((name) => [name, { type: 'string' as const }]),
    );
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        ...options,
        help: { type: 'boolean', short: 'h' },
        'list-faults': { type: 'boolean' },
        'list-variants': { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0]}; see --help`);
  }
  if (values.help) return { kind: 'help' };
  if (values['list-faults']) return { kind: 'list-faults' };
  if (values['list-variants']) return { kind: 'list-variants' };

  // Each value remembers where it came from so the error names what to fix.
  const get = (name: Setting): [string, string] | undefined => {
    const flag = values[name];
    if (typeof flag === 'string') return [flag, `--${name}`];
    const fromEnv = env[SETTINGS[name]];
    return fromEnv === undefined || fromEnv === '' ? undefined : [fromEnv, SETTINGS[name]];
  };
  const options: ReferenceServerOptions = { host: get('host')?.[0] ?? '127.0.0.1' };
  const port = get('port');
  options.port = port ? integer(port[0], port[1], 0, 65535) : DEFAULT_CLI_PORT;
  const keys = get('keys');
  if (keys) options.keys = parseKeys(keys[0], keys[1]);
  const limit = get('rate-limit');
  const window = get('rate-window');
  if (limit || window) {
    if (!limit || !window) throw new UsageError('--rate-limit and --rate-window go together; give both');
    options.rateLimit = {
      limit: integer(limit[0], limit[1], 1),
      windowSeconds: integer(window[0], window[1], 1),
    };
  }
  const ban = get('ban');
  if (ban) options.banSeconds = integer(ban[0], ban[1], 1);
  const banAfter = get('ban-after');
  if (banAfter) options.banAfter = integer(banAfter[0], banAfter[1], 1);
  const enterprise = get('enterprise-limits');
  if (enterprise) {
    const [perMinute, perDay, extra] = enterprise[0].split(':');
    if (perMinute === undefined || perDay === undefined || extra !== undefined) {
      throw new UsageError(`${enterprise[1]} must be PER_MINUTE:PER_DAY, e.g. 5000:500000`);
    }
    options.enterpriseLimits = {
      perMinute: integer(perMinute, `${enterprise[1]} PER_MINUTE`, 1),
      perDay: integer(perDay, `${enterprise[1]} PER_DAY`, 1),
    };
  }
  const ids = (text: string) =>
    text
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '');
  const faults = get('faults');
  if (faults) options.faults = ids(faults[0]);
  const variants = get('variants');
  if (variants) options.variants = ids(variants[0]);
  return { kind: 'serve', options, ordersFile: get('orders')?.[0] };
}

export const USAGE = `Usage: order-store-reference [options]
       (npx order-store-reference; in a checkout of this repository: npm run reference -- [options])

Serves the Order Store Service v1 reference implementation until SIGINT/SIGTERM.

Options (each has an environment twin; a flag wins over its twin):
  --host HOST                     ORDER_STORE_REFERENCE_HOST         default 127.0.0.1
  --port N                        ORDER_STORE_REFERENCE_PORT         default ${DEFAULT_CLI_PORT}; 0 = ephemeral
  --keys KEY:PLAN,...             ORDER_STORE_REFERENCE_KEYS         default the demo key on plan free
  --orders FILE                   ORDER_STORE_REFERENCE_ORDERS       default the built-in seed
  --rate-limit N                  ORDER_STORE_REFERENCE_RATE_LIMIT   with --rate-window: one window for all
  --rate-window SECONDS           ORDER_STORE_REFERENCE_RATE_WINDOW  (default: the spec §8 plan table)
  --ban SECONDS                   ORDER_STORE_REFERENCE_BAN          default 600
  --ban-after N                   ORDER_STORE_REFERENCE_BAN_AFTER    default 3 early requests
  --enterprise-limits PM:PD       ORDER_STORE_REFERENCE_ENTERPRISE_LIMITS  default 5000:500000
  --faults ID,...                 ORDER_STORE_REFERENCE_FAULTS       default none
  --variants ID,...               ORDER_STORE_REFERENCE_VARIANTS     default none (choices the spec allows)
  --list-faults                   print the fault catalogue (id TAB rule broken) and exit
  --list-variants                 print the variant catalogue (id TAB clause that allows it) and exit
  -h, --help                      print this help and exit

Plans: ${PLANS.join(', ')}. Bad input exits with status 2.
`;
