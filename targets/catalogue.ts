// The zoo: every targets/<id>/target.ts, found by folder so adding a target touches only its folder.
// Test support only (see zoo-target.ts).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ZooTarget } from './zoo-target.ts';

export const TARGETS_DIR = fileURLToPath(new URL('.', import.meta.url));
export const SEED_FILE = join(TARGETS_DIR, 'seed.json');

export async function loadZoo(): Promise<ZooTarget[]> {
  const ids = readdirSync(TARGETS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(TARGETS_DIR, e.name, 'target.ts')))
    .map((e) => e.name)
    .sort();
  const out: ZooTarget[] = [];
  for (const id of ids) {
    const mod = (await import(pathToFileURL(join(TARGETS_DIR, id, 'target.ts')).href)) as {
      target: ZooTarget;
    };
    if (mod.target.id !== id) throw new Error(`targets/${id}/target.ts names itself ${mod.target.id}`);
    out.push(mod.target);
  }
  return out;
}
