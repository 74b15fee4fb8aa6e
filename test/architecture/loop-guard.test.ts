// A test whose every assertion sits in a loop over a collection that may be empty passes on nothing, and a loop
// that makes tests over such a collection makes none: each must also assert, outside the loop, that there is
// something to loop over (issue 38). Scans every test file vitest runs (its include list), wherever it sits.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.ts';
import { ROOT } from '../support/cli.ts';
import { loopOnlyTests } from '../support/loop-assertions.ts';
import { emptyableTestLoops } from '../support/test-loops.ts';

/** The globs vitest collects tests by: the scan reads the same files. */
const INCLUDE = config.test?.include ?? [];
const files = execFileSync('git', ['ls-files', '--', ...INCLUDE.map((g) => `:(glob)${g}`)], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .trim()
  .split('\n');
const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');

describe('tests that can pass on nothing', () => {
  it('reads every test file vitest runs, in every folder it runs them from', () => {
    expect(INCLUDE.length).toBeGreaterThan(0);
    expect(files.length).toBeGreaterThan(100);
    const roots = INCLUDE.map((g) => g.split('/')[0]!);
    expect(roots).toEqual(expect.arrayContaining(['lib', 'engine', 'suites', 'test']));
    expect(roots.filter((r) => !files.some((f) => f.startsWith(`${r}/`)))).toEqual([]);
  });

  it('no test asserts only inside a loop over what may be empty', () => {
    const found = files.flatMap((f) => loopOnlyTests(f, read(f)));
    expect(found.map((t) => `${t.file}:${t.line} ${t.name}`)).toEqual([]);
  });

  it('no loop makes tests over what may be empty without asserting it is not', () => {
    const found = files.flatMap((f) => emptyableTestLoops(f, read(f)));
    expect(found.map((t) => `${t.file}:${t.line} over ${t.name}`)).toEqual([]);
  });

  it('finds such a test, and not one whose loop runs over an array it writes out', () => {
    const open = `it('a', () => { for (const x of items()) expect(x).toBe(1); });`;
    const literal = `it('b', () => { for (const x of [1, 2]) expect(x).toBeGreaterThan(0); });`;
    const guarded = `it('c', () => { const xs = items(); expect(xs.length).toBeGreaterThan(0); for (const x of xs) expect(x).toBe(1); });`;
    const each = `it('d', () => { items().forEach((x) => expect(x).toBe(1)); });`;
    expect(loopOnlyTests('x.test.ts', open).map((t) => t.name)).toEqual(["'a'"]);
    expect(loopOnlyTests('x.test.ts', literal)).toEqual([]);
    expect(loopOnlyTests('x.test.ts', guarded)).toEqual([]);
    expect(loopOnlyTests('x.test.ts', each).map((t) => t.name)).toEqual(["'d'"]);
  });

  it('sees an assertion through a helper of the file, counted where it is called, not where it is written', () => {
    const helper = `function holds(x) { expect(x).toBe(1); }\nit('e', () => { for (const x of items()) holds(x); });`;
    const inner = `it('f', () => { const check = (x) => expect(x).toBe(1); for (const x of items()) check(x); });`;
    const outside = `const holds = (x) => expect(x).toBe(1);\nit('g', () => { const xs = items(); holds(xs.length); for (const x of xs) holds(x); });`;
    expect(loopOnlyTests('x.test.ts', helper).map((t) => t.name)).toEqual(["'e'"]);
    expect(loopOnlyTests('x.test.ts', inner).map((t) => t.name)).toEqual(["'f'"]);
    expect(loopOnlyTests('x.test.ts', outside)).toEqual([]);
  });

  it('finds a loop that makes tests over what may be empty, unless it is written out or asserted', () => {
    const each = `const XS = items();\ndescribe.each(XS)('x', (x) => { it('a', () => expect(x).toBe(1)); });`;
    const loop = `for (const x of items()) it('b', () => expect(x).toBe(1));`;
    const mapped = `const XS = items();\nit.concurrent.each(XS.map((x) => [x]))('c', (x) => expect(x).toBe(1));`;
    const written = `const XS = [1, 2];\nit.each(XS.map((x) => [x]))('d', (x) => expect(x).toBe(1));`;
    const guarded = `const XS = items();\nit('n', () => expect(XS.length).toBeGreaterThan(0));\nit.each(XS)('e', (x) => expect(x).toBe(1));`;
    const nested = `for (const t of [a, b]) for (const m of t.cases) it('f', () => expect(m).toBe(1));`;
    expect(emptyableTestLoops('x.test.ts', each).map((t) => t.name)).toEqual(['XS']);
    expect(emptyableTestLoops('x.test.ts', loop).map((t) => t.name)).toEqual(['items()']);
    expect(emptyableTestLoops('x.test.ts', mapped).map((t) => t.name)).toEqual(['XS.map((x) => [x])']);
    expect(emptyableTestLoops('x.test.ts', written)).toEqual([]);
    expect(emptyableTestLoops('x.test.ts', guarded)).toEqual([]);
    expect(emptyableTestLoops('x.test.ts', nested)).toEqual([]);
  });
});
