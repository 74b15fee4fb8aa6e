// npm pack and npm publish: builds dist/ from the sources and copies the spec into the package (spec/), so an
// installed package runs without compiling anything and its reports hash the spec it carries. Never run on a
// user's install: the tarball holds the built files.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const spec = join(root, '..', 'shared', 'spec', 'order-store-service.md');
if (!existsSync(spec)) {
  process.stderr.write(`prepack: the spec is not at ${spec}; pack from a checkout beside shared/\n`);
  process.exit(1);
}
mkdirSync(join(root, 'spec'), { recursive: true });
copyFileSync(spec, join(root, 'spec', 'order-store-service.md'));
execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
for (const entry of ['dist/api/index.js', 'dist/api/index.d.ts', 'dist/cli/main.js'])
  if (!existsSync(join(root, entry))) {
    process.stderr.write(`prepack: the build made no ${entry}\n`);
    process.exit(1);
  }
