// npm pack and npm publish: builds dist/ from the sources, so an installed package runs without compiling
// anything; not again when dist/ is already the full build of these very sources (build-stamp.mjs: npm ci has
// just built it). The spec the reports hash ships as it is kept in the repository (spec/). Never run on a user's
// install: the tarball holds the built files, and its package.json no `prepare` (postpack.mjs puts it back).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtFromSources } from './build-stamp.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The checkout's package.json while a pack is under way (postpack.mjs restores it). */
const BACKUP = 'package.json.prepack';
if (builtFromSources())
  process.stdout.write('prepack: dist/ is the build of these sources; packed as it is\n');
else execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
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

// The checkout's `prepare` builds dist/ on `npm ci`; an installed package has nothing to build, and npm 11 warns
// every consumer about a package with a `prepare` not covered by their allowScripts. The tarball's package.json
// goes without it: the checkout's is kept whole beside it and restored by postpack.mjs (or by the next pack,
// should a pack die between the two).
const manifest = join(root, 'package.json');
const kept = join(root, BACKUP);
if (existsSync(kept)) renameSync(kept, manifest);
const text = readFileSync(manifest, 'utf8');
const pkg = JSON.parse(text);
if (pkg.scripts?.prepare !== undefined) {
  writeFileSync(kept, text);
  delete pkg.scripts.prepare;
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
}
