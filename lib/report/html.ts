// The human report: one self-contained HTML file (no scripts, no external assets) an auditor can read
// offline. Findings first, then every check with its requirement, spec clause, evidence and reproduction.
import type { CheckResult, Status } from '../check/model.ts';
import type { Exchange } from '../http/transcript.ts';
import type { Report } from './model.ts';

/** Bodies longer than this are cut in the human report (report.json keeps the transcript's cut). */
const BODY_CHARS = 4000;

export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STATUS_LABEL: Record<Status, string> = {
  pass: 'PASS',
  fail: 'FAIL',
  warn: 'WARN',
  info: 'INFO',
  skip: 'SKIP',
  error: 'ERROR',
};

const VERDICT_TEXT: Record<Report['verdict'], string> = {
  conformant: 'Conformant',
  'non-conformant': 'Not conformant',
  incomplete: 'Incomplete: no verdict',
};

const CSS = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1.5rem;color:#1b1f24}
h1{font-size:1.5rem;margin:0 0 .5rem}h2{margin-top:2rem;border-bottom:1px solid #d0d7de}h3{margin:.2rem 0}
.verdict{padding:1rem 1.25rem;border-radius:.5rem;font-size:1.25rem;font-weight:600;margin:1rem 0}
.v-conformant{background:#dafbe1}.v-non-conformant{background:#ffebe9}.v-incomplete{background:#fff8c5}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eaeef2;padding:.3rem .5rem;text-align:left;vertical-align:top}
.s{font-weight:700;font-family:ui-monospace,monospace;white-space:nowrap}
.s-pass{color:#1a7f37}.s-fail{color:#cf222e}.s-warn{color:#9a6700}.s-info{color:#0969da}.s-skip{color:#6e7781}.s-error{color:#8250df}
.check{border:1px solid #d0d7de;border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0}
pre{background:#f6f8fa;padding:.5rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all;font-size:12.5px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:.5rem 0}dt{color:#57606a}dd{margin:0}
code{font-family:ui-monospace,monospace}`;

function statusCell(s: Status): string {
  return `<span class="s s-${s}">${STATUS_LABEL[s]}</span>`;
}

function exchangeHtml(x: Exchange): string {
  const reqHeaders = Object.entries(x.request.headers).map(([k, v]) => `${k}: ${v}`);
  const head = `${x.request.method} ${x.request.url}`;
  if (!x.response) {
    return `<details><summary>#${x.seq} ${esc(head)}: ${esc(x.error?.code ?? 'no response')}</summary><pre>${esc([head, ...reqHeaders, '', `transport error: ${x.error?.message ?? ''}`].join('\n'))}</pre></details>`;
  }
  const r = x.response;
  const resHeaders = Object.entries(r.headers).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((one) => `${k}: ${one}`),
  );
  const bodyText =
    r.body.length > BODY_CHARS ? `${r.body.slice(0, BODY_CHARS)}\n… (${r.bodyBytes} bytes in all)` : r.body;
  const text = [head, ...reqHeaders, '', `HTTP ${r.status}`, ...resHeaders, '', bodyText].join('\n');
  return `<details><summary>#${x.seq} ${esc(head)} → ${r.status} (${x.durationMs} ms, ${x.startedAt})</summary><pre>${esc(text)}</pre></details>`;
}

function checkHtml(c: CheckResult): string {
  const rows: Array<[string, string]> = [
    ['Requirement', esc(c.requirement)],
    ['Spec', esc(c.spec)],
    ['Level', esc(c.level)],
    ['Sends', esc(c.title)],
    ['Result', `${statusCell(c.status)} ${esc(c.message)}`],
  ];
  if (c.expected !== undefined) rows.push(['Expected', `<code>${esc(c.expected)}</code>`]);
  if (c.actual !== undefined) rows.push(['Actual', `<code>${esc(c.actual)}</code>`]);
  const details =
    c.details.length > 0 ? `<ul>${c.details.map((d) => `<li>${esc(d)}</li>`).join('')}</ul>` : '';
  const repro =
    c.reproduction.length > 0
      ? `<p>Reproduce (the key is read from <code>$ORDER_STORE_API_KEY</code>):</p><pre>${esc(c.reproduction.join('\n'))}</pre>`
      : '';
  const evidence = c.exchanges.length > 0 ? `<p>Evidence:</p>${c.exchanges.map(exchangeHtml).join('')}` : '';
  return `<section class="check" id="${esc(c.id)}"><h3>${statusCell(c.status)} ${esc(c.id)}</h3><dl>${rows
    .map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`)
    .join('')}</dl>${details}${repro}${evidence}</section>`;
}

function row(c: CheckResult): string {
  return `<tr><td>${statusCell(c.status)}</td><td><a href="#${esc(c.id)}"><code>${esc(c.id)}</code></a></td><td>${esc(c.level)}</td><td>${esc(c.spec)}</td><td>${esc(c.message)}</td></tr>`;
}

export function htmlReport(report: Report): string {
  const findings = report.checks.filter(
    (c) => c.status === 'fail' || c.status === 'warn' || c.status === 'error',
  );
  const suites = new Map<string, CheckResult[]>();
  for (const c of report.checks) suites.set(c.suite, [...(suites.get(c.suite) ?? []), c]);
  const counts = (['pass', 'fail', 'warn', 'info', 'skip', 'error'] as const)
    .map((s) => `${report.counts[s]} ${s}`)
    .join(' · ');
  const scope: string[] = [];
  if (report.scope.only.length > 0) scope.push(`only checks starting with ${report.scope.only.join(', ')}`);
  if (report.scope.skip.length > 0)
    scope.push(`leaving out checks starting with ${report.scope.skip.join(', ')}`);
  if (report.scope.rateLimitProbe !== 'run') scope.push('without the rate-limit probe');
  const incomplete = report.complete
    ? ''
    : `<p><strong>The run did not finish:</strong> ${esc(report.incompleteReasons.join('; ') || 'unknown reason')}</p>`;
  const table = [...suites]
    .map(
      ([name, cs]) =>
        `<h3>${esc(name)}</h3><table><tr><th>Result</th><th>Check</th><th>Level</th><th>Spec</th><th>Message</th></tr>${cs.map(row).join('')}</table>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Conformance report ${esc(report.runId)}: ${esc(VERDICT_TEXT[report.verdict])}</title><style>${CSS}</style></head>
<body>
<h1>Order Store Service v1: conformance report</h1>
<div class="verdict v-${report.verdict}" id="verdict">${esc(VERDICT_TEXT[report.verdict])}${scope.length > 0 ? ` (${esc(scope.join('; '))})` : ''}</div>
${incomplete}
<dl>
<dt>Target</dt><dd><code>${esc(report.target.baseUrl)}</code>${report.target.embedded ? ` (embedded reference server${report.target.referenceFaults.length > 0 ? `, faults: ${esc(report.target.referenceFaults.join(', '))}` : ''})` : ''}</dd>
<dt>Specification</dt><dd>${esc(report.spec)}</dd>
<dt>Suite</dt><dd>${esc(report.suite.name)} ${esc(report.suite.version)}</dd>
<dt>Run</dt><dd>${esc(report.runId)}: ${esc(report.startedAt)} to ${esc(report.endedAt)} (${(report.durationMs / 1000).toFixed(1)} s)</dd>
<dt>Checks</dt><dd>${report.counts.total}: ${esc(counts)}</dd>
<dt>Requests</dt><dd>${report.requests.sent ?? 'unknown'} sent, budget ${report.requests.budget}</dd>
<dt>Seed</dt><dd><code>${report.settings.seed}</code> (replay with <code>--seed ${report.settings.seed}</code>)</dd>
</dl>
<p>Levels: a failed MUST makes the target non-conformant; a failed SHOULD is a warning; INFO records behaviour the specification leaves open ("not shown"). Keys appear only as <code>$ORDER_STORE_API_KEY</code>.</p>
<h2>Findings</h2>
${findings.length > 0 ? `<table><tr><th>Result</th><th>Check</th><th>Level</th><th>Spec</th><th>Message</th></tr>${findings.map(row).join('')}</table>` : '<p>No failures, warnings or harness errors.</p>'}
<h2>All checks</h2>
${table}
<h2>Details</h2>
${report.checks.map(checkHtml).join('\n')}
</body></html>
`;
}
