// The full build's stamp (`npm run build` writes it last, `node scripts/build-stamp.mjs write`): a digest of what
// the build reads (the compiled folders, the tsconfigs, the bundler, the lockfile that pins the compilers) and one
// of what it wrote in dist/. prepack.mjs packs without building again when both still hold (npm ci has just built).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** tsconfig.build.json's include list: every file in them, tests too (a change there only costs a build). */
const FOLDERS = ['api', 'cli', 'engine', 'lib', 'suites', 'reference'];
const FILES = [
  'tsconfig.json',
  'tsconfig.build.json',
  'package-lock.json',
  'scripts/bundle.mjs',
  'scripts/build-stamp.mjs',
];
const STAMP = 'dist/.build-stamp.json';

/** Every file below `dir` (relative to `root`), by name. */
function filesUnder(root, dir) {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(root, `${dir}/${e.name}`) : e.isFile() ? [`${dir}/${e.name}`] : [],
  );
}

/** One digest of the files' names and contents, in a fixed order. */
function digest(root, files) {
  const hash = createHash('sha256');
  for (const f of [...files].sort()) {
    const bytes = existsSync(join(root, f)) ? readFileSync(join(root, f)) : Buffer.alloc(0);
    hash.update(`${f}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

/** What the build reads and what dist/ holds now (the stamp left out). */
function current(root) {
  return {
    sources: digest(root, [...FILES, ...FOLDERS.flatMap((f) => filesUnder(root, f))]),
    dist: digest(
      root,
      filesUnder(root, 'dist').filter((f) => f !== STAMP),
    ),
  };
}

/** Stamps dist/ as the full build of the sources as they are (the build's last step). */
export function writeStamp(root = ROOT) {
  writeFileSync(join(root, STAMP), `${JSON.stringify(current(root))}\n`);
}

/**
 * Whether dist/ is the full build of the sources as they are: stamped by `npm run build` from these very sources,
 * and not a file in it changed, added or removed since (a type-check's or a test's build writes into it too).
 */
export function builtFromSources(root = ROOT) {
  if (!existsSync(join(root, STAMP))) return false;
  const stamp = JSON.parse(readFileSync(join(root, STAMP), 'utf8'));
  const now = current(root);
  return stamp.sources === now.sources && stamp.dist === now.dist;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'write') writeStamp();
