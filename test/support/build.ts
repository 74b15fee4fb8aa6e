// vitest globalSetup: builds dist/ (and the command's bundle) from the current sources before any test runs,
// so the tests that spawn bin/ (which runs the build) never run stale output, also when a single test file is
// run.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './cli.ts';

export default function setup(): void {
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
