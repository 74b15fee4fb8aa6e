// The fault and variant tables of reference/README.md, from the catalogues (npm run docs writes them between
// their markers; test/package/docs.test.ts fails when they are out of date). Text only; writes nothing.
import { FAULTS, VARIANTS } from '../reference/server.ts';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export const TABLES = {
  faults: [
    '| id | area | acts on | breaks | description |',
    '|---|---|---|---|---|',
    ...FAULTS.map(
      (f) => `| \`${f.id}\` | ${f.area} | ${f.acts} | ${cell(f.breaks)} | ${cell(f.description)} |`,
    ),
  ].join('\n'),
  variants: [
    '| id | area | allows | description |',
    '|---|---|---|---|',
    ...VARIANTS.map((v) => `| \`${v.id}\` | ${v.area} | ${cell(v.allows)} | ${cell(v.description)} |`),
  ].join('\n'),
};

/** `text` with each table between its markers (`<!-- faults:begin -->` … `<!-- faults:end -->`) made anew. */
export function withTables(text: string): string {
  let out = text;
  for (const [name, table] of Object.entries(TABLES)) {
    const begin = `<!-- ${name}:begin (npm run docs) -->`;
    const end = `<!-- ${name}:end -->`;
    const i = out.indexOf(begin);
    const j = out.indexOf(end);
    if (i < 0 || j < i) throw new Error(`reference/README.md lacks the ${name} markers`);
    out = `${out.slice(0, i + begin.length)}\n${table}\n${out.slice(j)}`;
  }
  return out;
}
