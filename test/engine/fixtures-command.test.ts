// Fixtures minted per run: --fixtures-command runs the user's command before the first request with the number
// of pending orders the plan needs, and the run takes what it prints as if given; a failing or malformed command
// is exit 2 with nothing sent; the key is never added to its environment. The API's `fixtures` function is the
// same. Five runs in a row against one standalone reference server, each on fixtures minted for it, all pass.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runConformance, UsageError } from '../../api/index.ts';
import { DEFAULT_ORDERS } from '../../reference/seed.ts';
import { checkOf, ROOT, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

const QUICK = [
  '--skip-rate-limit-probe',
  '--only',
  'LIST,CANCEL,ID,STATE-401',
  '--property-runs',
  '1',
  '--seed',
  '4',
];
const PATH = process.env.PATH ?? '/usr/bin:/bin';

/** A shell script in a fresh folder, executable; returns its path and the folder. */
function script(body: string): { file: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'osc-mint-'));
  const file = join(dir, 'mint.sh');
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return { file, dir };
}

/** The reference server's fixture ids as strings. */
const ids = (server: { fixtures: { pending: string[]; shipped: string[] } }) => server.fixtures;

describe('--fixtures-command', () => {
  it('gets the number needed as $1 and in ORDER_STORE_FIXTURES_NEEDED, never the key; its ids are taken as given', async () => {
    const server = await reference();
    const { pending, shipped } = ids(server);
    // Integers and strings alike, 2^53 + 1 written as an integer: read exactly.
    const printed = `{"cancellable": [${pending.map((id, i) => (i % 2 ? `"${id}"` : id)).join(', ')}], "shipped": [${shipped.join(', ')}]}`;
    const { file, dir } = script(`echo "$1" > "$OUT/arg"\nenv > "$OUT/env"\necho '${printed}'`);
    // The key only in an env file: the command's environment is the run's own, which does not hold it.
    const envFile = join(dir, 'conformance.env');
    writeFileSync(envFile, `ORDER_STORE_API_KEY=${server.demoKey}\n`);
    const { ORDER_STORE_API_KEY: _key, ORDER_STORE_CANCELLABLE_ORDER_IDS: _p, ...env } = targetEnv(server);
    const run = await runCliInProcess([...QUICK, '--env-file', envFile, '--fixtures-command', file], {
      env: { ...env, ORDER_STORE_SHIPPED_ORDER_IDS: '', PATH, OUT: dir },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const needed = Number(readFileSync(join(dir, 'arg'), 'utf8').trim());
    expect(needed).toBe(run.report!.fixtures!.pending.neededForAll);
    const seen = readFileSync(join(dir, 'env'), 'utf8');
    expect(seen).toContain(`ORDER_STORE_FIXTURES_NEEDED=${needed}`);
    expect(seen).not.toContain(server.demoKey);
    expect(run.stdout).toMatch(
      new RegExp(
        `fixtures minted for this run \\(--fixtures-command\\): asked for ${needed} pending, got ${pending.length} pending and ${shipped.length} shipped`,
      ),
    );
    expect(run.report!.fixtures!.pending.given).toEqual(pending);
    expect(run.report!.fixtures!.shipped.given).toEqual(shipped);
    expect(checkOf(run, 'CANCEL-PENDING-204').status).toBe('pass');
  });

  it('a failing command is exit 2 with the first line of its stderr, escaped; nothing is sent', async () => {
    const server = await reference();
    const { file } = script(`printf 'seed failed: \\033[31mno database\\n  at line 2\\n' >&2\nexit 3`);
    const run = await runCliInProcess([...QUICK, '--fixtures-command', file], {
      env: { ...targetEnv(server), PATH },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `order-store-conformance: the fixtures command (ORDER_STORE_FIXTURES_COMMAND (--fixtures-command)) failed (exit 3; stderr: "seed failed: \\\\x1b[31mno database"); nothing was sent\n`,
    );
    expect(server.stats().requests).toBe(0);
  });

  it('a command that echoes the key it was given in its environment: the error quotes it redacted', async () => {
    const server = await reference();
    const { file } = script('echo "login failed for $ORDER_STORE_API_KEY" >&2\nexit 1');
    const run = await runCliInProcess([...QUICK, '--fixtures-command', file], {
      env: { ...targetEnv(server), PATH },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('login failed for $ORDER_STORE_API_KEY');
    expect(run.stderr).not.toContain(server.demoKey);
    expect(server.stats().requests).toBe(0);
  });

  it('a command that prints no fixtures JSON, or an id that is none, is exit 2; nothing is sent', async () => {
    const server = await reference();
    for (const [body, said] of [
      ['echo "seeded 5 orders"', /printed no JSON \("seeded 5 orders"\)/],
      [`echo '{"cancellable": [1.5]}'`, /gave "1\.5" in "cancellable", no int64 id/],
      [`echo '[1, 2]'`, /gave no JSON object/],
    ] as const) {
      const run = await runCliInProcess([...QUICK, '--fixtures-command', script(body).file], {
        env: { ...targetEnv(server), PATH },
      });
      expect(run.code, body).toBe(2);
      expect(run.stderr, body).toMatch(said);
    }
    expect(server.stats().requests).toBe(0);
  });
});

describe("the API's fixtures function", () => {
  it('is asked for the number needed; what it returns is taken, and a throw or a bad shape is a UsageError', async () => {
    const server = await reference();
    const base = {
      baseUrl: server.baseUrl,
      apiKey: server.demoKey,
      trustOrderList: true,
      skipRateLimitProbe: true,
      only: ['LIST', 'CANCEL'],
      seed: 4,
    };
    let asked = 0;
    const report = await runConformance(base, {
      fixtures: (needed) => {
        asked = needed;
        return { cancellable: server.fixtures.pending.map(BigInt), shipped: server.fixtures.shipped };
      },
    });
    expect(asked).toBeGreaterThan(0);
    expect(report.gate.exitCode).toBe(0);
    expect(report.fixtures!.pending.given).toEqual(server.fixtures.pending);
    await expect(
      runConformance(base, {
        fixtures: () => {
          throw new Error('no seeding database\nstack');
        },
      }),
    ).rejects.toThrow(/the fixtures function failed: "no seeding database"; nothing was sent/);
    await expect(runConformance(base, { fixtures: () => ({ cancellable: ['x'] }) })).rejects.toBeInstanceOf(
      UsageError,
    );
    expect(server.stats().requests).toBe(report.requests.sent);
  });
});

// The standalone reference server (the command users start with npm run reference), its store seeded with a
// pool of pending orders, and a fixtures command that hands out the next ones of the pool to each run.
let standalone: ReturnType<typeof spawn> | undefined;
afterEach(() => {
  standalone?.kill('SIGTERM');
  standalone = undefined;
});

async function startStandalone(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'order-store-reference.js'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH },
  });
  standalone = child;
  let out = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the reference server did not start: ${out}`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Base URL: (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.stderr!.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('exit', (code) => reject(new Error(`the reference server exited ${code}: ${out}`)));
  });
}

describe('five runs in a row on fixtures minted for each', () => {
  it('against one standalone reference server, every run exits 0', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'osc-five-'));
    // The built-in seed (its shipped orders and the ids past 2^53) and forty more pending orders.
    const pool = Array.from({ length: 40 }, (_, i) => 5000 + i);
    const orders = [
      ...DEFAULT_ORDERS.map((o) => ({ ...o, id: String(o.id), petId: String(o.petId) })),
      ...pool.map((id) => ({
        id: String(id),
        petId: String(id + 1),
        quantity: 1,
        shipDate: '2026-12-01T10:00:00Z',
        complete: false,
        status: 'pending',
      })),
    ];
    // Written with the ids as bare integers, as the orders file wants them.
    writeFileSync(
      join(dir, 'orders.json'),
      JSON.stringify(orders).replace(/"(id|petId)":"(\d+)"/g, '"$1":$2'),
    );
    writeFileSync(join(dir, 'pool.txt'), `${pool.join('\n')}\n`);
    // Takes the first $1 ids of the pool, leaves the rest for the next run.
    const { file } = script(
      [
        'cd "$POOL_DIR"',
        'head -n "$1" pool.txt > taken.txt',
        'tail -n +"$(($1 + 1))" pool.txt > rest.txt && mv rest.txt pool.txt',
        `[ -s taken.txt ] || { echo "the pool is empty" >&2; exit 1; }`,
        `printf '{"cancellable": [%s], "shipped": [42]}\\n' "$(paste -sd, taken.txt)"`,
      ].join('\n'),
    );
    const baseUrl = await startStandalone([
      '--port',
      '0',
      '--orders',
      join(dir, 'orders.json'),
      '--rate-limit',
      '1000',
      '--rate-window',
      '2',
    ]);
    const env = {
      ORDER_STORE_BASE_URL: baseUrl,
      ORDER_STORE_API_KEY: 'osk_demo_4f7c2a9e1b3d5f60a8c4',
      ORDER_STORE_TRUST_ORDER_LIST: 'true',
      ORDER_STORE_FIXTURES_COMMAND: file,
      POOL_DIR: dir,
    };
    const cwd = mkdtempSync(join(tmpdir(), 'osc-five-runs-'));
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      // In process, as the other runs here: what the five share is the standalone server and the pool.
      const run = await runCliInProcess(['--skip-rate-limit-probe', '--seed', String(i + 1)], {
        env: { ...env, PATH },
        cwd,
      });
      expect(run.code, `run ${i + 1}\n${run.stdout}\n${run.stderr}`).toBe(0);
      for (const c of run.report!.fixtures!.consumed) {
        expect(seen.has(c.id), `${c.id} consumed twice`).toBe(false);
        seen.add(c.id);
      }
    }
  });
});
