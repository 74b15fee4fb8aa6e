// Where the package's own files are (package.json, schemas/): the nearest folder above this module that
// holds a package.json, so the same code finds them from the TypeScript sources and from the build (dist/).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json in any folder above ${from}`);
  }
}

export const PACKAGE_ROOT = packageRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the package, e.g. packagePath('schemas', 'order.schema.json'). */
export function packagePath(...parts: string[]): string {
  return join(PACKAGE_ROOT, ...parts);
}
