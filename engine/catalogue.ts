// The check catalogue as plain rows (id, level, rules, spec, title, needs) for --list, docs/checks.md and the
// report's scope, read from suites/ without running anything; and the selection a run makes of it, once.

import { type Level, type Needs, selectChecks } from '../lib/check/model.ts';
import { closest, distance } from '../lib/config/environment.ts';
import { commandRef } from '../lib/config/setting-ref.ts';
import { envAndFlag } from '../lib/config/settings.ts';
import { UsageError } from '../lib/errors.ts';
import { type Coverage, coverageOf } from '../lib/report/coverage.ts';
import { ALL_CHECKS, SPEC_RULES } from '../suites/index.ts';

export interface CatalogueRow {
  id: string;
  level: Level;
  rules: readonly string[];
  spec: string;
  title: string;
  requirement: string;
  rationale?: string;
  suite: string;
  needs: Needs;
}

export function catalogue(only: string[] = [], skip: string[] = []): CatalogueRow[] {
  return selectChecks(ALL_CHECKS, only, skip).map(
    ({ id, level, rules, spec, title, requirement, rationale, suite, needs }) => ({
      id,
      level,
      rules,
      spec,
      title,
      requirement,
      ...(rationale !== undefined ? { rationale } : {}),
      suite,
      needs,
    }),
  );
}

/** ` (did you mean X?)` for a prefix one or two edits from a check id or a prefix of one, else ''. */
function nearest(prefix: string, all: readonly CatalogueRow[]): string {
  // The ids and their prefixes at each dash (LIST-, LIST-STATUS-...), which is how users select.
  const candidates = [
    ...new Set(all.flatMap((c) => c.id.split('-').map((_, i, parts) => parts.slice(0, i + 1).join('-')))),
  ];
  const guess = closest(prefix.replace(/-$/, ''), candidates);
  return distance(prefix.replace(/-$/, ''), guess) <= 2
    ? ` (did you mean ${guess}${prefix.endsWith('-') ? '-' : ''}?)`
    : '';
}

/** What is wrong with --only/--skip: a prefix that names no check, or a selection that keeps none. */
export function selectionProblem(only: string[], skip: string[]): string | undefined {
  const all = catalogue();
  for (const [key, prefixes] of [
    ['only', only],
    ['skip', skip],
  ] as const) {
    const none = prefixes.filter((p) => !all.some((c) => c.id.startsWith(p)));
    if (none.length > 0)
      return `${envAndFlag(key)}: ${none.map((p) => `${p}${nearest(p, all)}`).join(', ')} matches no check id; see ${commandRef('list')} for the ids`;
  }
  if (catalogue(only, skip).length === 0)
    return `${envAndFlag('only')} and ${envAndFlag('skip')} together leave no check to run; see ${commandRef('list')}`;
  return undefined;
}

/** The checks --only and --skip select, in run order; a selection that names no check is a UsageError. */
export function selection(only: string[], skip: string[]): CatalogueRow[] {
  const problem = selectionProblem(only, skip);
  if (problem) throw new UsageError(problem);
  return catalogue(only, skip);
}

/** The spec's rules as the selection covers them (no results: every citing check is `not-run`). */
export function ruleCoverage(only: string[] = [], skip: string[] = []): Coverage {
  return coverageOf(
    SPEC_RULES,
    ALL_CHECKS,
    catalogue(only, skip).map((c) => c.id),
    [],
  );
}
