// A clone of this repository with nothing beside it, as a new user or CI gets one: `git clone` of a commit of the
// working tree as it stands (HEAD itself when nothing is changed, as in CI), into an empty temporary folder. The
// commit is written with a temporary index, so neither the checkout, its index nor any ref is touched. And the
// child processes the package tests start: a clean environment, async (the reference server may share this
// process), bounded.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './cli.ts';

/** The environment for npm and the installed commands: the test's own, less what `npm test` put in it. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (
      v !== undefined &&
      !/^npm_/i.test(k) &&
      !k.startsWith('ORDER_STORE_') &&
      k !== 'CI' &&
      !k.startsWith('VITEST')
    )
      env[k] = v;
  return { ...env, ...extra };
}

/** Runs `cmd args` in `cwd` with a clean environment; resolves with its exit code and output, killed at `timeout`. */
export function sh(
  cmd: string,
  args: string[],
  cwd: string,
  timeout = 120_000,
  extra: Record<string, string> = {},
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: cleanEnv(extra), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      out += `\n(killed after ${timeout} ms)`;
    }, timeout);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** A commit of the working tree as it stands (tracked and new files, .gitignore honoured), on top of HEAD. */
function snapshotCommit(): string {
  const scratch = mkdtempSync(join(tmpdir(), 'osc-index-'));
  const git = (args: string[]) =>
    execFileSync('git', args, {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, GIT_INDEX_FILE: join(scratch, 'index') },
    }).trim();
  try {
    git(['read-tree', 'HEAD']);
    git(['add', '-A']);
    const tree = git(['write-tree']);
    return git([
      'commit-tree',
      tree,
      '-p',
      'HEAD',
      '-m',
      'the working tree, for test/package/package.test.ts',
    ]);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** `git clone` of the working tree's commit into an empty folder; returns the clone and its commit. */
export function cloneWorkingTree(): { dir: string; commit: string } {
  const commit = snapshotCommit();
  const dir = join(mkdtempSync(join(tmpdir(), 'osc-clone-')), 'order-store-conformance');
  // A local clone links the object store, the snapshot's objects with it.
  execFileSync('git', ['clone', '--quiet', '--no-checkout', ROOT, dir], { stdio: 'pipe' });
  execFileSync('git', ['checkout', '--quiet', commit], { cwd: dir, stdio: 'pipe' });
  return { dir, commit };
}
