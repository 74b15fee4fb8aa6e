// Escaping and the small shared pieces of the HTML report. Everything from the target passes through esc():
// the page must never run or load anything a server sent.
import type { Level, Status } from '../../check/model.ts';

export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const STATUS_LABEL: Record<Status | 'not-run', string> = {
  pass: 'PASS',
  fail: 'FAIL',
  warn: 'WARN',
  info: 'INFO',
  skip: 'SKIP',
  error: 'ERROR',
  'not-run': 'NOT RUN',
};

export function badge(s: Status | 'not-run'): string {
  return `<span class="s s-${s}">${STATUS_LABEL[s]}</span>`;
}

export function levelTag(level: Level): string {
  return `<span class="lvl lvl-${level}">${level}</span>`;
}

/** The anchor of a rule in the traceability matrix. */
export function ruleAnchor(id: string): string {
  return `rule-${id.replace(/[^a-z0-9.-]/gi, '_')}`;
}

export function ruleLinks(rules: readonly string[]): string {
  return rules.map((r) => `<a class="rule id" href="#${ruleAnchor(r)}">${esc(r)}</a>`).join(' ');
}

export function definitionList(rows: ReadonlyArray<readonly [string, string]>): string {
  return `<dl>${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>`;
}
