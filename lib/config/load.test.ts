import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.ts';
import { checkBaseUrl } from './credentials.ts';
import { helpText } from './help.ts';
import { loadConfig } from './load.ts';
import { renderSettings } from './setting-words.ts';
import { SETTINGS } from './settings.ts';

const cwd = () => mkdtempSync(join(tmpdir(), 'osc-config-'));
const BASE = 'https://api.example.com/shop/v1';

/** A message as the command prints it: settings by flag and variable. */
const cli = (text: string) => renderSettings(text, 'cli');

function usage(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    // In the command's words, as it prints them.
    return cli((e as Error).message);
  }
  throw new Error('expected a UsageError');
}

describe('loadConfig', () => {
  it('targets the embedded reference server when no base URL is set', () => {
    const c = loadConfig([], { env: {}, cwd: cwd(), random: () => 0.5 });
    expect(c.target).toEqual({ kind: 'embedded', faults: [], variants: [] });
    expect(c.seed).toBe(2 ** 30);
    expect(c.maxRequests).toBe(400);
    expect(c.timeoutMs).toBe(10_000);
    expect(c.maxWaitMs).toBe(120_000);
  });

  it('reads flags over environment variables over the dotenv file', () => {
    const dir = cwd();
    writeFileSync(
      join(dir, '.env'),
      'ORDER_STORE_BASE_URL=http://127.0.0.1:1/v1\nORDER_STORE_API_KEY=from-file\nORDER_STORE_MAX_REQUESTS=5\nORDER_STORE_SEED=1\n',
    );
    const c = loadConfig(['--seed', '3'], {
      env: { ORDER_STORE_MAX_REQUESTS: '9', ORDER_STORE_SEED: '2' },
      cwd: dir,
    });
    expect(c.target).toEqual({ kind: 'url', baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'from-file' });
    expect(c.maxRequests).toBe(9);
    expect(c.seed).toBe(3);
    expect(c.envFile).toBe(join(dir, '.env'));
  });

  it('takes a value starting with a minus sign and a digit, as an id list starting with a negative id does', () => {
    const ids = '-9223372036854775808,1001';
    for (const argv of [['--cancellable-order-ids', ids], [`--cancellable-order-ids=${ids}`]]) {
      const c = loadConfig(['--base-url', BASE, ...argv], { env: { ORDER_STORE_API_KEY: 'k' }, cwd: cwd() });
      expect(c.cancellableOrderIds).toEqual(['-9223372036854775808', '1001']);
    }
    // Only after an option that takes a value: a flag of its own is still one, a misspelt one still refused.
    expect(usage(() => loadConfig(['--exhaustive', '-5'], { env: {}, cwd: cwd() }))).toMatch(/-5/);
    expect(usage(() => loadConfig(['--seed', '--exhaustive'], { env: {}, cwd: cwd() }))).toMatch(/--seed/);
  });

  it('reads an explicit --env-file and refuses a missing one', () => {
    const dir = cwd();
    writeFileSync(join(dir, 'staging.env'), 'ORDER_STORE_ONLY=list,auth\n');
    expect(loadConfig(['--env-file', 'staging.env'], { env: {}, cwd: dir }).only).toEqual(['LIST', 'AUTH']);
    expect(usage(() => loadConfig(['--env-file', 'nope.env'], { env: {}, cwd: dir }))).toMatch(
      /nope\.env.*does not exist/,
    );
  });

  it('accepts --flag=value and boolean env twins', () => {
    const c = loadConfig([`--base-url=${BASE}`, '--api-key=k3y-value'], {
      env: { ORDER_STORE_SKIP_RATE_LIMIT_PROBE: 'yes', ORDER_STORE_BURST: '0' },
      cwd: cwd(),
    });
    expect(c.skipRateLimitProbe).toBe(true);
    expect(c.burst).toBe(false);
  });

  it('says what to fix for every misconfiguration', () => {
    const env = {};
    const dir = cwd();
    expect(usage(() => loadConfig(['--base-url', BASE], { env, cwd: dir }))).toMatch(
      /missing API key: set ORDER_STORE_API_KEY/,
    );
    expect(usage(() => loadConfig(['--base-url', 'not-a-url', '--api-key', 'k'], { env, cwd: dir }))).toMatch(
      /not an absolute URL/,
    );
    expect(
      usage(() => loadConfig(['--base-url', 'https://h/api', '--api-key', 'k'], { env, cwd: dir })),
    ).toMatch(/must end with the version segment \/v1.*https:\/\/h\/api\/v1/);
    expect(
      usage(() => loadConfig(['--base-url', 'ftp://h/v1', '--api-key', 'k'], { env, cwd: dir })),
    ).toMatch(/http or https/);
    expect(usage(() => loadConfig(['--cancellable-order-ids', '7,x'], { env, cwd: dir }))).toMatch(
      /int64 order ids.*"x"/,
    );
    expect(usage(() => loadConfig(['--shipped-order-ids', '007'], { env, cwd: dir }))).toMatch(/"007"/);
    expect(usage(() => loadConfig(['--plan', 'gold'], { env, cwd: dir }))).toMatch(
      /free, pro, business, enterprise/,
    );
    expect(usage(() => loadConfig(['--max-requests', '0'], { env, cwd: dir }))).toMatch(/at least 1/);
    expect(usage(() => loadConfig(['--timeout-ms', 'soon'], { env, cwd: dir }))).toMatch(
      /ORDER_STORE_TIMEOUT_MS/,
    );
    expect(usage(() => loadConfig(['--no-such-flag'], { env, cwd: dir }))).toMatch(/no-such-flag.*--help/);
    expect(
      usage(() => loadConfig(['--burst'], { env: { ORDER_STORE_SKIP_RATE_LIMIT_PROBE: 'maybe' }, cwd: dir })),
    ).toMatch(/true or false/);
    expect(usage(() => loadConfig(['--replay-path', 'ID-X'], { env, cwd: dir }))).toMatch(/CHECK-ID:PATH/);
    expect(
      usage(() =>
        loadConfig(['--base-url', BASE, '--api-key', 'same-key', '--second-api-key', 'same-key'], {
          env,
          cwd: dir,
        }),
      ),
    ).toMatch(/different key/);
  });

  it('never puts the key in a message', () => {
    const key = 'osk_secret_should_not_leak_1234';
    const msg = usage(() =>
      loadConfig(['--base-url', 'https://h/nope', '--api-key', key], { env: {}, cwd: cwd() }),
    );
    expect(msg).not.toContain(key);
  });

  it('warns, without stopping, about plain http to a remote host and ignored settings', () => {
    const c = loadConfig(
      ['--base-url', 'http://staging.example.com/v1', '--api-key', 'k', '--reference-faults', 'list-wrapped'],
      {
        env: {},
        cwd: cwd(),
      },
    );
    expect(cli(c.warnings.join('\n'))).toMatch(/clear text.*staging\.example\.com/);
    expect(cli(c.warnings.join('\n'))).toMatch(/--reference-faults applies to the embedded/);
    expect(cli(loadConfig(['--api-key', 'k'], { env: {}, cwd: cwd() }).warnings.join('\n'))).toMatch(
      /ORDER_STORE_API_KEY is ignored/,
    );
    const embedded = loadConfig(['--second-api-key', 'k2-value'], { env: {}, cwd: cwd() });
    expect(embedded.secondApiKey).toBeUndefined();
    expect(cli(embedded.warnings.join('\n'))).toMatch(/ORDER_STORE_SECOND_API_KEY is ignored/);
  });

  it('normalises a trailing slash and keeps loopback http quiet', () => {
    const warnings: string[] = [];
    expect(checkBaseUrl('http://127.0.0.1:8080/v1/', warnings)).toBe('http://127.0.0.1:8080/v1');
    expect(warnings).toEqual([]);
  });
});

describe('help', () => {
  it('lists every setting with its environment twin', () => {
    const text = helpText();
    for (const s of SETTINGS) {
      expect(text).toContain(s.flag);
      expect(text).toContain(s.env);
    }
    expect(text).toMatch(
      /0 conformant .*, 1 non-conformant .*\n.*, 2 usage or configuration error .*, 3 incomplete/,
    );
  });
});
