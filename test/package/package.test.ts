// From an empty folder, as a new user meets the project and then the package: a `git clone` with nothing beside
// it installs from the npm cache (`npm ci`), type-checks, runs the README's quick start against the embedded
// reference and packs (`npm pack`); the tarball, installed into an empty project, is then used the three ways:
// the command (--help, --env-file through npx, a run), the import (runConformance, the types, the README's
// example in a project made as the README says), and a vitest file through the adapter. Packed once per file.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listChecks } from '../../api/index.ts';
import { ROOT } from '../support/cli.ts';
import { cloneWorkingTree, sh } from '../support/clone.ts';
import { reference } from '../support/reference.ts';
import { runSample } from '../support/sample-project.ts';

const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

let clone = '';
let commit = '';
let project = '';
let listing: string[] = [];
/** What the clone did after its install: the type-check and the README's quick start, run side by side. */
let checked: { code: number | null; out: string };
let quickStart: { code: number | null; out: string };
/** What the project's install of the tarball printed (warnings and errors). */
let installOut = '';

beforeAll(async () => {
  ({ dir: clone, commit } = cloneWorkingTree());
  // As the README's quick start says, from the npm cache as CI has it after its own `npm ci`.
  const installed = await sh('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], clone, 300_000);
  expect(installed.code, installed.out).toBe(0);
  const out = mkdtempSync(join(tmpdir(), 'osc-tarball-'));
  const packed = await sh('npm', ['pack', '--pack-destination', out, '--silent'], clone, 180_000);
  expect(packed.code, packed.out).toBe(0);
  const tarball = join(out, readdirSync(out).find((f) => f.endsWith('.tgz'))!);
  listing = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ''));
  project = mkdtempSync(join(tmpdir(), 'osc-empty-'));
  writeFileSync(join(project, 'package.json'), '{"name":"an-implementer","private":true,"type":"module"}\n');
  // The clone's checks and the project's install are independent: side by side.
  let install: { code: number | null; out: string };
  [checked, quickStart, install] = await Promise.all([
    sh(
      process.execPath,
      [join(clone, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', '.'],
      clone,
      300_000,
    ),
    sh('npm', ['run', 'conformance', '--', '--seed', '1'], clone, 180_000),
    // The registry is reachable; --prefer-offline takes what npm's cache already holds.
    sh(
      'npm',
      [
        'install',
        tarball,
        'vitest@4.1.12',
        '@types/node@20.19.43',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--loglevel',
        'warn',
      ],
      project,
      240_000,
    ),
  ]);
  expect(install.code, install.out).toBe(0);
  installOut = install.out;
}, 600_000);

describe('a clone with nothing beside it', () => {
  it('installs from the npm cache, type-checks, runs the quick start against the embedded reference, packs', () => {
    expect(checked.code, checked.out).toBe(0);
    expect(quickStart.code, quickStart.out).toBe(0);
    expect(quickStart.out).toMatch(/Verdict: CONFORMANT/);
    const report = JSON.parse(readFileSync(join(clone, 'reports', 'latest', 'report.json'), 'utf8'));
    // The spec the verdict was judged against is the clone's own, hashed, with the commit it came from.
    expect(report.provenance.commit).toBe(commit);
    expect(report.provenance.dirty).toBe(false);
    expect(report.provenance.specText).toEqual({
      file: 'spec/order-store-service.md',
      sha256: sha256(join(clone, 'spec', 'order-store-service.md')),
    });
    expect(listing.length).toBeGreaterThan(0);
  });
});

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
    // Nothing to build in an installed package: no `prepare`, so npm 11 has no install script to warn about.
    expect(pkg.scripts?.prepare).toBeUndefined();
    expect(installOut).not.toMatch(/install-scripts|allowScripts/);
    // Its runtime dependencies are all a run loads: no ajv (validators are generated), no dev dependency.
    expect(readdirSync(join(project, 'node_modules'))).not.toContain('ajv');
  });

  it('runs as a command: --help, --env-file through npx, a run with the spec hashed from the package', async () => {
    const help = await sh('npx', ['--no-install', 'order-store-conformance', '--help'], project);
    expect(help.code, help.out).toBe(0);
    expect(help.out).toMatch(/^Usage: order-store-conformance/);
    // Node 20 takes --env-file for its own when it comes before the script: the bin ends Node's options first.
    writeFileSync(
      join(project, 'staging.env'),
      'ORDER_STORE_SKIP_RATE_LIMIT_PROBE=true\nORDER_STORE_SEED=1\n',
    );
    const run = await sh(
      'npx',
      ['--no-install', 'order-store-conformance', '--env-file', 'staging.env'],
      project,
    );
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/Verdict: CONFORMANT/);
    expect(run.out).toMatch(/seed 1; /);
    const report = JSON.parse(readFileSync(join(project, 'reports', 'latest', 'report.json'), 'utf8'));
    expect(report.provenance.commit).toBeNull();
    expect(report.provenance.specText).toEqual({
      file: 'spec/order-store-service.md',
      sha256: sha256(join(ROOT, 'spec', 'order-store-service.md')),
    });
  }, 120_000);

  it("runs as an import: runConformance and listChecks, with its types; the README's examples compile", async () => {
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
        },
        files: ['use.ts', 'readme-vitest.ts'],
      }),
    );
    const types = await sh(process.execPath, [TSC, '-p', '.'], project);
    expect(types.code, types.out).toBe(0);
    // The API example in a project made as the README says (npm init, type module, tsc --init --types node).
    const fresh = join(project, 'made-as-the-readme-says');
    mkdirSync(fresh);
    expect((await sh('npm', ['init', '-y'], fresh)).code).toBe(0);
    expect((await sh('npm', ['pkg', 'set', 'type=module'], fresh)).code).toBe(0);
    expect((await sh(process.execPath, [TSC, '--init', '--types', 'node'], fresh)).code).toBe(0);
    writeFileSync(join(fresh, 'readme-api.ts'), api);
    const made = await sh(process.execPath, [TSC, '--noEmit', '-p', '.'], fresh);
    expect(made.code, made.out).toBe(0);
    const imported = await sh(
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
