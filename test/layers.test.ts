// The folder list is the architecture: imports only run downward. api/ (the package's programmatic entry)
// may import cli/ and below; cli/ may import lib/, suites/ and reference/; suites/ imports lib/ only; lib/ imports none of the others; reference/ and targets/ (the zoo,
// written from the spec alone) import none of them, and none of them imports targets/.
// Tests beside the code obey the same rule; test/ (the whole-command self-tests) may import anything.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/cli.ts';

type Layer = 'api' | 'cli' | 'lib' | 'suites' | 'reference' | 'targets';

/** What each layer may import besides itself. */
const ALLOWED: Record<Layer, readonly Layer[]> = {
  api: ['cli', 'lib', 'suites', 'reference'],
  cli: ['lib', 'suites', 'reference'],
  suites: ['lib'],
  lib: [],
  reference: [],
  targets: [],
};
const LAYERS = Object.keys(ALLOWED) as Layer[];

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** Relative module specifiers of a source text: static, re-exported and dynamic imports. */
function importsOf(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((m) => m[1]!).filter((s) => s.startsWith('.'));
}

function layerOf(path: string): Layer | undefined {
  const top = path.split('/')[0];
  return LAYERS.find((l) => l === top);
}

/** Every import of `file` (repo-relative) that runs against the layering, as "file -> target". */
function violations(file: string, source: string): string[] {
  const from = layerOf(file);
  if (!from) return [];
  const out: string[] = [];
  for (const spec of importsOf(source)) {
    const target = posix.normalize(posix.join(posix.dirname(file), spec));
    const to = layerOf(target);
    if (to && to !== from && !ALLOWED[from].includes(to)) out.push(`${file} -> ${target}`);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|js|mjs)$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split('\\').join('/'));
}

describe('layers', () => {
  it('no import runs upward or sideways between api/, cli/, lib/, suites/, reference/ and targets/', () => {
    const files = LAYERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => violations(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds an import turned around, static or dynamic', () => {
    expect(violations('lib/run/run.ts', "import { SUITES } from '../../suites/index.ts';")).toEqual([
      'lib/run/run.ts -> suites/index.ts',
    ]);
    expect(violations('lib/x.ts', "const m = await import('../reference/server.ts');")).toEqual([
      'lib/x.ts -> reference/server.ts',
    ]);
    expect(violations('suites/auth.ts', "export { main } from '../cli/main.ts';")).toEqual([
      'suites/auth.ts -> cli/main.ts',
    ]);
    expect(violations('reference/server.ts', "import type { X } from '../lib/errors.ts';")).toEqual([
      'reference/server.ts -> lib/errors.ts',
    ]);
    expect(violations('cli/main.ts', "import { loadZoo } from '../targets/catalogue.ts';")).toEqual([
      'cli/main.ts -> targets/catalogue.ts',
    ]);
    expect(violations('targets/express/server.ts', "import { x } from '../../reference/store.ts';")).toEqual([
      'targets/express/server.ts -> reference/store.ts',
    ]);
    expect(
      violations('cli/main.ts', "import { startReferenceServer } from '../reference/server.ts';"),
    ).toEqual([]);
    expect(violations('suites/auth.ts', "import { x } from '../lib/http/client.ts';")).toEqual([]);
    expect(violations('cli/run.ts', "import { runConformance } from '../api/index.ts';")).toEqual([
      'cli/run.ts -> api/index.ts',
    ]);
    expect(violations('api/index.ts', "import { conductRun } from '../cli/run.ts';")).toEqual([]);
  });
});
