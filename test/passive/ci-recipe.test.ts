// docs/ci.md's proxy recipe stays true: the workflow parses, its proxy command line takes only settings the
// proxy knows (from the flags and the step's environment), it publishes the JUnit of run folders only, and
// its script gates on the tests and the proxy alike; and the script itself, run as written by the runner's
// `bash -e` (on a free port) against the reference server, stops the proxy and gets its reports.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SETTINGS } from '../../lib/config/settings.ts';
import { loadTrafficConfig } from '../../lib/config/traffic-config.ts';
import { BIN, ROOT } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

const doc = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
const recipe = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map(
  (m) => parse(m[1]!) as Record<string, unknown>,
)[5]!;

type Step = { run?: string; env?: Record<string, string>; with?: Record<string, string> };
const steps = (recipe as { jobs: Record<string, { steps: Step[] }> }).jobs['e2e-with-conformance']!.steps;

describe("docs/ci.md's proxy recipe", () => {
  const step = steps.find((s) => s.run?.includes('order-store-conformance proxy'))!;
  const script = step.run!.split('\n').filter(Boolean);

  it('starts the proxy with settings it knows, the key and target from the CI system', () => {
    const line = script.find((l) => l.includes(' proxy '))!;
    const words = line.split('>')[0]!.trim().split(/\s+/);
    // The bin itself, so that `$!` is the proxy (npx would keep the SIGINT in its own shell).
    expect(words.slice(0, 2)).toEqual(['node_modules/.bin/order-store-conformance', 'proxy']);
    const args = words.slice(2);
    // What the CI system would put in each variable.
    const samples: Record<string, string> = {
      ORDER_STORE_PROXY_TARGET: 'https://staging.example.com',
      ORDER_STORE_API_KEY: 'osk_sample_key',
      ORDER_STORE_SHIPPED_ORDER_IDS: '900',
    };
    const env = Object.fromEntries(Object.keys(step.env!).map((k) => [k, samples[k] ?? 'x']));
    for (const k of Object.keys(step.env!).filter((x) => x.startsWith('ORDER_STORE_')))
      expect(
        SETTINGS.map((s) => s.env as string),
        k,
      ).toContain(k);
    const config = loadTrafficConfig(args, 'proxy', { env, cwd: ROOT });
    expect(config).toMatchObject({ target: 'https://staging.example.com', port: 8081 });
    expect(step.env!.ORDER_STORE_API_KEY).toMatch(/^\$\{\{ secrets\./);
    expect(step.env!.API_BASE_URL).toBe('http://127.0.0.1:8081/v1');
  });

  it('stops it with SIGINT after the tests, and fails the job on either', () => {
    expect(script.findIndex((l) => l.startsWith('npm test'))).toBeLessThan(
      script.findIndex((l) => l.includes('kill -INT')),
    );
    expect(script.at(-1)).toBe('exit $(( tests != 0 ? tests : conformance ))');
  });

  it('publishes the JUnit of the run folders, never reports/latest twice', () => {
    expect(steps.find((s) => s.with?.report_paths)!.with!.report_paths).toBe('reports/[0-9]*/junit.xml');
  });
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The user's project: the suite installed in node_modules/.bin, and an `npm test` that calls the API. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'osc-e2e-recipe-'));
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(BIN, join(dir, 'node_modules', '.bin', 'order-store-conformance'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'e2e', private: true, scripts: { test: 'node e2e.mjs' } }),
  );
  writeFileSync(
    join(dir, 'e2e.mjs'),
    [
      "const url = process.env.API_BASE_URL + '/store/orders';",
      "const r = await fetch(url, { headers: { authorization: 'Bearer ' + process.env.ORDER_STORE_API_KEY } });",
      'await r.arrayBuffer();',
      'process.exit(r.status === 200 && !process.env.E2E_FAIL ? 0 : 1);',
    ].join('\n'),
  );
  return dir;
}

describe("docs/ci.md's proxy recipe, run as written", () => {
  const step = steps.find((s) => s.run?.includes('order-store-conformance proxy'))!;

  it.each([
    ['pass', 0],
    ['fail', 1],
  ] as const)(
    'when the tests %s, stops the proxy, writes its run folder and exits as it says',
    {
      timeout: 60_000,
    },
    async (tests, exitCode) => {
      const server = await reference();
      const port = String(await freePort());
      const cwd = project();
      const script = step.run!.replaceAll('8081', port);
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        HOME: cwd,
        ORDER_STORE_PROXY_TARGET: new URL(server.baseUrl).origin,
        ORDER_STORE_API_KEY: server.demoKey,
        ORDER_STORE_SHIPPED_ORDER_IDS: server.fixtures.shipped.join(','),
        API_BASE_URL: step.env!.API_BASE_URL!.replace('8081', port),
        ...(tests === 'fail' ? { E2E_FAIL: '1' } : {}),
      };
      // As GitHub runs a `run:` step: bash -e, its own process group so nothing it leaves can hide.
      const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
        cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => {
        output += d.toString();
      });
      child.stderr.on('data', (d: Buffer) => {
        output += d.toString();
      });
      const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 45_000);
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      clearTimeout(timer);
      expect(code, output).toBe(exitCode);
      const runs = readdirSync(join(cwd, 'reports')).filter((f) => /^[0-9]/.test(f));
      expect(runs, output).toHaveLength(1);
      expect(existsSync(join(cwd, 'reports', runs[0]!, 'junit.xml'))).toBe(true);
      expect(output).toMatch(/stopping \(SIGINT\)/);
      expect(output).toMatch(/Verdict: CONFORMANT \(passive\)/);
    },
  );
});
