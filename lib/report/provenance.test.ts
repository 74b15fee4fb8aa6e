// The commit a checkout is at, read from git's files without starting git: a branch (loose or packed ref), a
// detached HEAD, and a worktree whose .git is a file; git's own answer is the reference.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headFromFiles } from './provenance.ts';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();

describe('headFromFiles', () => {
  it('reads what git rev-parse HEAD says, through every layout of the refs', () => {
    const repo = mkdtempSync(join(tmpdir(), 'osc-prov-'));
    git(repo, 'init', '-q', '-b', 'main');
    writeFileSync(join(repo, 'a'), '1');
    git(repo, 'add', 'a');
    git(repo, 'commit', '-q', '-m', 'one');
    const head = () => git(repo, 'rev-parse', 'HEAD');
    expect(headFromFiles(repo)).toBe(head());
    git(repo, 'pack-refs', '--all');
    expect(headFromFiles(repo)).toBe(head());
    writeFileSync(join(repo, 'a'), '2');
    git(repo, 'commit', '-q', '-am', 'two');
    git(repo, 'checkout', '-q', '--detach');
    expect(headFromFiles(repo)).toBe(head());
    const tree = join(mkdtempSync(join(tmpdir(), 'osc-prov-wt-')), 'wt');
    git(repo, 'worktree', 'add', '-q', '-b', 'side', tree, 'HEAD~1');
    expect(headFromFiles(tree)).toBe(git(tree, 'rev-parse', 'HEAD'));
    expect(headFromFiles(tree)).not.toBe(head());
  });

  it('is undefined where there is no repository', () => {
    expect(headFromFiles(mkdtempSync(join(tmpdir(), 'osc-prov-none-')))).toBeUndefined();
  });
});
