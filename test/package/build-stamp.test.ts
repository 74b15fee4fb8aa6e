// scripts/build-stamp.mjs: npm pack packs dist/ as it is only when it is the full build of the sources as they
// are: stamped by that build, no source or build input changed since, no file of dist/ changed, added or removed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.ts';

const { builtFromSources, writeStamp } = (await import(
  pathToFileURL(join(ROOT, 'scripts', 'build-stamp.mjs')).href
)) as { builtFromSources: (root: string) => boolean; writeStamp: (root: string) => void };

/** A checkout in miniature: a source, the build inputs, and a dist/ built from them. */
function checkout(): string {
  const root = mkdtempSync(join(tmpdir(), 'osc-stamp-'));
  for (const d of ['lib/http', 'scripts', 'dist/lib/http']) mkdirSync(join(root, d), { recursive: true });
  writeFileSync(join(root, 'lib/http/a.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'tsconfig.json'), '{}\n');
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion": 3}\n');
  writeFileSync(join(root, 'dist/lib/http/a.js'), 'export const a = 1;\n');
  return root;
}

describe('the build stamp', () => {
  it('holds for the build it stamped, and for nothing else', () => {
    const root = checkout();
    expect(builtFromSources(root)).toBe(false);
    writeStamp(root);
    expect(builtFromSources(root)).toBe(true);
  });

  it('no longer holds once a source or a build input changes, or a file appears', () => {
    const changes: Array<(root: string) => void> = [
      (r) => writeFileSync(join(r, 'lib/http/a.ts'), 'export const a = 2;\n'),
      (r) => writeFileSync(join(r, 'lib/http/b.ts'), 'export const b = 1;\n'),
      (r) => rmSync(join(r, 'lib/http/a.ts')),
      (r) => writeFileSync(join(r, 'package-lock.json'), '{"lockfileVersion": 2}\n'),
      (r) => writeFileSync(join(r, 'tsconfig.build.json'), '{}\n'),
    ];
    expect(changes.length).toBe(5);
    for (const change of changes) {
      const root = checkout();
      writeStamp(root);
      change(root);
      expect(builtFromSources(root), change.toString()).toBe(false);
    }
  });

  it('no longer holds once dist/ changes: a stale file left, one edited or removed', () => {
    const changes: Array<(root: string) => void> = [
      (r) => writeFileSync(join(r, 'dist/lib/http/gone.js'), 'export const gone = 1;\n'),
      (r) => writeFileSync(join(r, 'dist/lib/http/a.js'), 'export const a = 3;\n'),
      (r) => rmSync(join(r, 'dist/lib/http/a.js')),
    ];
    expect(changes.length).toBe(3);
    for (const change of changes) {
      const root = checkout();
      writeStamp(root);
      change(root);
      expect(builtFromSources(root), change.toString()).toBe(false);
    }
  });
});
