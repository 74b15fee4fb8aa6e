// requirementsOnce (requirements.ts): the zoo files of one test run share one set of requirement probes. A file
// that finds the answers another left takes them without probing; the first to come probes and leaves them.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unavailable } from '../../targets/launch.ts';
import { defineTarget, type ZooTarget } from '../../targets/zoo-target.ts';
import { requirementsOnce } from './requirements.ts';

/** A target whose one requirement leaves a line in `marks` each time it is probed, and answers `exit`. */
function marking(marks: string, exit: number): ZooTarget {
  return defineTarget({
    id: 'marking',
    stack: 'none',
    requires: [
      {
        command: 'sh',
        versionArgs: ['-c', `echo probed >> '${marks}'; exit ${exit}`],
        hint: 'none',
      },
    ],
    launch: () => Promise.reject(new Error('never started')),
    misconfigs: { a: { description: 'a', fails: ['X'] }, b: { description: 'b', fails: ['Y'] } },
  });
}

describe('the zoo requirement probes, once per test run', () => {
  it('the first file probes and leaves the answers; a later one takes them without probing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'osc-zoo-req-'));
    const marks = join(dir, 'marks');
    // Answers 1 (missing) when probed: the first file records that.
    const target = marking(marks, 1);
    await requirementsOnce([target], { dir });
    expect(readFileSync(marks, 'utf8')).toBe('probed\n');
    expect(unavailable(target)).toMatch(/^sh is not on this machine/);
    const answers = JSON.parse(readFileSync(join(dir, 'zoo-requirements.json'), 'utf8'));
    expect(Object.values(answers)).toContain(unavailable(target));
  });

  it('a file that finds another probing waits for its answers and runs no probe of its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'osc-zoo-req-'));
    const marks = join(dir, 'marks');
    // Probed here, it would answer "missing": the other file's answer (it runs) must win, with no probe.
    const target = marking(marks, 1);
    writeFileSync(join(dir, 'zoo-requirements.lock'), '');
    const key = ['sh', ...target.requires![0]!.versionArgs].join('\0');
    setTimeout(() => writeFileSync(join(dir, 'zoo-requirements.json'), JSON.stringify({ [key]: null })), 300);
    await requirementsOnce([target], { dir, waitMs: 10_000 });
    expect(existsSync(marks)).toBe(false);
    expect(unavailable(target)).toBeUndefined();
  });

  it('a file whose wait ends with no answers probes itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'osc-zoo-req-'));
    const marks = join(dir, 'marks');
    const target = marking(marks, 0);
    writeFileSync(join(dir, 'zoo-requirements.lock'), '');
    await requirementsOnce([target], { dir, waitMs: 400 });
    expect(readFileSync(marks, 'utf8')).toBe('probed\n');
    expect(unavailable(target)).toBeUndefined();
  });
});
