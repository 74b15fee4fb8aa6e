// The build (dist/) ships the package (api/, the command, the harness, the suites, the reference server), never
// test support: no test file, nothing of test/ (where all test support lives) nor anything that imports it. Read from what
// tsconfig.build.json compiles, so a stale file left in dist/ by an older build does not count.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.ts';

/** The repo-relative sources the build compiles. */
function builtSources(): string[] {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const listed = execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--listFilesOnly'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((f) => f !== '' && !f.includes('node_modules'))
    .map((f) => relative(ROOT, f).split('\\').join('/'));
}

/** Why a source is test support, or undefined when it is not. */
function testSupport(file: string, source: string): string | undefined {
  if (file.startsWith('test/')) return 'under test/';
  if (/\.test\.ts$/.test(file)) return 'a test';
  if (/from ['"](\.\.\/)+test\//.test(source)) return 'imports from test/';
  return undefined;
}

describe('the build', () => {
  it('compiles the shipped folders and no test support', { timeout: 60_000 }, () => {
    const files = builtSources();
    expect(files).toContain('cli/main.ts');
    expect(files).toContain('reference/server.ts');
    expect(files).toContain('reference/faults/catalogue.ts');
    const support = files
      .map((f) => [f, testSupport(f, readFileSync(join(ROOT, f), 'utf8'))] as const)
      .filter(([, why]) => why !== undefined)
      .map(([f, why]) => `${f}: ${why}`);
    expect(support).toEqual([]);
  });

  it('tells test support from shipped code', () => {
    expect(testSupport('test/faults/list.ts', '')).toBe('under test/');
    expect(testSupport('reference/faults/faults.test.ts', '')).toBe('a test');
    expect(testSupport('api/x.ts', "import { reference } from '../test/support/reference.ts';")).toBe(
      'imports from test/',
    );
    expect(
      testSupport('reference/faults/x.ts', "import { call } from '../../test/support/reference-calls.ts';"),
    ).toBe('imports from test/');
    expect(testSupport('reference/server.ts', "import { FaultSet } from './faults/fault-set.ts';")).toBe(
      undefined,
    );
  });

  it('runs the command from its bundle, made by the same build (scripts/bundle.mjs)', async () => {
    const { loadBuilt } = await import(pathToFileURL(join(ROOT, 'bin', 'load-built.js')).href);
    const shim = await loadBuilt('cli/main.js', 'main.js');
    const bundle = await import(pathToFileURL(join(ROOT, 'dist', 'bundle', 'main.js')).href);
    expect(shim.main).toBe(bundle.main);
  });
});
