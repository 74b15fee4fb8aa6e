// An implementer's project as the vitest adapter meets it: a test file that calls conformanceSuite() with
// settings read from its own environment, run by vitest in a child process (JSON and verbose reporters), with
// the target handed in through that environment. Bounded: the child is killed after `timeoutMs`.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './cli.ts';

/** The sample test file: what an implementer writes in their own repository. */
export const SAMPLE_TEST = `import { conformanceSuite } from 'order-store-conformance/vitest';

conformanceSuite({
  baseUrl: process.env.STAGING_URL,
  apiKey: process.env.STAGING_KEY,
  cancellableOrderIds: process.env.PENDING_IDS,
  shippedOrderIds: process.env.SHIPPED_IDS,
  trustOrderList: true,
  seed: 7,
  propertyRuns: 1,
});
`;

/**
 * An empty project whose node_modules holds this package as an install lays it out (a folder of its own with the
 * build, its package.json, schemas and spec, its dependencies beside it) and vitest. A copy, not a link to the
 * checkout: vitest runs a package it finds only outside node_modules (a link's real path) through its own
 * transform, about 3.5 s of CPU per run, where an installed package is loaded by Node as it is.
 */
export function installedProject(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const pkg = join(dir, 'node_modules', 'order-store-conformance');
  mkdirSync(pkg, { recursive: true });
  for (const part of ['package.json', 'dist', 'schemas', 'spec'])
    cpSync(join(ROOT, part), join(pkg, part), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'), 'dir');
  symlinkSync(join(ROOT, 'node_modules', 'vitest'), join(dir, 'node_modules', 'vitest'), 'dir');
  return dir;
}

export interface VitestRun {
  code: number | null;
  output: string;
  /** Each test by name: its status and, for a failure, the message. */
  tests: Map<string, { status: string; failure: string }>;
}

/** Writes the sample test into `dir` and runs `vitest` (the executable given) there. */
export async function runSample(
  dir: string,
  vitestBin: string,
  env: Record<string, string>,
  args: string[] = [],
  timeoutMs = 90_000,
  source = SAMPLE_TEST,
): Promise<VitestRun> {
  writeFileSync(join(dir, 'conformance.test.mjs'), source);
  const json = join(dir, 'vitest-report.json');
  const child = spawn(
    process.execPath,
    [vitestBin, 'run', '--reporter=json', `--outputFile.json=${json}`, '--reporter=verbose', ...args],
    {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: dir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`vitest did not finish within ${timeoutMs} ms\n${output}`));
    }, timeoutMs);
    child.on('close', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  const tests = new Map<string, { status: string; failure: string }>();
  try {
    const parsed = JSON.parse(readFileSync(json, 'utf8')) as {
      testResults: { assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
    };
    for (const file of parsed.testResults)
      for (const t of file.assertionResults)
        tests.set(t.title, { status: t.status, failure: t.failureMessages.join('\n') });
  } catch {
    // No JSON report: the run failed before any test; `output` says why.
  }
  return { code, output, tests };
}
