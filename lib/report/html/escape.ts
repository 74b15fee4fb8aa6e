// Escaping and the small shared pieces of the HTML report. Everything from the target passes through esc():
// the page must never run or load anything a server sent, nor hide or reorder text (bidi overrides).
import type { Level, Status } from '../../check/model.ts';
import { visible } from '../text/inert.ts';

/**
 * Text as HTML: markup characters as references, and every control or invisible format character written
 * out (`\u202e`), tabs and line feeds kept for the bodies shown in a <pre>.
 */
export function esc(text: string): string {
  return visible(text, true).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page's Content-Security-Policy: nothing loads, nothing runs, no form posts, no base URL; only the
 * page's own <style> and inline SVG. A second wall behind esc(), should markup ever slip through.
 */
export const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

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
