// Unit tests of the reference command's settings: flags, environment twins, defaults, and what bad input says.

import { describe, expect, it } from 'vitest';
import { parseCli, UsageError } from './cli-options.ts';

const serve = (argv: string[], env: Record<string, string> = {}) => {
  const command = parseCli(argv, env);
  if (command.kind !== 'serve') throw new Error(`expected serve, got ${command.kind}`);
  return command;
};

describe('parseCli', () => {
  it('defaults to 127.0.0.1:8080 with the built-in seed and no overrides', () => {
    expect(serve([])).toEqual({
      kind: 'serve',
      options: { host: '127.0.0.1', port: 8080 },
      ordersFile: undefined,
    });
  });

  it('reads every flag', () => {
    const command = serve([
      '--host=0.0.0.0',
      '--port',
      '0',
      '--keys',
      'k1-abcdefgh:pro, k2-abcdefgh:enterprise',
      '--orders',
      'seed.json',
      '--rate-limit',
      '5',
      '--rate-window',
      '2',
      '--ban',
      '30',
      '--ban-after',
      '1',
      '--enterprise-limits',
      '10:100',
      '--faults',
      'list-wrapped, auth-any-token',
    ]);
    expect(command).toEqual({
      kind: 'serve',
      ordersFile: 'seed.json',
      options: {
        host: '0.0.0.0',
        port: 0,
        keys: [
          { key: 'k1-abcdefgh', plan: 'pro' },
          { key: 'k2-abcdefgh', plan: 'enterprise' },
        ],
        rateLimit: { limit: 5, windowSeconds: 2 },
        banSeconds: 30,
        banAfter: 1,
        enterpriseLimits: { perMinute: 10, perDay: 100 },
        faults: ['list-wrapped', 'auth-any-token'],
      },
    });
  });

  it('reads the environment twins, and a flag wins over its twin', () => {
    const env = {
      ORDER_STORE_REFERENCE_HOST: '::1',
      ORDER_STORE_REFERENCE_PORT: '9000',
      ORDER_STORE_REFERENCE_KEYS: 'envkey-123456:business',
      ORDER_STORE_REFERENCE_ORDERS: 'env.json',
      ORDER_STORE_REFERENCE_RATE_LIMIT: '3',
      ORDER_STORE_REFERENCE_RATE_WINDOW: '4',
      ORDER_STORE_REFERENCE_BAN: '5',
      ORDER_STORE_REFERENCE_BAN_AFTER: '6',
      ORDER_STORE_REFERENCE_FAULTS: 'pets-no-auth',
      ORDER_STORE_REFERENCE_ENTERPRISE_LIMITS: '7:8',
    };
    expect(serve([], env)).toEqual({
      kind: 'serve',
      ordersFile: 'env.json',
      options: {
        host: '::1',
        port: 9000,
        keys: [{ key: 'envkey-123456', plan: 'business' }],
        rateLimit: { limit: 3, windowSeconds: 4 },
        banSeconds: 5,
        banAfter: 6,
        enterpriseLimits: { perMinute: 7, perDay: 8 },
        faults: ['pets-no-auth'],
      },
    });
    expect(serve(['--port', '1234', '--faults', 'list-wrapped'], env).options).toMatchObject({
      port: 1234,
      faults: ['list-wrapped'],
    });
  });

  it('recognises --help, -h, --list-faults and --list-variants', () => {
    expect(parseCli(['--help'], {}).kind).toBe('help');
    expect(parseCli(['-h'], {}).kind).toBe('help');
    expect(parseCli(['--list-faults'], {}).kind).toBe('list-faults');
    expect(parseCli(['--list-variants'], {}).kind).toBe('list-variants');
  });

  it('reads --variants, and ORDER_STORE_REFERENCE_VARIANTS when the flag is absent', () => {
    const flag = parseCli(['--variants', 'json-charset, chunked-list'], {
      ORDER_STORE_REFERENCE_VARIANTS: 'empty-store',
    });
    expect(flag.kind === 'serve' && flag.options.variants).toEqual(['json-charset', 'chunked-list']);
    const env = parseCli([], { ORDER_STORE_REFERENCE_VARIANTS: 'empty-store' });
    expect(env.kind === 'serve' && env.options.variants).toEqual(['empty-store']);
  });

  it.each([
    [['--bogus'], /--bogus/],
    [['positional'], /positional/],
    [['--port', '70000'], /--port must be an integer from 0 to 65535 \(got "70000"\)/],
    [['--port', '80x'], /--port must be an integer/],
    [['--rate-limit', '5'], /--rate-limit and --rate-window go together/],
    [['--rate-limit', '0', '--rate-window', '2'], /--rate-limit must be an integer from 1/],
    [['--ban=-1'], /--ban must be an integer/],
    [['--ban', '-1'], /--ban.*ambiguous/],
    [['--ban-after', '0'], /--ban-after must be an integer from 1/],
    [['--keys', 'nokey'], /--keys must be KEY:PLAN/],
    [['--keys', 'k:gold'], /PLAN one of free\|pro\|business\|enterprise/],
    [['--enterprise-limits', '5'], /--enterprise-limits must be PER_MINUTE:PER_DAY/],
    [['--enterprise-limits', '5:x'], /PER_DAY must be an integer/],
  ])('refuses %j with a message saying what to fix', (argv, message) => {
    expect(() => parseCli(argv, {})).toThrow(UsageError);
    expect(() => parseCli(argv, {})).toThrow(message);
  });

  it('names the environment variable when the bad value came from it', () => {
    expect(() => parseCli([], { ORDER_STORE_REFERENCE_BAN_AFTER: 'many' })).toThrow(
      /ORDER_STORE_REFERENCE_BAN_AFTER/,
    );
  });
});
