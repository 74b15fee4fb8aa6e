// What the command prints: a line per check as it lands, and the closing summary (verdict, counts, where
// the reports are). Text only; the caller decides where it goes.
import type { CheckResult } from '../check/model.ts';
import type { Report } from './model.ts';

export function resultLine(c: CheckResult): string {
  return `  ${c.status.toUpperCase().padEnd(5)} ${c.id.padEnd(34)} ${c.level.padEnd(6)} ${c.message}`;
}

export function summary(report: Report, reportDir: string | undefined): string {
  const c = report.counts;
  const scope: string[] = [];
  if (report.scope.rateLimitProbe !== 'run') scope.push('rate-limit probe not run');
  if (report.scope.only.length > 0 || report.scope.skip.length > 0) scope.push('partial selection of checks');
  const lines = [
    '',
    ...report.bans.map(
      (b) =>
        `!!! KEY BANNED: the ${b.bucket} credential was banned${b.seconds === null ? '' : ` for ${b.seconds} s`} at ${b.at} (${b.evidence}); send nothing with it before then`,
    ),
    `Verdict: ${report.verdict.toUpperCase()}${scope.length > 0 ? ` (${scope.join('; ')})` : ''}`,
    `  ${c.total} checks: ${c.pass} pass, ${c.fail} fail, ${c.warn} warn, ${c.info} info, ${c.skip} skip, ${c.error} error`,
    `  spec rules: ${report.coverage.evaluated} of ${report.coverage.testable} testable rules evaluated, ${report.coverage.covered} covered by the selected checks; ${report.coverage.uncovered.length} untested (${report.coverage.uncovered.map((u) => u.id).join(', ') || 'none'})`,
    `  requests: ${report.requests.sent ?? 'unknown'} sent of a ${report.requests.budget} budget; seed ${report.settings.seed}`,
  ];
  for (const r of report.incompleteReasons) lines.push(`  incomplete: ${r}`);
  const notable = report.checks.filter(
    (x) => x.status === 'fail' || x.status === 'error' || x.status === 'warn',
  );
  for (const x of notable.slice(0, 20))
    lines.push(`  ${x.status.toUpperCase().padEnd(5)} ${x.id}: ${x.message}`);
  if (notable.length > 20) lines.push(`  … ${notable.length - 20} more in the report`);
  if (reportDir)
    lines.push(`  reports: ${reportDir}/{report.json,junit.xml,report.html} (also reports/latest)`);
  return lines.join('\n');
}
