// The auditor's report: one self-contained HTML file (no script, no external asset, nothing fetched) that
// reads offline and prints. Verdict and counts, findings worst first, the probe's chart, the unspecified
// behaviour observed, the traceability matrix, provenance, then every check. Pieces live in html/.

import { KEY_VARIABLE } from '../http/redact.ts';
import { bannerHtml, VERDICT_TEXT } from './html/banner.ts';
import { cardHtml } from './html/card.ts';
import { chartFigure } from './html/chart.ts';
import { CSS } from './html/css.ts';
import { badge, CSP, esc, levelTag, ruleLinks } from './html/escape.ts';
import { findingRank, findingsHtml, unspecifiedHtml } from './html/findings.ts';
import { matrixHtml } from './html/matrix.ts';
import { provenanceHtml } from './html/provenance.ts';
import type { Report } from './model.ts';

export { esc } from './html/escape.ts';

function allChecks(report: Report): string {
  const rows = report.checks
    .map(
      (c) =>
        `<tr><td>${badge(c.status)}</td><td class="narrow-hide">${levelTag(c.level)}</td><td class="idcol"><a href="#${esc(c.id)}"><code class="id">${esc(c.id)}</code></a></td><td class="narrow-hide">${ruleLinks(c.rules)}</td><td>${esc(c.message)}</td></tr>`,
    )
    .join('');
  // Findings already have their card above; the others get theirs here, evidence folded on screen.
  const cards = report.checks
    .filter((c) => findingRank(c) === undefined)
    .map((c) => cardHtml(c, false))
    .join('\n');
  return `<div class="scroll"><table class="wide" id="all-checks"><tr><th>Result</th><th class="narrow-hide">Level</th><th>Check</th><th class="narrow-hide">Rules</th><th>Message</th></tr>${rows}</table></div>
<p class="print-only muted">The cards of the checks without findings are left out of print: see report.html on screen, report.json or transcript.har.</p>
<div class="others"><h3>Checks without findings</h3>
${cards}</div>`;
}

export function htmlReport(report: Report): string {
  const series = report.checks.find((c) => c.rateLimitSeries)?.rateLimitSeries;
  const nav = [
    ['findings', 'Findings'],
    ['probe', 'Rate-limit probe'],
    ['unspecified', 'Unspecified behaviour observed'],
    ['matrix', 'Traceability matrix'],
    ['provenance', 'Provenance'],
    ['checks', 'All checks'],
  ]
    .map(([id, title]) => `<a href="#${id}">${title}</a>`)
    .join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${CSP}"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Conformance report ${esc(report.runId)}: ${esc(VERDICT_TEXT[report.verdict])}</title><style>${CSS}</style></head>
<body>
<h1>Order Store Service v1: conformance report</h1>
${bannerHtml(report)}
<nav class="noprint">${nav}</nav>
<p class="muted">A failed MUST makes the target non-conformant; a failed SHOULD is a warning; INFO records what the spec leaves open ("not shown"). Keys appear only as <code>$${KEY_VARIABLE}</code>. Every exchange of the run is in <code>transcript.har</code> beside this file.</p>
<h2 id="findings">Findings</h2>
${findingsHtml(report.checks)}
<h2 id="probe">Rate-limit probe</h2>
${report.scope.rateLimitProbe === 'run' ? chartFigure(series) : '<p id="probe-chart">The rate-limit probe was not run in this run.</p>'}
<h2 id="unspecified">Unspecified behaviour observed</h2>
${unspecifiedHtml(report.checks)}
<h2 id="matrix">Traceability matrix</h2>
${matrixHtml(report.coverage)}
<h2 id="provenance">Provenance</h2>
${provenanceHtml(report)}
<h2 id="checks">All checks</h2>
${allChecks(report)}
</body></html>
`;
}
