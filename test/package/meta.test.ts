// The meta-tests of the suite against itself: every MUST and SHOULD check is broken by a reference fault and every
// fault names checks at the level its outcome implies (that each is caught is test/faults/matrix.test.ts); and
// every source file stays under the house's size limit. A gap fails and names itself.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../reference/server.ts';
import { ALL_CHECKS } from '../../suites/index.ts';
import { FAULT_MATRIX } from '../faults/index.ts';
import { ROOT } from '../support/cli.ts';
import { isGenerated, lineCount, MAX_LINES, overLong } from '../support/file-lengths.ts';

const byId = new Map(ALL_CHECKS.map((c) => [c.id, c]));

/**
 * Checks whose breakage the reference server cannot show (it frames every response correctly and writes
 * Retry-After with node's own header code), proven failing instead against the project's hostile server;
 * the test below requires that file to assert each one's failure.
 */
const BROKEN_ELSEWHERE: Record<string, string> = {
  'HTTP-FRAMING': 'test/hostile/broken-bodies.test.ts',
  'RL-HEADERS-RETRY-AFTER-VALID': 'test/hostile/scenarios.test.ts',
};

describe('meta: checks and faults', () => {
  it('every MUST and SHOULD check is broken by at least one fault', () => {
    const named = new Set([
      ...FAULT_MATRIX.flatMap(([, e]) => [...(e.fails ?? []), ...(e.warns ?? [])]),
      ...Object.keys(BROKEN_ELSEWHERE),
    ]);
    const unbroken = ALL_CHECKS.filter(
      (c) => (c.level === 'MUST' || c.level === 'SHOULD') && !named.has(c.id),
    ).map(
      (c) =>
        `${c.id} (${c.level}) is broken by no reference fault: add one to reference/faults/<area>.ts and its proof to test/faults/`,
    );
    expect(unbroken).toEqual([]);
  });

  it('the checks broken elsewhere are asserted failing there', () => {
    expect(Object.keys(BROKEN_ELSEWHERE).length).toBeGreaterThan(0);
    for (const [id, file] of Object.entries(BROKEN_ELSEWHERE)) {
      const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      expect(text, `${file} never asserts ${id} fails`).toMatch(
        new RegExp(`checkOf\\(run, '${id}'\\)\\.status\\)\\.toBe\\('fail'\\)`),
      );
    }
  });

  it('every fault names existing checks: fails for MUST checks, warns for SHOULD checks', () => {
    const wrong: string[] = [];
    for (const [fault, e] of FAULT_MATRIX) {
      for (const id of e.fails ?? []) {
        const c = byId.get(id);
        if (c?.level !== 'MUST') wrong.push(`${fault}: fails ${id}, which is ${c ? c.level : 'no check'}`);
      }
      for (const id of e.warns ?? []) {
        const c = byId.get(id);
        if (c?.level !== 'SHOULD') wrong.push(`${fault}: warns ${id}, which is ${c ? c.level : 'no check'}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every catalogued fault is in the matrix, caught by at least one check', () => {
    const inMatrix = new Set(FAULT_MATRIX.map(([id]) => id));
    expect(
      FAULTS.map((f) => f.id)
        .filter((id) => !inMatrix.has(id))
        .map((id) => `${id} is caught by nothing`),
    ).toEqual([]);
  });
});

/** Every tracked source file of the house: TypeScript and JavaScript, tests and support included. */
const SOURCES = execFileSync('git', ['ls-files', '*.ts', '*.mts', '*.cts', '*.js', '*.mjs', '*.cjs'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .trim()
  .split('\n');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('meta: file sizes', () => {
  it(`no tracked source file passes ${MAX_LINES} lines (generated files aside)`, () => {
    expect(SOURCES.length).toBeGreaterThan(500);
    expect(SOURCES).toContain('lib/formats/schema-validators.generated.ts');
    expect(
      overLong(SOURCES, read),
      'split each by purpose, each new file opening with what it is for',
    ).toEqual([]);
  });

  it('counts lines as wc -l does and finds a file one line over, but not a generated one', () => {
    const lines = (n: number) => 'x\n'.repeat(n);
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb')]).toEqual([0, 1, 1, 2]);
    const texts: Record<string, string> = {
      'a.ts': lines(MAX_LINES),
      'b.ts': lines(MAX_LINES + 1),
      'c.generated.ts': lines(5000),
    };
    expect(overLong(Object.keys(texts), (f) => texts[f]!)).toEqual([`b.ts: ${MAX_LINES + 1} lines`]);
    expect(isGenerated('lib/formats/schema-validators.generated.ts')).toBe(true);
  });
});
