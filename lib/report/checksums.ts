// SHA256SUMS of a run folder (the format of sha256sum(1), so `sha256sum -c SHA256SUMS` checks it too) and
// its verification: which file differs, is missing or was added since. Reads files; writes none.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sha256 } from './provenance.ts';

export const SUMS_FILE = 'SHA256SUMS';

/** `<hex>  <name>` per file, sorted by name, as sha256sum(1) writes them. */
export function sumsText(
  files: ReadonlyMap<string, string | Buffer>,
  /** Files written piece by piece, by their digest as written. */
  digests: ReadonlyMap<string, string> = new Map(),
): string {
  return [...files.keys(), ...digests.keys()]
    .sort()
    .map((name) => `${digests.get(name) ?? sha256(files.get(name)!)}  ${name}\n`)
    .join('');
}

export function parseSums(text: string): Map<string, string> | string {
  const sums = new Map<string, string>();
  for (const [i, line] of text.split('\n').entries()) {
    if (line === '') continue;
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (!m) return `line ${i + 1} is not "<sha256>  <file>"`;
    sums.set(m[2]!, m[1]!);
  }
  return sums;
}

export interface Mismatch {
  file: string;
  problem: 'differs' | 'missing' | 'not listed';
}

/** What in `dir` no longer matches its SHA256SUMS; a string when SHA256SUMS itself cannot be read. */
export function verifyDir(dir: string): Mismatch[] | string {
  const sumsPath = join(dir, SUMS_FILE);
  if (!existsSync(sumsPath)) return `${sumsPath} does not exist (is ${dir} a run folder?)`;
  const sums = parseSums(readFileSync(sumsPath, 'utf8'));
  if (typeof sums === 'string') return `${sumsPath}: ${sums}`;
  const out: Mismatch[] = [];
  for (const [file, hex] of sums) {
    const path = join(dir, file);
    if (!existsSync(path)) out.push({ file, problem: 'missing' });
    else if (sha256(readFileSync(path)) !== hex) out.push({ file, problem: 'differs' });
  }
  for (const file of readdirSync(dir).sort()) {
    if (file === SUMS_FILE || sums.has(file) || !statSync(join(dir, file)).isFile()) continue;
    out.push({ file, problem: 'not listed' });
  }
  return out;
}
