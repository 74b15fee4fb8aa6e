// No flag or variable of a setting is spelled below the faces: lib/, engine/ and suites/ name a setting by a
// token (lib/config/setting-ref.ts) that cli/ renders as `--flag / ENV` and api/ as the key. Reads the string
// literals of their sources (tests left out) with the TypeScript parser, so comments may still say --seed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../lib/config/settings.ts';
import { ROOT } from '../support/cli.ts';
import { sourceFiles } from '../support/imports.ts';

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A setting's flag as a word of its own (--list, not --list-faults), or its variable (not a longer name). */
const SPELLING = new RegExp(
  [
    ...SETTINGS.map((s) => `(?<![\\w-])${literal(s.flag)}(?![\\w-])`),
    ...SETTINGS.map((s) => `(?<![\\w$])${literal(s.env)}(?!\\w)`),
  ].join('|'),
  'g',
);

/**
 * Spellings that name no setting, by file: CSS custom properties of the HTML report (`--skip:` is a colour).
 * Keep this short; a setting gets a token, never an entry here.
 */
const NOT_A_SETTING: Record<string, RegExp> = {
  'lib/report/html/css.ts': /^--(skip|list|only|plan)$/,
};

/** The catalogue's own rows (lib/config/settings/, by area) declare each flag and variable: the one place they are written. */
const isCatalogueField = (file: string, node: ts.Node) =>
  file.startsWith('lib/config/settings/') &&
  ts.isPropertyAssignment(node.parent) &&
  ts.isIdentifier(node.parent.name) &&
  ['flag', 'env'].includes(node.parent.name.text);

/** Every literal piece of text in `file` (strings and the fixed parts of templates), with its line. */
function literals(file: string): Array<{ line: number; text: string; node: ts.Node }> {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: Array<{ line: number; text: string; node: ts.Node }> = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    )
      out.push({
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        text: node.text,
        node,
      });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const SOURCES = ['lib', 'engine', 'suites']
  .flatMap(sourceFiles)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** Each spelling of a setting in the sources' literals, as "file:line: spelling". */
function spellings(): string[] {
  const found: string[] = [];
  for (const file of SOURCES)
    for (const { line, text, node } of literals(file)) {
      if (isCatalogueField(file, node)) continue;
      for (const m of text.matchAll(SPELLING))
        if (!NOT_A_SETTING[file]?.test(m[0])) found.push(`${file}:${line}: ${m[0]}`);
    }
  return found;
}

describe('setting spellings', () => {
  it('reads the sources it guards', () => {
    expect(SOURCES.length).toBeGreaterThan(100);
    expect(SOURCES).toContain('lib/config/settings.ts');
    expect(SOURCES).toContain('lib/config/settings/target.ts');
    expect(SOURCES).toContain('suites/index.ts');
  });

  it('finds a spelling where there is one, and not in a longer word or a token', () => {
    const probe = (s: string) => [...s.matchAll(SPELLING)].map((m) => m[0]);
    expect(probe('set --plan / ORDER_STORE_PLAN, not --list-faults or $ORDER_STORE_HEADER_X')).toEqual([
      '--plan',
      'ORDER_STORE_PLAN',
    ]);
    expect(probe('set ⟦setting:plan⟧ and ⟦flag:seed⟧')).toEqual([]);
  });

  it('lib/, engine/ and suites/ spell no flag or variable of a setting in a string', () => {
    expect(spellings()).toEqual([]);
  });

  it('and read no flag off a settings row to put in a message', () => {
    const reads = SOURCES.filter((f) => !f.startsWith('lib/config/')).flatMap((f) =>
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .flatMap((l, i) => (/settingOf\([^)]*\)\.flag\b/.test(l) ? [`${f}:${i + 1}`] : [])),
    );
    expect(reads).toEqual([]);
  });
});
