// One check as a card: requirement, clause linked to its rules in the matrix, the sentences that bind the
// server (its basis), expected against actual (schema failures as a table), property seed and path, the
// redacted exchanges and the reproduction.
import type { CheckResult, Status } from '../../check/model.ts';
import { KEY_VARIABLE } from '../../http/redact.ts';
import type { Exchange } from '../../http/transcript.ts';
import { badge, definitionList, esc, levelTag, ruleLinks } from './escape.ts';

/** Bodies longer than this are cut on the page (report.json and transcript.har keep the transcript's cut). */
const BODY_CHARS = 3000;
/** How many cited exchanges a finding shows unfolded. */
const OPEN_CITED = 3;

function exchangeText(x: Exchange): string {
  const head = `${x.request.method} ${x.request.url}`;
  const reqHeaders = Object.entries(x.request.headers).map(([k, v]) => `${k}: ${v}`);
  if (!x.response)
    return [head, ...reqHeaders, '', `no response: ${x.error?.code ?? ''} ${x.error?.message ?? ''}`].join(
      '\n',
    );
  const r = x.response;
  const resHeaders = Object.entries(r.headers).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((one) => `${k}: ${one}`),
  );
  const body =
    r.body.length > BODY_CHARS ? `${r.body.slice(0, BODY_CHARS)}\n… (${r.bodyBytes} bytes in all)` : r.body;
  const omitted = r.headersOmitted
    ? [`… ${r.headersOmitted.lines} more header lines (${r.headersOmitted.chars} characters), not recorded`]
    : [];
  return [head, ...reqHeaders, '', `HTTP ${r.status}`, ...resHeaders, ...omitted, '', body].join('\n');
}

export function exchangeHtml(x: Exchange, open: boolean): string {
  const head = `${x.request.method} ${x.request.url}`;
  const outcome = x.response ? `→ ${x.response.status}` : `: ${x.error?.code ?? 'no response'}`;
  return `<details class="exchange"${open ? ' open' : ''}><summary>#${x.seq} ${esc(head)} ${esc(outcome)} <span class="muted">(${x.durationMs} ms)</span></summary><pre>${esc(exchangeText(x))}</pre></details>`;
}

function expectedActual(c: CheckResult): string {
  if (c.expected === undefined && c.actual === undefined) return '';
  return `<div class="xa"><div><b>Expected</b><code>${esc(c.expected ?? '(see requirement)')}</code></div><div><b>Actual</b><code>${esc(c.actual ?? '(see message)')}</code></div></div>`;
}

function schemaTable(c: CheckResult): string {
  if (!c.schemaIssues || c.schemaIssues.length === 0) return '';
  const rows = c.schemaIssues
    .map(
      (i) =>
        `<tr><td><code>${esc(i.path === '' ? '(root)' : i.path)}</code></td><td>${esc(i.expected)}</td><td><code>${esc(i.actual)}</code></td></tr>`,
    )
    .join('');
  return `<table class="schema"><tr><th>Instance path</th><th>Expected</th><th>Actual value</th></tr>${rows}</table>`;
}

function propertyHtml(c: CheckResult): string {
  if (!c.property) return '';
  const p = c.property;
  const replay = p.replay ? `; replay: <code>${esc(p.replay)}</code>` : '';
  return `<p class="prop">Property: seed <code>${p.seed}</code>, path <code>${esc(p.path ?? 'none (no counterexample)')}</code>${replay}</p>`;
}

/** Each sentence the check rests on, quoted under its source (spec section or RFC section). */
function basisHtml(c: CheckResult): string {
  return (c.basis ?? [])
    .map((b) => `<div class="basis"><span class="muted">${esc(b.source)}</span> <q>${esc(b.text)}</q></div>`)
    .join('');
}

export type CardKind = 'fail' | 'warn' | 'ne' | 'info' | 'plain';

export function cardKind(status: Status, level: CheckResult['level']): CardKind {
  if (status === 'fail') return 'fail';
  if (status === 'warn') return 'warn';
  if (status === 'error' || (status === 'skip' && level === 'MUST')) return 'ne';
  return status === 'info' ? 'info' : 'plain';
}

/**
 * A full card. `evidenceOpen` shows the exchanges unfolded (findings); elsewhere they are folded on screen
 * and unfolded in print.
 */
export function cardHtml(c: CheckResult, evidenceOpen: boolean, idPrefix = ''): string {
  const kind = cardKind(c.status, c.level);
  const rows: Array<[string, string]> = [
    ['Requirement', esc(c.requirement)],
    ...(c.rationale ? [['Why', `<span class="muted">${esc(c.rationale)}</span>`] as [string, string]] : []),
    ['Clause', `${ruleLinks(c.rules)} <span class="muted">${esc(c.spec)}</span>`],
    ...(c.basis?.length ? [['Basis', basisHtml(c)] as [string, string]] : []),
    ['Sends', esc(c.title)],
  ];
  const details =
    c.details.length > 0
      ? `<ul class="details">${c.details.map((d) => `<li>${esc(d)}</li>`).join('')}</ul>`
      : '';
  const repro =
    c.reproduction.length > 0
      ? `<p>Reproduce (POSIX shell; the key is read from <code>$${KEY_VARIABLE}</code>):</p><pre class="repro">${esc(c.reproduction.join('\n'))}</pre>`
      : '';
  // Unfolded: the exchanges the findings cite (the first few), or the only one; the rest stay one line each.
  const unfold = new Set(
    (c.cited ?? (c.exchanges.length === 1 ? [c.exchanges[0]!.seq] : [])).slice(0, OPEN_CITED),
  );
  const evidence =
    c.exchanges.length > 0
      ? `<p>Evidence (${c.exchanges.length} exchange${c.exchanges.length === 1 ? '' : 's'}, redacted; every exchange of the run is in transcript.har):</p>${c.exchanges.map((x) => exchangeHtml(x, evidenceOpen && unfold.has(x.seq))).join('')}`
      : '';
  return `<section class="card card-${kind}" id="${idPrefix}${esc(c.id)}"><h3>${badge(c.status)} ${levelTag(c.level)} <code class="id">${esc(c.id)}</code></h3><p class="msg">${esc(c.message)}</p>${definitionList(rows)}${expectedActual(c)}${schemaTable(c)}${propertyHtml(c)}${details}<div class="ev">${repro}${evidence}</div></section>`;
}
