// Two reports side by side, for deploy gating: what newly fails, what was fixed, which INFO observations
// and rate-limit figures changed. Pure: reports in, a comparison and its Markdown out.
import type { CheckResult } from '../check/model.ts';
import { mdData, mdText } from './text/inert.ts';

type Result = Pick<CheckResult, 'id' | 'level' | 'status' | 'message' | 'rateLimitSeries'>;

export interface ComparedReport {
  runId: string;
  target: { baseUrl: string };
  verdict: string;
  checks: readonly Result[];
}

export interface Change {
  id: string;
  level: string;
  before: string;
  after: string;
}

export interface Comparison {
  a: string;
  b: string;
  /** Failing or warning in B, not in A (absent from A included). */
  newFailures: Change[];
  /** Failing or warning in A, passing (or observed) in B. */
  fixed: Change[];
  /** INFO checks whose observation changed. */
  changedObservations: Change[];
  /** Rate-limit figures (Limit, requests to the 429, first Retry-After wait) that changed. */
  changedRateLimits: Change[];
}

const bad = (s: string | undefined) => s === 'fail' || s === 'warn';
const good = (s: string | undefined) => s === 'pass' || s === 'info';

/** The probe's figures, read from the first result that carries its series. */
export function rateLimitFigures(checks: readonly Result[]): Record<string, string> {
  const series = checks.find((c) => c.rateLimitSeries)?.rateLimitSeries;
  if (!series) return {};
  const first = series.points[0];
  const limited = series.points.findIndex((p) => p.status === 429);
  const walk = series.points.filter((p) => p.phase === 'walk').length;
  return {
    'X-RateLimit-Limit': String(first?.limit ?? 'absent'),
    'requests to the 429': limited < 0 ? 'no 429' : String(walk),
    'first wait after the 429': series.waits[0] ? `${Math.round(series.waits[0].ms / 100) / 10} s` : 'none',
  };
}

export function compareReports(a: ComparedReport, b: ComparedReport): Comparison {
  const before = new Map(a.checks.map((c) => [c.id, c]));
  const out: Comparison = {
    a: a.runId,
    b: b.runId,
    newFailures: [],
    fixed: [],
    changedObservations: [],
    changedRateLimits: [],
  };
  const text = (c: Result | undefined) => (c ? `${c.status}: ${c.message}` : 'not in the run');
  for (const c of b.checks) {
    const p = before.get(c.id);
    const change = { id: c.id, level: c.level, before: text(p), after: text(c) };
    if (bad(c.status) && !bad(p?.status)) out.newFailures.push(change);
    else if (good(c.status) && bad(p?.status)) out.fixed.push(change);
    else if (c.level === 'INFO' && p && c.status === 'info' && p.status === 'info' && c.message !== p.message)
      out.changedObservations.push(change);
  }
  const fa = rateLimitFigures(a.checks);
  const fb = rateLimitFigures(b.checks);
  for (const key of new Set([...Object.keys(fa), ...Object.keys(fb)]))
    if (fa[key] !== fb[key])
      out.changedRateLimits.push({
        id: key,
        level: '',
        before: fa[key] ?? 'not measured',
        after: fb[key] ?? 'not measured',
      });
  return out;
}

export function comparisonMarkdown(c: Comparison, a: ComparedReport, b: ComparedReport): string {
  const lines = [
    `# Conformance comparison`,
    '',
    `A: run ${mdData(a.runId, false)} against ${mdData(a.target.baseUrl, false)}: **${mdText(a.verdict)}**  `,
    `B: run ${mdData(b.runId, false)} against ${mdData(b.target.baseUrl, false)}: **${mdText(b.verdict)}**`,
  ];
  const table = (title: string, rows: Change[], none: string, head = '| Check | Level | A | B |') => {
    lines.push('', `## ${title} (${rows.length})`, '');
    if (rows.length === 0) {
      lines.push(none);
      return;
    }
    lines.push(head, head.replace(/[^|]+/g, '---'));
    for (const r of rows)
      lines.push(
        head.split('|').length === 6
          ? `| ${mdData(r.id)} | ${mdText(r.level)} | ${mdData(r.before)} | ${mdData(r.after)} |`
          : `| ${mdText(r.id)} | ${mdData(r.before)} | ${mdData(r.after)} |`,
      );
  };
  table('New failures', c.newFailures, 'None.');
  table('Fixed', c.fixed, 'None.');
  table('Changed observations (INFO)', c.changedObservations, 'None.');
  table('Changed rate-limit figures', c.changedRateLimits, 'None.', '| Figure | A | B |');
  return `${lines.join('\n')}\n`;
}
