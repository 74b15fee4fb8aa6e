// What --list prints: every selected check (id, level, spec rules, spec reference, title), then every spec rule
// with the checks that cite it, as tables that stay aligned within WIDTH columns: a long cell wraps inside its
// own column instead of pushing the others right. Text only; sends nothing.
import { catalogue, ruleCoverage } from '../engine/catalogue.ts';

/** The width --list fits: a common terminal, and what a CI log shows without wrapping. */
export const WIDTH = 120;

/** `text` cut into lines of at most `width`, at spaces or after commas; a longer word is cut where it must. */
export function wrap(text: string, width: number): string[] {
  const words = text.split(/(?<=,)|\s+/).filter((w) => w !== '');
  const lines: string[] = [];
  let line = '';
  for (let word of words) {
    const joined = line === '' || line.endsWith(',') ? `${line}${word}` : `${line} ${word}`;
    if (joined.length <= width) {
      line = joined;
      continue;
    }
    if (line !== '') lines.push(line);
    while (word.length > width) {
      lines.push(word.slice(0, width));
      word = word.slice(width);
    }
    line = word;
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/** Rows as lines: each cell wrapped to its column's width, the last column taking what is left of WIDTH. */
export function table(rows: readonly string[][], widths: readonly number[]): string[] {
  const last = WIDTH - widths.reduce((a, w) => a + w + 1, 0);
  const all = [...widths, last];
  const out: string[] = [];
  for (const row of rows) {
    const cells = row.map((cell, i) => wrap(cell, all[i]!));
    const height = Math.max(...cells.map((c) => c.length));
    for (let k = 0; k < height; k++)
      out.push(
        cells
          .map((c, i) => (i === cells.length - 1 ? (c[k] ?? '') : (c[k] ?? '').padEnd(all[i]!)))
          .join(' ')
          .trimEnd(),
      );
  }
  return out;
}

export function listLines(only: string[], skip: string[]): string[] {
  const rows = catalogue(only, skip);
  const idWidth = Math.max(...rows.map((c) => c.id.length));
  const lines = table(
    rows.map((c) => [c.id, c.level, c.rules.join(','), c.spec, c.title]),
    [idWidth, 6, 18, 26],
  );
  lines.push(`${rows.length} checks`, '');
  const coverage = ruleCoverage(only, skip);
  const ruleWidth = Math.max(...coverage.rules.map((r) => r.id.length));
  lines.push(
    ...table(
      coverage.rules.map((r) => [
        r.id,
        r.kind,
        r.section,
        r.checks.length > 0
          ? r.checks.map((c) => c.id).join(',')
          : r.uncovered !== undefined
            ? `none: ${r.uncovered}`
            : `none (${r.kind})`,
      ]),
      [ruleWidth, 12, 28],
    ),
  );
  lines.push(
    `${coverage.rules.length} spec rules; ${coverage.covered} of ${coverage.testable} testable rules covered by these checks`,
  );
  return lines;
}
