// From an empty folder, as a new user meets the package: `npm pack` (its prepack builds dist/ and copies the
// spec in) in a copy of this checkout, the tarball installed into an empty project, then the three ways of use
// from there: the command (--help, a run against the embedded reference), the import (runConformance, types),
// and a vitest file through the adapter. Packed once for the whole file; the checkout's own dist/ is untouched.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listChecks } from '../api/index.ts';
import { ROOT } from './support/cli.ts';
import { reference } from './support/reference.ts';
import { runSample } from './support/sample-project.ts';

const SPEC = join(ROOT, 'spec', 'order-store-service.md');

/** The environment for npm and the installed commands: the test's own, less what `npm test` put in it. */
function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (
      v !== undefined &&
      !/^npm_/i.test(k) &&
      !k.startsWith('ORDER_STORE_') &&
      k !== 'CI' &&
      !k.startsWith('VITEST')
    )
      env[k] = v;
  return { ...env, ...extra };
}

function sh(cmd: string, args: string[], cwd: string, timeout = 120_000) {
  const r = spawnSync(cmd, args, { cwd, env: cleanEnv(), encoding: 'utf8', timeout });
  return { code: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

/** A copy of the checkout's files (tracked and new, not ignored) with nothing beside it, as a clone has. */
function checkoutCopy(): string {
  const base = mkdtempSync(join(tmpdir(), 'osc-pack-'));
  const repo = join(base, 'suite');
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((f) => f !== '' && !f.startsWith('targets/'));
  for (const f of files) {
    mkdirSync(dirname(join(repo, f)), { recursive: true });
    try {
      cpSync(join(ROOT, f), join(repo, f));
    } catch {
      // A file deleted in the working tree but still tracked: not part of the package anyway.
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(repo, 'node_modules'), 'dir');
  return repo;
}

let project = '';
let listing: string[] = [];

beforeAll(() => {
  const repo = checkoutCopy();
  const out = mkdtempSync(join(tmpdir(), 'osc-tarball-'));
  const packed = sh('npm', ['pack', '--pack-destination', out, '--silent'], repo, 180_000);
  expect(packed.code, packed.out).toBe(0);
  const tarball = join(out, readdirSync(out).find((f) => f.endsWith('.tgz'))!);
  listing = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ''));
  project = mkdtempSync(join(tmpdir(), 'osc-empty-'));
  writeFileSync(join(project, 'package.json'), '{"name":"an-implementer","private":true,"type":"module"}\n');
  // The registry is reachable; --prefer-offline takes what npm's cache already holds.
  const installed = sh(
    'npm',
    ['install', tarball, 'vitest@4.1.12', '--prefer-offline', '--no-audit', '--no-fund', '--silent'],
    project,
    240_000,
  );
  expect(installed.code, installed.out).toBe(0);
}, 420_000);

describe('the packed package, installed into an empty project', () => {
  it('holds the build, types, schemas, the spec, README and license, and nothing of the tests', () => {
    for (const f of [
      'package.json',
      'README.md',
      'LICENSE',
      'bin/order-store-conformance.js',
      'dist/cli/main.js',
      'dist/api/index.js',
      'dist/api/index.d.ts',
      'dist/api/vitest.js',
      'dist/api/vitest.d.ts',
      'schemas/report.schema.json',
      'spec/order-store-service.md',
    ])
      expect(listing, f).toContain(f);
    const forbidden = listing.filter((f) =>
      /^(test|targets|bench|\.ci|docs\/generate)|\.test\.|-cases?\.|^tsconfig|biome/.test(f),
    );
    expect(forbidden).toEqual([]);
    const pkg = JSON.parse(
      readFileSync(join(project, 'node_modules', 'order-store-conformance', 'package.json'), 'utf8'),
    );
    expect(pkg.private).toBeUndefined();
  });

  it('runs as a command: --help, and a run against the embedded reference with the spec hashed from the package', () => {
    const help = sh('npx', ['--no-install', 'order-store-conformance', '--help'], project);
    expect(help.code, help.out).toBe(0);
    expect(help.out).toMatch(/^Usage: order-store-conformance/);
    const run = sh('npx', ['--no-install', 'order-store-conformance', '--seed', '1'], project, 120_000);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/Verdict: CONFORMANT/);
    const report = JSON.parse(readFileSync(join(project, 'reports', 'latest', 'report.json'), 'utf8'));
    expect(report.provenance.commit).toBeNull();
    expect(report.provenance.specText).toEqual({
      file: 'spec/order-store-service.md',
      sha256: createHash('sha256').update(readFileSync(SPEC)).digest('hex'),
    });
  }, 120_000);

  it('runs as an import: runConformance and listChecks, with its types (README examples type-check)', () => {
    // The README's examples, as a user would paste them: they must compile against the shipped types.
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const examples = [...readme.matchAll(/\n( *)```ts\n([\s\S]*?)\n\1```/g)].map((m) =>
      m[2]!
        .split('\n')
        .map((l) => l.slice(m[1]!.length))
        .join('\n'),
    );
    const api = examples.find((e) => e.includes("from 'order-store-conformance'"))!;
    const suite = examples.find((e) => e.includes("from 'order-store-conformance/vitest'"))!;
    expect(api.split('\n').length, 'the API example is ten lines').toBeLessThanOrEqual(10);
    writeFileSync(join(project, 'readme-api.ts'), api);
    writeFileSync(join(project, 'readme-vitest.ts'), suite);
    writeFileSync(
      join(project, 'use.ts'),
      `import { listChecks, runConformance, type Report, type Settings } from 'order-store-conformance';
const settings: Settings = { only: ['LIST', 'VER'], skipRateLimitProbe: true, seed: 2 };
const report: Report = await runConformance(settings);
console.log(listChecks(settings).length, report.verdict, report.gate.exitCode);
`,
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          strict: true,
          noEmit: true,
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules', '@types')],
        },
        files: ['use.ts', 'readme-api.ts', 'readme-vitest.ts'],
      }),
    );
    const types = sh(
      process.execPath,
      [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'],
      project,
    );
    expect(types.code, types.out).toBe(0);
    const imported = sh(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import('order-store-conformance'); const r = await m.runConformance({ only: ['LIST', 'VER'], skipRateLimitProbe: true, seed: 2 }); console.log(m.listChecks({ only: ['LIST', 'VER'] }).length, r.verdict, r.gate.exitCode);",
      ],
      project,
    );
    expect(imported.code, imported.out).toBe(0);
    // The packed import lists what the source lists: the same catalogue, whatever its size today.
    const expected = listChecks({ only: ['LIST', 'VER'] }).length;
    expect(expected).toBeGreaterThan(0);
    expect(imported.out.trim()).toBe(`${expected} conformant 0`);
  }, 120_000);

  it('runs as a vitest suite through order-store-conformance/vitest', async () => {
    const server = await reference({ faults: ['list-wrapped'], rateLimit: { limit: 40, windowSeconds: 1 } });
    const run = await runSample(project, join(project, 'node_modules', 'vitest', 'vitest.mjs'), {
      STAGING_URL: server.baseUrl,
      STAGING_KEY: server.demoKey,
      PENDING_IDS: server.fixtures.pending.join(','),
      SHIPPED_IDS: server.fixtures.shipped.join(','),
    });
    expect(run.code, run.output).toBe(1);
    const failed = [...run.tests].filter(([, t]) => t.status === 'failed').map(([n]) => n.split(' ')[0]);
    expect(failed).toContain('LIST-BODY-ARRAY');
    expect([...run.tests.values()].filter((t) => t.status === 'passed').length).toBeGreaterThan(40);
  }, 120_000);
});
