// The check catalogue as plain rows (id, level, spec, title, needs) for --list and the report's scope,
// read from suites/index.ts without running anything.

import { selectChecks } from '../lib/check/model.ts';
import { ALL_CHECKS } from '../suites/index.ts';

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

/** The catalogue as a Markdown page (docs/checks.md): one table per suite, with every requirement. */
export function catalogueMarkdown(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const lines = [
    '# Check catalogue',
    '',
    'Generated from `suites/` by `npm run docs`; `npm test` fails when it is out of date.',
    'Levels: MUST (a failure makes the target non-conformant), SHOULD (a warning), INFO (recorded, the spec',
    'says "not shown").',
  ];
  let suite = '';
  for (const c of catalogue()) {
    if (c.suite !== suite) {
      suite = c.suite;
      lines.push(
        '',
        `## ${suite}`,
        '',
        '| Id | Level | Spec | Requirement | Sends |',
        '|---|---|---|---|---|',
      );
    }
    lines.push(`| \`${c.id}\` | ${c.level} | ${cell(c.spec)} | ${cell(c.requirement)} | ${cell(c.title)} |`);
  }
  return `${lines.join('\n')}\n`;
}
