// GitHub Actions workflow commands for a finished run (`::error`, `::warning`, `::notice`), so failures show
// on the workflow run's page. Text only; the command prints them when GITHUB_ACTIONS is true.

import type { Report } from './model.ts';
import { terminalLine } from './text/inert.ts';

/**
 * GitHub Actions workflow commands: the data of `::error title=T::message` escaped as the runner expects, on
 * one line whose controls are written out (the runner's log renders ANSI sequences).
 */
function ghData(text: string): string {
  return terminalLine(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}
function ghProperty(text: string): string {
  return ghData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * `::error` for each failure the gate counts (a known one of the baseline is a `::notice`), `::warning` for
 * each SHOULD warning, and one `::error` for an incomplete run, so they show on the workflow run's page.
 */
export function annotations(report: Report): string[] {
  const known = new Set(report.baseline?.known.map((k) => k.id) ?? []);
  const out: string[] = [];
  for (const c of report.checks) {
    const title = ghProperty(`${c.id} (${c.level}, ${c.spec})`);
    const text = ghData(`${c.message} | requirement: ${c.requirement}`);
    if (c.status === 'fail') out.push(`::${known.has(c.id) ? 'notice' : 'error'} title=${title}::${text}`);
    else if (c.status === 'warn')
      out.push(
        `::${report.gate.failOn === 'warn' && !known.has(c.id) ? 'error' : 'warning'} title=${title}::${text}`,
      );
  }
  if (!report.complete)
    out.push(
      `::error title=${ghProperty('conformance run incomplete')}::${ghData(report.incompleteReasons.join('; '))}`,
    );
  for (const s of report.gate.passed ? [] : (report.baseline?.stale ?? []))
    out.push(
      `::error title=${ghProperty(`${s.id} stale baseline entry`)}::${ghData(`${s.id} now ends ${s.status}; remove it from the baseline`)}`,
    );
  return out;
}
