// The settings table of docs/settings.md, made from lib/config/settings.ts (npm run docs writes it between its
// markers; test/package/docs.test.ts fails when it is out of date), so the reference cannot drift from the command.
import { renderSettings } from '../lib/config/setting-words.ts';
import { SETTINGS, type Setting } from '../lib/config/settings.ts';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const METAVAR: Record<Setting['kind'], string> = {
  string: ' VALUE',
  integer: ' N',
  boolean: '',
  list: ' A,B',
  headers: ' "NAME: VALUE"',
};

function row(s: Setting): string {
  const flag = `\`${s.flag}${METAVAR[s.kind]}\`${s.short ? ` (\`-${s.short}\`)` : ''}`;
  const values = s.values ? ` Values: ${s.values.map((v) => `\`${v}\``).join(', ')}.` : '';
  const dflt = s.default === '' ? '' : `\`${s.default}\``;
  return `| ${flag} | \`${s.env}\` | ${dflt} | ${cell(renderSettings(s.help, 'cli'))}${values} |`;
}

export const SETTINGS_TABLE = [
  '| Flag | Environment | Default | Meaning |',
  '|---|---|---|---|',
  ...SETTINGS.map(row),
].join('\n');

const BEGIN = '<!-- settings:begin (npm run docs) -->';
const END = '<!-- settings:end -->';

/** `text` with the settings table between its markers made anew. */
export function withSettingsTable(text: string): string {
  const i = text.indexOf(BEGIN);
  const j = text.indexOf(END);
  if (i < 0 || j < i) throw new Error('docs/settings.md lacks the settings markers');
  return `${text.slice(0, i + BEGIN.length)}\n${SETTINGS_TABLE}\n${text.slice(j)}`;
}
