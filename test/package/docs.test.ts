// README.md, docs/ and .env.example stay true to the settings the command reads (lib/config/settings.ts), the
// exit codes it gives, and each other: every page linked from the README, every relative link resolving.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'dotenv';
import { describe, expect, it } from 'vitest';
import { catalogueMarkdown } from '../../docs/checks-markdown.ts';
import { withTables } from '../../docs/reference-tables.ts';
import { withSettingsTable } from '../../docs/settings-markdown.ts';
import { loadConfig } from '../../lib/config/load.ts';
import { SETTINGS } from '../../lib/config/settings.ts';
import { EXIT } from '../../lib/errors.ts';
import { exitCodeOf } from '../../lib/report/model.ts';
import { ROOT } from '../support/cli.ts';
import { toleratedVariants } from '../variants/index.ts';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
const running = readFileSync(join(ROOT, 'docs', 'running.md'), 'utf8');
const settingsPage = readFileSync(join(ROOT, 'docs', 'settings.md'), 'utf8');
const pages = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));

describe('documentation', () => {
  it('.env.example lists every setting with its default', () => {
    const vars = parse(example);
    for (const s of SETTINGS) {
      expect(Object.keys(vars), s.env).toContain(s.env);
      expect(vars[s.env], s.env).toBe(s.default);
    }
    expect(Object.keys(vars).length).toBe(SETTINGS.length);
  });

  it('.env.example, used as a dotenv file, is a valid configuration', () => {
    const config = loadConfig(['--env-file', join(ROOT, '.env.example')], { env: {} });
    expect(config.target.kind).toBe('embedded');
  });

  it('docs/checks.md is the current catalogue (regenerate with npm run docs)', () => {
    expect(readFileSync(join(ROOT, 'docs', 'checks.md'), 'utf8')).toBe(
      catalogueMarkdown(toleratedVariants()),
    );
  });

  it('the fault and variant tables of reference/README.md are the catalogues (regenerate with npm run docs)', () => {
    const text = readFileSync(join(ROOT, 'reference', 'README.md'), 'utf8');
    expect(text).toBe(withTables(text));
  });

  it('docs/settings.md is the settings table of the command (regenerate with npm run docs)', () => {
    expect(settingsPage).toBe(withSettingsTable(settingsPage));
    for (const st of SETTINGS) {
      expect(settingsPage, st.flag).toContain(`\`${st.flag}`);
      expect(settingsPage, st.env).toContain(st.env);
    }
  });

  it('README is read in one sitting: the set-up commands, the exit codes, and a link to every page of docs/', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(350);
    expect(readme).toContain('npm ci');
    expect(readme).toContain('npm run conformance');
    expect(readme).toContain('npm test');
    expect(readme).toContain('npm run reference');
    for (const code of ['`0`', '`1`', '`2`', '`3`', '`4`']) expect(readme).toContain(code);
    expect(pages.length).toBeGreaterThan(5);
    for (const page of pages.filter((p) => p !== 'fault-pairs.md' && p !== 'rfc-excerpts.md'))
      expect(readme, page).toContain(`](docs/${page})`);
  });

  it('every relative link of README, docs/ and reference/README.md names a file that exists', () => {
    const files = ['README.md', 'reference/README.md', ...pages.map((p) => `docs/${p}`)];
    let links = 0;
    for (const file of files) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const m of text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(m[1]!)) continue;
        links++;
        expect(existsSync(join(ROOT, dirname(file), m[1]!)), `${file} → ${m[1]}`).toBe(true);
      }
    }
    expect(links).toBeGreaterThan(15);
  });

  it('no command line in README or docs/ carries a key: keys go in the environment or an env file', () => {
    const docs = pages.map((p) => readFileSync(join(ROOT, 'docs', p), 'utf8')).join('\n');
    const commands = [...`${readme}\n${docs}`.matchAll(/```(?:sh|yaml)\n([\s\S]*?)```/g)].flatMap((m) =>
      m[1]!.split('\n'),
    );
    expect(commands.length).toBeGreaterThan(10);
    expect(commands.filter((l) => /--(second-)?api-key\b/.test(l))).toEqual([]);
  });

  it("the exit-code tables are the code's: every code of EXIT, each row of docs/running.md naming what gives it", () => {
    const short = readme.slice(readme.indexOf('### Exit codes'), readme.indexOf('## In CI'));
    const shortRows = [...short.matchAll(/^\| `(\d)` \| (.*) \|$/gm)].map((m) => Number(m[1]));
    expect(shortRows.sort()).toEqual(Object.values(EXIT).sort());
    const table = running.slice(running.indexOf('## Exit codes'), running.indexOf('**Plan, then send.**'));
    const rows = new Map(
      [...table.matchAll(/^\| `(\d)` \| (.*) \|$/gm)].map((m) => [Number(m[1]), m[2]!] as const),
    );
    expect([...rows.keys()].sort()).toEqual(Object.values(EXIT).sort());
    // What the code decides (lib/report/model.ts gateOf, lib/errors.ts, cli/) is what the rows say.
    expect(rows.get(EXIT.conformant)).toMatch(/no MUST failed.*--fail-on warn.*--baseline/);
    expect(rows.get(EXIT.nonConformant)).toMatch(/MUST failed.*--fail-on warn.*stale baseline/);
    expect(rows.get(EXIT.usage)).toMatch(/env file.*--only.*CI.*--embedded.*certification.*Nothing was sent/);
    expect(rows.get(EXIT.usage)).toMatch(
      /--min-must-evaluated.*fixtures ledger.*https to a port that serves plain http/,
    );
    expect(rows.get(EXIT.incomplete)).toMatch(
      /request budget.*wait limit.*`--max-requests 40` is exit 3.*--min-must-evaluated.*by default in CI/,
    );
    expect(rows.get(EXIT.unreachable)).toMatch(/could not be reached.*--wait-for-target.*answered none/);
    expect(exitCodeOf('conformant')).toBe(EXIT.conformant);
    expect(exitCodeOf('non-conformant')).toBe(EXIT.nonConformant);
    expect(exitCodeOf('incomplete')).toBe(EXIT.incomplete);
  });
});
