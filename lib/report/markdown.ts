// report.md: the run in Markdown for a CI job summary ($GITHUB_STEP_SUMMARY) or a merge request: verdict,
// counts, each failure with its requirement and spec clause, what was not evaluated. Text only. Anything that
// may quote the target (messages, reasons) goes in as data (inert.ts mdData): a code span nothing can close.

import { flagRef } from '../config/settings.ts';
import { count } from '../words.ts';
import { notJudged, verdictLine } from './console.ts';
import type { Report } from './model.ts';
import { mdData, mdText } from './text/inert.ts';

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
    `# Order Store conformance: ${report.verdict.toUpperCase()}${report.verdict === 'conformant' && notJudged(report.evaluation.notEvaluated) ? ' on what was judged' : ''}`,
    '',
    // The line quotes skip reasons, which may quote the target: no emphasis, code or link of theirs.
    `**${mdText(verdictLine(report).replace(/^Verdict: /, '')).replace(/([\\`*_[\]])/g, '\\$1')}**`,
    '',
    `Target ${mdData(report.target.baseUrl, false)}${embeddedText(report)}; run \`${report.runId}\`; ${report.suite.name} ${report.suite.version}; seed ${report.settings.seed}.`,
    '',
    ...(report.traffic
      ? [
          `Judged from recorded traffic (passive: nothing was sent): ${count(report.traffic.exchanges, 'exchange')} of ${report.traffic.sources.map((s) => mdData(s.name, false)).join(', ')}; checks the traffic did not show are not evaluated, each with the traffic that would show it.`,
          '',
        ]
      : []),
    `Gate: **${gate.passed ? 'pass' : 'fail'}** (exit ${gate.exitCode}${gate.failOn === 'warn' ? `, ${flagRef('failOn')} warn` : ''})${gate.reasons.length > 0 ? `: ${gate.reasons.map((r) => mdData(r, false)).join('; ')}` : ''}`,
    '',
    `| Checks | pass | fail | warn | info | skip | error |`,
    `|---|---|---|---|---|---|---|`,
    `| ${c.total} | ${c.pass} | ${c.fail} | ${c.warn} | ${c.info} | ${c.skip} | ${c.error} |`,
    '',
    `Spec rules: ${report.coverage.evaluated} of ${report.coverage.testable} testable rules evaluated; untested: ${report.coverage.uncovered.map((u) => `\`${u.id}\` (${mdText(u.reason)})`).join(', ') || 'none'}.`,
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
      const status = k
        ? `${x.status} (known: ${mdData(k.reason)}${k.link ? `, ${mdData(k.link)}` : ''})`
        : x.status;
      lines.push(
        `| \`${x.id}\` | ${x.level} | ${status} | ${mdText(x.requirement)} | ${mdText(x.spec)} | ${mdData(x.message)} |`,
      );
    }
  }
  const out = report.evaluation.notEvaluated;
  lines.push('', `## Not evaluated (${out.length})`, '');
  if (out.length === 0) lines.push('Every selected check reached a verdict.');
  else {
    lines.push('| Check | Level | Why |', '|---|---|---|');
    for (const n of out) lines.push(`| \`${n.id}\` | ${n.level} | ${mdData(`${n.cause}: ${n.reason}`)} |`);
  }
  if (report.incompleteReasons.length > 0)
    lines.push('', '## Incomplete', '', ...report.incompleteReasons.map((r) => `- ${mdData(r, false)}`));
  return `${lines.join('\n')}\n`;
}
