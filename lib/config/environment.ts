// What the environment says beyond the settings: an ORDER_STORE_* variable no setting reads (a typo that would
// silently change the run), and whether the run is in CI. Read by load.ts only, on the variables it is handed.
import { SETTINGS } from './settings.ts';

/** Edit distance, for naming the setting a misspelt ORDER_STORE_* variable most likely meant. */
export function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** The name among `known` closest to `name` (a misspelling's most likely meaning). */
export function closest(name: string, known: readonly string[]): string {
  return known.reduce((best, x) => (distance(name, x) < distance(name, best) ? x : best));
}

/** A warning for each ORDER_STORE_* variable no setting reads, naming the closest known one. */
export function unknownVariables(vars: Record<string, string | undefined>, where: string): string[] {
  const known = SETTINGS.map((s) => s.env as string);
  return Object.keys(vars)
    .filter((k) => k.startsWith('ORDER_STORE_') && !known.includes(k))
    .map((k) => `${k} (${where}) is not a setting and is ignored; did you mean ${closest(k, known)}?`);
}

/** The CI variable as CI systems set it (GitHub Actions, GitLab CI and most others: CI=true). */
export function inCi(env: Record<string, string | undefined>): boolean {
  const v = env.CI;
  return v !== undefined && v !== '' && !/^(0|false|no|off)$/i.test(v);
}
