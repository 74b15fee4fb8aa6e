// A test whose every assertion sits in a loop over a collection that may be empty passes on nothing: every
// such test also asserts, outside the loop, that there is something to loop over (issue 38).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.ts';
import { loopOnlyTests } from '../support/loop-assertions.ts';

const files = execFileSync('git', ['ls-files', '*.test.ts'], { cwd: ROOT, encoding: 'utf8' })
  .trim()
  .split('\n');

describe('tests that can pass on nothing', () => {
  it('no test asserts only inside a loop over what may be empty', () => {
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => loopOnlyTests(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(found.map((t) => `${t.file}:${t.line} ${t.name}`)).toEqual([]);
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
});
