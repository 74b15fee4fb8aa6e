// The check catalogue as plain rows (id, level, spec, title, needs) for --list and the report's scope,
// read from suites/index.ts without running anything.

import { ALL_CHECKS } from '../suites/index.ts';
import { selectChecks } from './check.ts';

export interface CatalogueRow {
  id: string;
  level: string;
  spec: string;
  title: string;
  requirement: string;
  suite: string;
  needs: { probe?: boolean };
}

export function catalogue(only: string[] = [], skip: string[] = []): CatalogueRow[] {
  return selectChecks(ALL_CHECKS, only, skip).map(
    ({ id, level, spec, title, requirement, suite, needs }) => ({
      id,
      level,
      spec,
      title,
      requirement,
      suite,
      needs,
    }),
  );
}
