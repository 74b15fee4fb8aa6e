// After tsc: the command's own modules (dist/cli/main.js and everything it imports of ours) bundled into a few
// files in dist/bundle/, split where main.js imports lazily, so a run loads about 20 files instead of 150 (the
// loader's per-file cost was a third of a default run's CPU). Packages stay imports of their own, and
// dist/ keeps every module for the API; bin/ uses the bundle only when it is not older than dist/cli/main.js.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'bundle');
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [join(root, 'dist', 'cli', 'main.js')],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
