// vitest globalSetup: builds dist/ (and the command's bundle) from the current sources before any test runs,
// so the tests that spawn bin/ (which runs the build) never run stale output, also when a single test file is
// run. Not again when dist/ is already the full build of these very sources (npm ci's, as CI runs it first).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './cli.ts';

export default async function setup(): Promise<void> {
  // The stamp `npm run build` writes last (scripts/build-stamp.mjs, which prepack trusts too): it holds only while
  // no source or build input changed and no file of dist/ changed, was added or removed since that build.
  const { builtFromSources } = (await import(
    pathToFileURL(join(ROOT, 'scripts', 'build-stamp.mjs')).href
  )) as { builtFromSources: (root: string) => boolean };
  if (builtFromSources(ROOT)) return;
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json', '--noCheck'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  // The command's bundle, as npm run build makes it: bin/ runs it.
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'bundle.mjs')], { cwd: ROOT, stdio: 'inherit' });
}
