// The folder list is the architecture: imports only run downward. api/ (the package's programmatic entry) and
// cli/ (the command) are two faces over the run engine (engine/): each imports engine/ and lib/, neither the
// other; engine/ imports lib/, suites/ and reference/; suites/ imports lib/ only; lib/ imports none of the
// others, and inside it each floor only the floors below; reference/ and targets/ import none of them, and
// none of them imports targets/. Tests beside the code obey the same rules (and may use test/support/);
// test/ may import anything. No file imports itself back through a circle, and no folder does either.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.ts';
import { circles, importGraph, importsOf, resolveImport, sourceFiles } from '../support/imports.ts';

type Layer = 'api' | 'cli' | 'engine' | 'lib' | 'suites' | 'reference' | 'targets';

/** What each layer may import besides itself. */
const ALLOWED: Record<Layer, readonly Layer[]> = {
  api: ['engine', 'lib'],
  cli: ['engine', 'lib'],
  engine: ['lib', 'suites', 'reference'],
  suites: ['lib'],
  lib: [],
  reference: [],
  targets: [],
};
const LAYERS = Object.keys(ALLOWED) as Layer[];

/**
 * The floors of lib/, lowest first: a file imports from its own floor and the floors below, never above.
 * Every entry of lib/ has a floor, so a new folder must be placed before it can be used.
 */
const LIB_FLOORS: readonly (readonly string[])[] = [
  ['errors.ts', 'files.ts', 'words.ts'],
  ['formats'],
  ['config'],
  ['http'],
  ['check'],
  ['run'],
  ['report'],
];

/** Every folder of the house that holds sources: the layers, the tests and the tools. */
const HOUSE = [...LAYERS, 'test', 'bench', 'bin', 'docs', 'schemas'];
/** The shipped folders, whose folders must not import each other round in a circle. */
const SHIPPED: readonly Layer[] = ['api', 'cli', 'engine', 'lib', 'suites', 'reference'];

function layerOf(path: string): Layer | undefined {
  const top = path.split('/')[0];
  return LAYERS.find((l) => l === top);
}

function floorOf(path: string): number | undefined {
  const [top, entry] = path.split('/');
  if (top !== 'lib' || entry === undefined) return undefined;
  const floor = LIB_FLOORS.findIndex((f) => f.includes(entry));
  return floor < 0 ? undefined : floor;
}

/** Every import of `file` (repo-relative) that runs against the layering, as "file -> target". */
function violations(file: string, source: string): string[] {
  const from = layerOf(file);
  if (!from) return [];
  const out: string[] = [];
  for (const spec of importsOf(source)) {
    const target = resolveImport(file, spec);
    const to = layerOf(target);
    if (to && to !== from && !ALLOWED[from].includes(to)) out.push(`${file} -> ${target}`);
    // Only a test may lean on the tests' support; shipped code never imports test/.
    if (target.startsWith('test/') && !(file.endsWith('.test.ts') && target.startsWith('test/support/')))
      out.push(`${file} -> ${target}`);
  }
  return out;
}

/**
 * The folder-level import graph: each folder to the folders its files load (type-only imports left out: a
 * writer's folder may name the report's types while the report's folder loads the writer).
 */
function folderGraph(files: readonly string[]): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  const loads = (f: string) => read(f).replace(/^import type [\s\S]*?from '[^']+';$/gm, '');
  for (const [file, targets] of importGraph(files, loads)) {
    const from = dirname(file);
    const to = folders.get(from) ?? new Set<string>();
    for (const t of targets) if (dirname(t) !== from) to.add(dirname(t));
    folders.set(from, to);
  }
  return new Map([...folders].map(([f, to]) => [f, [...to]]));
}

/** Every import of a lib/ file that runs up a floor, as "file -> target". */
function floorViolations(file: string, source: string): string[] {
  const from = floorOf(file);
  if (from === undefined) return [];
  return importsOf(source)
    .map((spec) => resolveImport(file, spec))
    .filter((target) => (floorOf(target) ?? -1) > from)
    .map((target) => `${file} -> ${target}`);
}

const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');

/** The area of a suites/ file (`suites/cancel/checks.ts` → `cancel`), or undefined for the contents page. */
const areaOf = (path: string): string | undefined => {
  const [top, area, rest] = path.split('/');
  return top === 'suites' && rest !== undefined ? area : undefined;
};

/**
 * Every import that reaches across the areas of suites/: an area imports kit/ and itself (and lib/), never a
 * sibling area; kit/ imports no area; the engine reads suites/ through its contents page (suites/index.ts) alone.
 */
function areaViolations(file: string, source: string): string[] {
  const from = areaOf(file);
  const engine = file.startsWith('engine/') && !file.endsWith('.test.ts');
  const out: string[] = [];
  for (const spec of importsOf(source)) {
    const target = resolveImport(file, spec);
    if (!target.startsWith('suites/')) continue;
    if (engine && target !== 'suites/index.ts') out.push(`${file} -> ${target}`);
    const to = areaOf(target);
    if (from !== undefined && to !== undefined && to !== from && to !== 'kit')
      out.push(`${file} -> ${target}`);
  }
  return out;
}

