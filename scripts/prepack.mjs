// npm pack and npm publish: builds dist/ from the sources, so an installed package runs without compiling
// anything. The spec the reports hash ships as it is kept in the repository (spec/). Never run on a user's
// install: the tarball holds the built files.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
for (const entry of [
  'dist/api/index.js',
  'dist/api/index.d.ts',
  'dist/cli/main.js',
  'spec/order-store-service.md',
])
  if (!existsSync(join(root, entry))) {
    process.stderr.write(`prepack: the package would lack ${entry}\n`);
    process.exit(1);
  }
