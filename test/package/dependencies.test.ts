// The package's dependencies fit what users install it into: every runtime dependency is one the build loads
// (ajv and its formats only generate validators, so they are dev dependencies), each as a caret range a user's
// own install can update within, and every installed package's `engines` accepts the Node the README promises.
// That the runtime dependencies are enough is proven by installs without the dev ones (package.test.ts,
// action.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.ts';

interface Manifest {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
}
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean }>;
};

/** Whether `version` (x.y.z) satisfies an npm range of comparators (>=, >, <=, <, ^, ~, =, x-ranges, ||). */
function satisfies(version: string, range: string): boolean {
  const v = version.split('.').map(Number);
  const cmp = (a: number[], b: number[]) => {
    for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
    return 0;
  };
  const parse = (text: string) =>
    text
      .replace(/^v/, '')
      .split('.')
      .filter((p) => p !== '' && !/^[x*]$/i.test(p))
      .map(Number);
  const one = (comparator: string): boolean => {
    const m = /^(>=|<=|>|<|\^|~|=)?\s*(.+)$/.exec(comparator.trim())!;
    const op = m[1] ?? '';
    const b = parse(m[2]!);
    const c = cmp(v, b);
    if (op === '>=') return c >= 0;
    if (op === '>') return c > 0;
    if (op === '<=') return c <= 0;
    if (op === '<') return c < 0;
    // ^ and ~ and a bare (partial) version: at least it, below the next change of its leading part.
    const upper = [...b];
    const at =
      op === '~' ? Math.min(1, b.length - 1) : op === '^' ? b.findIndex((n) => n !== 0) : b.length - 1;
    const i = at < 0 ? b.length - 1 : at;
    upper.length = i + 1;
    upper[i] = (upper[i] ?? 0) + 1;
    if (op === '=' || (op === '' && b.length === 3)) return c === 0;
    return c >= 0 && cmp(v, upper) < 0;
  };
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
      .split(/\s+/)
      .every(one),
  );
}

/** The bare module specifiers the build imports or requires, by file (comments left out). */
function builtImports(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith('.js')) {
        const code = readFileSync(path, 'utf8')
          .split('\n')
          .filter((l) => !/^\s*(\/\/|\*|\/\*)/.test(l))
          .join('\n');
        for (const m of code.matchAll(/(?:from |import\(|require\()'([^'./][^']*)'/g)) {
          const spec = m[1]!;
          if (spec.startsWith('node:')) continue;
          const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
          out.set(name, [...(out.get(name) ?? []), path.slice(ROOT.length)]);
        }
      }
    }
  };
  walk(join(ROOT, 'dist'));
  return out;
}

describe('dependencies', () => {
  it('the range check reads npm ranges as npm does', () => {
    expect(satisfies('20.19.0', '>=20.19')).toBe(true);
    expect(satisfies('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies('20.19.0', '>=22')).toBe(false);
    expect(satisfies('20.19.0', '^20.0.0 || ^22.0.0 || >=24.0.0')).toBe(true);
    expect(satisfies('20.19.0', '^10 || ^12 || >=14')).toBe(true);
    expect(satisfies('20.19.0', '>= 0.10')).toBe(true);
    expect(satisfies('20.19.0', '>=20.20')).toBe(false);
    expect(satisfies('20.19.0', '^8.16.0 || ^10.6.0')).toBe(false);
    expect(satisfies('20.19.0', '>= 10.x')).toBe(true);
  });

  it('every installed package runs on the oldest Node the package and README accept', () => {
    expect(pkg.engines.node).toBe('>=20.19');
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('Node.js 20.19 or later');
    const unfit = Object.entries(lock.packages)
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node !== undefined)
      .filter(([, p]) => !satisfies('20.19.0', (p.engines as { node: string }).node))
      .map(([name, p]) => `${name} wants node ${(p.engines as { node: string }).node}`);
    expect(unfit).toEqual([]);
  });

  it('runtime dependencies are what the build loads, each a caret range; ajv only generates validators', () => {
    const imports = builtImports();
    const runtime = Object.keys(pkg.dependencies).sort();
    for (const [name, range] of Object.entries(pkg.dependencies))
      expect(range, name).toMatch(/^\^\d+\.\d+\.\d+$/);
    // Every runtime dependency is loaded by the build, and nothing else is but the optional vitest peer and ajv,
    // which only the validator generator loads (lazily: a run never calls it).
    expect(runtime.filter((d) => !imports.has(d))).toEqual([]);
    const extra = [...imports.keys()].filter((d) => !runtime.includes(d)).sort();
    expect(extra).toEqual(['ajv', 'ajv-formats', 'vitest']);
    expect(Object.keys(pkg.peerDependencies)).toEqual(['vitest']);
    for (const d of ['ajv', 'ajv-formats']) {
      expect(Object.keys(pkg.devDependencies), d).toContain(d);
      expect([...new Set(imports.get(d))]).toEqual(['dist/lib/formats/schema-ajv.js']);
    }
  });
});
