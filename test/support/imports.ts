// The house's import graph as the layers test reads it: every source file, the relative modules each one
// imports (static, re-exported, dynamic, type-only), and the circles among them. Reads files; asserts nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { ROOT } from './cli.ts';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** Relative module specifiers of a source text: static, re-exported and dynamic imports. */
export function importsOf(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((m) => m[1]!).filter((s) => s.startsWith('.'));
}

/** The repo-relative path an import of `file` names. */
export function resolveImport(file: string, specifier: string): string {
  return posix.normalize(posix.join(posix.dirname(file), specifier));
}

/** Every source file under `dir` (repo-relative, forward slashes), installed packages left out. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|js|mjs)$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split('\\').join('/'))
    .filter((f) => !f.split('/').includes('node_modules'));
}

/** Each file's imports that name another file of the graph. */
export function importGraph(
  files: readonly string[],
  read = (f: string) => readFileSync(join(ROOT, f), 'utf8'),
) {
  const known = new Set(files);
  return new Map(
    files.map((f) => [
      f,
      importsOf(read(f))
        .map((s) => resolveImport(f, s))
        .filter((t) => known.has(t)),
    ]),
  );
}

/**
 * The import circles of a graph: its strongly connected components of more than one file, or of one file
 * that imports itself (Tarjan's algorithm), each sorted, so a circle reads the same however it is entered.
 */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}
