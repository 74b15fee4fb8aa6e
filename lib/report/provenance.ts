// What produced a report: the suite (name, version, git commit when the package is a checkout), the spec
// text and schemas it was written against (sha256), and the Node that ran it. Reads files, writes none;
// never reads the environment or argv (they may hold the key).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PACKAGE_ROOT, packagePath } from '../files.ts';

export interface FileDigest {
  /** Relative to the package root. */
  file: string;
  /** null when the file is not where the suite looks for it. */
  sha256: string | null;
}

export interface Provenance {
  /** The git commit of the suite's checkout, null when it is not one (an installed package). */
  commit: string | null;
  /** Whether tracked files differ from that commit; null without a checkout. */
  dirty: boolean | null;
  specText: FileDigest;
  schemas: FileDigest[];
  node: string;
  platform: string;
  arch: string;
}

/**
 * The spec the suite implements, kept in the repository and shipped in the package as it is: the recorded
 * sha256 can be checked against the very text a checkout or an installed package carries.
 */
export const SPEC_FILE = 'spec/order-store-service.md';

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function digest(file: string): FileDigest {
  const path = packagePath(file);
  return { file, sha256: existsSync(path) ? sha256(readFileSync(path)) : null };
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', ['-C', PACKAGE_ROOT, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    }).trim();
  } catch {
    return null;
  }
}

const COMMIT = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/**
 * The commit HEAD names, read from the repository's files (HEAD, the loose ref, packed-refs) rather than by
 * starting git: a worktree's `.git` file points at its git dir, whose `commondir` holds the shared refs.
 * Undefined when the layout is not one of these (git then answers).
 */
export function headFromFiles(root: string = PACKAGE_ROOT): string | undefined {
  try {
    const dotGit = join(root, '.git');
    const gitDir = statSync(dotGit).isDirectory()
      ? dotGit
      : resolve(root, /^gitdir: (.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim() ?? '');
    const common = existsSync(join(gitDir, 'commondir'))
      ? resolve(gitDir, readFileSync(join(gitDir, 'commondir'), 'utf8').trim())
      : gitDir;
    const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
    if (COMMIT.test(head)) return head;
    const ref = /^ref: (refs\/\S+)$/.exec(head)?.[1];
    if (!ref) return undefined;
    for (const dir of [gitDir, common]) {
      const loose = join(dir, ref);
      if (existsSync(loose)) {
        const sha = readFileSync(loose, 'utf8').trim();
        return COMMIT.test(sha) ? sha : undefined;
      }
    }
    const packed = join(common, 'packed-refs');
    if (!existsSync(packed)) return undefined;
    for (const line of readFileSync(packed, 'utf8').split('\n')) {
      const [sha, name] = line.split(' ');
      if (name === ref && sha && COMMIT.test(sha)) return sha;
    }
  } catch {
    // An unusual layout: git itself is asked.
  }
  return undefined;
}

let cached: Provenance | undefined;

/** Computed once per process: the files and the commit do not change during a run. */
export function provenance(): Provenance {
  if (!cached) {
    const inCheckout = existsSync(packagePath('.git'));
    const commit = inCheckout ? (headFromFiles() ?? git(['rev-parse', 'HEAD'])) : null;
    const status = commit !== null ? git(['status', '--porcelain', '--untracked-files=no']) : null;
    cached = {
      commit,
      dirty: status === null ? null : status.length > 0,
      specText: digest(SPEC_FILE),
      schemas: readdirSync(packagePath('schemas'))
        .filter((f) => f.endsWith('.json') || f.endsWith('.yaml'))
        .sort()
        .map((f) => digest(`schemas/${f}`)),
      node: process.version,
      platform: process.platform,
      arch: process.arch,
    };
  }
  return cached;
}