describe('layers', () => {
  it('no import runs upward or sideways between api/, cli/, lib/, suites/, reference/ and targets/', () => {
    const files = LAYERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => violations(f, read(f)));
    expect(found).toEqual([]);
  });

  it('finds an import turned around, static or dynamic', () => {
    expect(violations('lib/run/run-checks.ts', "import { SUITES } from '../../suites/index.ts';")).toEqual([
      'lib/run/run-checks.ts -> suites/index.ts',
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
      violations('engine/run-target.ts', "import { startReferenceServer } from '../reference/server.ts';"),
    ).toEqual([]);
    expect(
      violations('cli/main.ts', "import { startReferenceServer } from '../reference/server.ts';"),
    ).toEqual(['cli/main.ts -> reference/server.ts']);
    expect(violations('suites/auth.ts', "import { x } from '../lib/http/client.ts';")).toEqual([]);
    expect(violations('cli/main.ts', "import { runConformance } from '../api/index.ts';")).toEqual([
      'cli/main.ts -> api/index.ts',
    ]);
    expect(violations('api/index.ts', "import { runCommand } from '../cli/command-run.ts';")).toEqual([
      'api/index.ts -> cli/command-run.ts',
    ]);
    expect(violations('api/index.ts', "import { conductRun } from '../engine/conduct-run.ts';")).toEqual([]);
    expect(violations('lib/run/run-checks.ts', "import { x } from '../../engine/conduct-run.ts';")).toEqual([
      'lib/run/run-checks.ts -> engine/conduct-run.ts',
    ]);
    expect(
      violations('reference/x.ts', "import { call } from '../test/support/reference-calls.ts';"),
    ).toEqual(['reference/x.ts -> test/support/reference-calls.ts']);
    expect(
      violations('reference/x.test.ts', "import { call } from '../test/support/reference-calls.ts';"),
    ).toEqual([]);
  });

  it('no area of suites/ imports another (they share kit/), and the engine reads suites/index.ts alone', () => {
    const files = ['suites', 'engine'].flatMap(sourceFiles).filter((f) => !f.endsWith('.test.ts'));
    expect(files.flatMap((f) => areaViolations(f, read(f)))).toEqual([]);
  });

  it('finds an import across areas and the engine reaching past the contents page', () => {
    expect(areaViolations('suites/cancel/checks.ts', "import { x } from '../order-id/readings.ts';")).toEqual(
      ['suites/cancel/checks.ts -> suites/order-id/readings.ts'],
    );
    expect(areaViolations('suites/kit/x.ts', "import { y } from '../state/history.ts';")).toEqual([
      'suites/kit/x.ts -> suites/state/history.ts',
    ]);
    expect(areaViolations('suites/cancel/checks.ts', "import { x } from '../kit/expect.ts';")).toEqual([]);
    expect(
      areaViolations('suites/rate-limit/probe/walk.ts', "import { x } from '../buckets/of-run.ts';"),
    ).toEqual([]);
    expect(areaViolations('engine/fixtures.ts', "import { x } from '../suites/kit/routes.ts';")).toEqual([
      'engine/fixtures.ts -> suites/kit/routes.ts',
    ]);
    expect(areaViolations('engine/conduct-run.ts', "import { SUITES } from '../suites/index.ts';")).toEqual(
      [],
    );
  });

  it('every entry of lib/ stands on a floor', () => {
    const entries = readdirSync(join(ROOT, 'lib')).filter((e) => e.endsWith('.ts') || !e.includes('.'));
    expect(entries.filter((e) => floorOf(`lib/${e}`) === undefined)).toEqual([]);
  });

  it('inside lib/, no import runs up a floor', () => {
    const found = sourceFiles('lib').flatMap((f) => floorViolations(f, read(f)));
    expect(found).toEqual([]);
  });

  it('finds an import that runs up a floor of lib/, and lets one run down', () => {
    expect(
      floorViolations('lib/run/run-checks.ts', "import { resultLine } from '../report/console.ts';"),
    ).toEqual(['lib/run/run-checks.ts -> lib/report/console.ts']);
    expect(floorViolations('lib/errors.ts', "import type { S } from './config/settings.ts';")).toEqual([
      'lib/errors.ts -> lib/config/settings.ts',
    ]);
    expect(
      floorViolations('lib/report/console.ts', "import type { P } from '../run/plan-checks.ts';"),
    ).toEqual([]);
    expect(floorViolations('lib/config/load.ts', "import { UsageError } from '../errors.ts';")).toEqual([]);
  });

  it('no import circle anywhere in the house, type-only imports included', () => {
    const files = HOUSE.flatMap(sourceFiles);
    expect(circles(importGraph(files, read))).toEqual([]);
  });

  it('no folder imports itself back through a circle of folders', () => {
    const files = SHIPPED.flatMap(sourceFiles).filter((f) => !f.endsWith('.test.ts'));
    expect(circles(folderGraph(files))).toEqual([]);
  });

  it('finds a circle however long, and a file that imports itself', () => {
    const graph = new Map([
      ['cli/main.ts', ['cli/verify.ts']],
      ['cli/verify.ts', ['cli/io.ts', 'cli/main.ts']],
      ['cli/io.ts', []],
      ['lib/a.ts', ['lib/b.ts']],
      ['lib/b.ts', ['lib/c.ts']],
      ['lib/c.ts', ['lib/a.ts']],
      ['lib/self.ts', ['lib/self.ts']],
    ]);
    expect(circles(graph)).toEqual([
      ['cli/main.ts', 'cli/verify.ts'],
      ['lib/a.ts', 'lib/b.ts', 'lib/c.ts'],
      ['lib/self.ts'],
    ]);
    expect(circles(new Map([['cli/main.ts', ['cli/io.ts']]]))).toEqual([]);
  });
});
