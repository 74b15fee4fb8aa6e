// Installs a peer conformance tool on demand, pinned, into bench/.peers/ (git-ignored), so `npm ci` of the
// project stays lean. Never throws: a peer that cannot be had is a reason, printed once, and the bench goes on.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PEERS_DIR = fileURLToPath(new URL('../.peers/', import.meta.url));

export interface Installed {
  /** The package's folder inside the cache. */
  dir: string;
  version: string;
}

/** Runs a command to its end; resolves its exit code and the tail of its output (stdout and stderr), never rejects. */
export function runQuiet(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs: number; keepChars?: number },
): Promise<{ code: number | null; output: string }> {
  const keepChars = options.keepChars ?? 20_000;
  return new Promise((resolve) => {
    let output = '';
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      resolve({ code: null, output: (e as Error).message });
      return;
    }
    const keep = (d: Buffer) => {
      output = (output + d.toString()).slice(-keepChars);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ code: null, output: e.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * `name@version` installed under bench/.peers/name-version/ with `npm install --prefix` (no lifecycle
 * scripts: a peer whose install step downloads a binary could not run here anyway), or why not.
 */
export async function installPeer(name: string, version: string): Promise<Installed | { reason: string }> {
  const prefix = join(PEERS_DIR, `${name.replace(/[@/]/g, '_')}-${version}`);
  const dir = join(prefix, 'node_modules', ...name.split('/'));
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) {
    mkdirSync(prefix, { recursive: true });
    process.stderr.write(`  installing ${name}@${version} into ${prefix} ...\n`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const got = await runQuiet(
      npm,
      ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--ignore-scripts', `${name}@${version}`],
      { env: process.env, timeoutMs: 300_000 },
    );
    if (got.code !== 0 || !existsSync(manifest)) {
      const last = got.output.trim().split('\n').at(-1) ?? '';
      return { reason: `npm install ${name}@${version} failed (exit ${got.code}): ${last}` };
    }
  }
  const installed = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return { dir, version: installed.version };
}
