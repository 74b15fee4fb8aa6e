// The top of the page: the verdict and the counts an auditor reads first (MUST pass, fail, not evaluated;
// SHOULD pass, warn; INFO; skips), the coverage figure, and why a run is incomplete.
import type { CheckResult, Level } from '../../check/model.ts';
import type { Report } from '../model.ts';
import { esc } from './escape.ts';

export const VERDICT_TEXT: Record<Report['verdict'], string> = {
  conformant: 'Conformant',
  'non-conformant': 'Not conformant',
  incomplete: 'Incomplete: no verdict',
};

export interface LevelCounts {
  pass: number;
  /** fail for MUST, warn for SHOULD, info for MAY. */
  broken: number;
  /** Skipped or errored: never judged. */
  notEvaluated: number;
}

export function levelCounts(checks: readonly CheckResult[], level: Level): LevelCounts {
  const of = checks.filter((c) => c.level === level);
  return {
    pass: of.filter((c) => c.status === 'pass').length,
    broken: of.filter(
      (c) => c.status === 'fail' || c.status === 'warn' || (level === 'MAY' && c.status === 'info'),
    ).length,
    notEvaluated: of.filter((c) => c.status === 'skip' || c.status === 'error').length,
  };
}

function count(label: string, value: string, id: string): string {
  return `<div class="count" id="${id}"><b>${label}</b><span>${value}</span></div>`;
}

const n = (value: number, cls: string): string =>
  value > 0 ? `<span class="${cls}">${value}</span>` : `${value}`;

export function bannerHtml(report: Report): string {
  const must = levelCounts(report.checks, 'MUST');
  const should = levelCounts(report.checks, 'SHOULD');
  const info = report.checks.filter((c) => c.level === 'INFO');
  const cov = report.coverage;
  const scope: string[] = [];
  if (report.scope.only.length > 0) scope.push(`only checks starting with ${report.scope.only.join(', ')}`);
  if (report.scope.skip.length > 0)
    scope.push(`leaving out checks starting with ${report.scope.skip.join(', ')}`);
  if (report.scope.rateLimitProbe === 'skipped') scope.push('rate-limit probe not run');
  if (report.traffic)
    scope.push(`judged from ${report.traffic.exchanges} recorded exchanges (passive: nothing sent)`);
  const incomplete = report.complete
    ? ''
    : `<p><strong>The run did not finish:</strong> ${esc(report.incompleteReasons.join('; ') || 'unknown reason')}</p>`;
  const bans = report.bans
    .map(
      (b) =>
        `<p><strong>Key banned:</strong> the target banned the ${esc(b.bucket)} credential${b.seconds === null ? '' : ` for ${b.seconds} s`} at ${esc(b.at)} (${esc(b.evidence)}).</p>`,
    )
    .join('');
  return `<header class="banner v-${report.verdict}" id="banner">
<p class="verdict" id="verdict">${esc(VERDICT_TEXT[report.verdict])}${report.verdict === 'conformant' && report.evaluation.notEvaluated.some((x) => x.level === 'MUST') ? ' on what was judged' : ''}</p>
<p class="scope" id="verdict-line">${esc(report.verdictLine ?? '')}</p>
<p class="scope">${esc(report.target.baseUrl)}${report.target.embedded ? ` (embedded reference server${report.target.referenceFaults.length > 0 ? `, faults: ${esc(report.target.referenceFaults.join(', '))}` : ''}${report.target.referenceVariants?.length ? `, variants: ${esc(report.target.referenceVariants.join(', '))}` : ''})` : ''}${scope.length > 0 ? ` · ${esc(scope.join('; '))}` : ''}</p>
${incomplete}${bans}
<div class="counts" id="counts">
${count('MUST', `${must.pass} pass · ${n(must.broken, 'n-fail')} fail · ${n(must.notEvaluated, 'n-ne')} not evaluated`, 'count-must')}
${count('SHOULD', `${should.pass} pass · ${n(should.broken, 'n-warn')} warn${should.notEvaluated > 0 ? ` · ${should.notEvaluated} not evaluated` : ''}`, 'count-should')}
${count('INFO', `${info.filter((c) => c.status === 'info').length} observations`, 'count-info')}
${count('Skipped', `${report.counts.skip} of ${report.counts.total} checks`, 'count-skip')}
${count('Harness errors', n(report.counts.error, 'n-ne'), 'count-error')}
${count('Spec rules', `${cov.evaluated} of ${cov.testable} testable evaluated (${cov.testable === 0 ? 0 : Math.round((100 * cov.evaluated) / cov.testable)} %)`, 'count-coverage')}
</div></header>`;
}
