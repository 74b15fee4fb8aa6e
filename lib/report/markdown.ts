// report.md: the run in Markdown for a CI job summary ($GITHUB_STEP_SUMMARY) or a merge request: verdict,
// counts, each failure with its requirement and spec clause, what was not evaluated. Text only.
import { verdictLine } from './console.ts';
import type { Report } from './model.ts';

/** Text safe in a Markdown table cell: one line, pipes escaped, bounded. */
export function mdCell(text: string): string {
  const one = text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
  return one.length > 300 ? `${one.slice(0, 297)}...` : one;
}

/** The embedded server with the faults and variants it ran, as the console and report.html name them. */
function embeddedText(report: Report): string {
  const { embedded, referenceFaults, referenceVariants } = report.target;
  if (!embedded) return '';
  const faults =
    referenceFaults.length > 0 ? `, faults: ${referenceFaults.map((f) => `\`${f}\``).join(', ')}` : '';
  const variants = referenceVariants?.length
    ? `, variants: ${referenceVariants.map((v) => `\`${v}\``).join(', ')}`
    : '';
  return ` (embedded reference server${faults}${variants})`;
}

export function reportMarkdown(report: Report): string {
  const c = report.counts;
  const gate = report.gate;
  const lines = [
    `# Order Store conformance: ${report.verdict.toUpperCase()}`,
    '',
    `**${verdictLine(report).replace(/^Verdict: /, '')}**`,
    '',
    `Target ${report.target.baseUrl}${embeddedText(report)}; run \`${report.runId}\`; ${report.suite.name} ${report.suite.version}; seed ${report.settings.seed}.`,
    '',
    ...(report.traffic
      ? [
          `Judged from recorded traffic (passive: nothing was sent): ${report.traffic.exchanges} exchanges of ${report.traffic.sources.map((s) => mdCell(s.name)).join(', ')}; checks the traffic did not show are not evaluated, each with the traffic that would show it.`,
          '',
        ]
      : []),
    `Gate: **${gate.passed ? 'pass' : 'fail'}** (exit ${gate.exitCode}${gate.failOn === 'warn' ? ', --fail-on warn' : ''})${gate.reasons.length > 0 ? `: ${gate.reasons.map(mdCell).join('; ')}` : ''}`,
    '',
    `| Checks | pass | fail | warn | info | skip | error |`,
    `|---|---|---|---|---|---|---|`,
    `| ${c.total} | ${c.pass} | ${c.fail} | ${c.warn} | ${c.info} | ${c.skip} | ${c.error} |`,
    '',
    `Spec rules: ${report.coverage.evaluated} of ${report.coverage.testable} testable rules evaluated; untested: ${report.coverage.uncovered.map((u) => `\`${u.id}\` (${mdCell(u.reason)})`).join(', ') || 'none'}.`,
  ];
  const known = new Map((report.baseline?.known ?? []).map((k) => [k.id, k]));
  const findings = report.checks.filter(
    (x) => x.status === 'fail' || x.status === 'warn' || x.status === 'error',
  );
  lines.push('', `## Failures and warnings (${findings.length})`, '');
  if (findings.length === 0) lines.push('None.');
  else {
    lines.push('| Check | Level | Status | Requirement | Spec | Finding |', '|---|---|---|---|---|---|');
    for (const x of findings) {
      const k = known.get(x.id);
      const status = k ? `${x.status} (known: ${mdCell(k.reason)}${k.link ? `, ${k.link}` : ''})` : x.status;
      lines.push(
        `| \`${x.id}\` | ${x.level} | ${status} | ${mdCell(x.requirement)} | ${mdCell(x.spec)} | ${mdCell(x.message)} |`,
      );
    }
  }
  const out = report.evaluation.notEvaluated;
  lines.push('', `## Not evaluated (${out.length})`, '');
  if (out.length === 0) lines.push('Every selected check reached a verdict.');
  else {
    lines.push('| Check | Level | Why |', '|---|---|---|');
    for (const n of out) lines.push(`| \`${n.id}\` | ${n.level} | ${mdCell(`${n.cause}: ${n.reason}`)} |`);
  }
  if (report.incompleteReasons.length > 0)
    lines.push('', '## Incomplete', '', ...report.incompleteReasons.map((r) => `- ${mdCell(r)}`));
  return `${lines.join('\n')}\n`;
}
