// What needs the auditor's attention, worst first: broken MUSTs, broken SHOULDs, then checks that were
// never judged (a skipped or errored MUST, any harness error); and every INFO observation in one place.
import type { CheckResult } from '../../check/model.ts';
import { cardHtml } from './card.ts';
import { badge, esc, levelTag, ruleLinks } from './escape.ts';

/** 0 fail, 1 warn (or a MAY not met), 2 not evaluated; undefined when it is no finding. */
export function findingRank(c: CheckResult): number | undefined {
  if (c.status === 'fail') return 0;
  if (c.status === 'warn' || (c.level === 'MAY' && c.status === 'info')) return 1;
  if (c.status === 'error' || (c.status === 'skip' && c.level === 'MUST')) return 2;
  return undefined;
}

/** The findings in the order the page shows them: by rank, then in run order. */
export function findingsOf(checks: readonly CheckResult[]): CheckResult[] {
  return checks
    .map((c, i) => ({ c, i, rank: findingRank(c) }))
    .filter((x): x is { c: CheckResult; i: number; rank: number } => x.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.c);
}

export function findingsHtml(checks: readonly CheckResult[]): string {
  const findings = findingsOf(checks);
  if (findings.length === 0)
    return '<p id="no-findings">No failures, warnings, unevaluated MUSTs or harness errors.</p>';
  const rows = findings
    .map(
      (c) =>
        `<tr><td>${badge(c.status)}</td><td class="narrow-hide">${levelTag(c.level)}</td><td class="idcol"><a href="#${esc(c.id)}"><code class="id">${esc(c.id)}</code></a></td><td>${esc(c.message)}</td></tr>`,
    )
    .join('');
  return `<div class="scroll"><table class="wide" id="findings-table"><tr><th>Result</th><th class="narrow-hide">Level</th><th>Check</th><th>Message</th></tr>${rows}</table></div>
${findings.map((c) => cardHtml(c, true)).join('\n')}`;
}

/** Every INFO check: what the server chose where the spec says "not shown". */
export function unspecifiedHtml(checks: readonly CheckResult[]): string {
  const infos = checks.filter((c) => c.level === 'INFO');
  if (infos.length === 0) return '<p>No INFO check ran.</p>';
  const items = infos
    .map((c) => {
      const notes =
        c.details.length > 0 ? `<ul>${c.details.map((d) => `<li>${esc(d)}</li>`).join('')}</ul>` : '';
      return `<tr id="info-${esc(c.id)}"><td>${badge(c.status)}</td><td class="idcol"><a href="#${esc(c.id)}"><code class="id">${esc(c.id)}</code></a><br>${ruleLinks(c.rules)}</td><td><b>${esc(c.message)}</b><br><span class="muted">${esc(c.requirement)}</span>${notes}</td></tr>`;
    })
    .join('');
  return `<p>The spec leaves these open ("not shown"): nothing is required, and what the target did is recorded, never judged.</p><div class="scroll"><table class="info-table"><tr><th>Result</th><th>Check</th><th>Observed</th></tr>${items}</table></div>`;
}
