// What the command prints: the plan before the first request, a line per check as it lands, and the closing
// summary (the verdict line with what was and was not evaluated, counts, where the reports are). Text only;
// every line made inert for a terminal (inert.ts), as messages quote what the target sent.
import { dirname, join } from 'node:path';
import type { CheckResult } from '../check/model.ts';
import { flagAndEnv, flagRef } from '../config/settings.ts';
import type { RunPlan } from '../run/plan-checks.ts';
import { count } from '../words.ts';
import type { NotEvaluated } from './evaluation.ts';
import type { Report } from './model.ts';
import { consoleMessage, terminalLine, terminalLines } from './text/inert.ts';

/**
 * Every file of a run folder, as ReportWriter.finish writes them (test/cli/first-hour.test.ts compares the two):
 * the summary names them all, so none is found by accident.
 */
export const RUN_FILES = [
  'report.json',
  'junit.xml',
  'report.html',
  'report.md',
  'transcript.har',
  'SHA256SUMS',
];

export function resultLine(c: CheckResult): string {
  return terminalLine(
    `  ${c.status.toUpperCase().padEnd(5)} ${c.id.padEnd(34)} ${c.level.padEnd(6)} ${consoleMessage(c.message)}`,
  );
}

/** What --verbose prints under a check's line: its requirement, expected and actual, details, a reproduction. */
export function detailLines(c: CheckResult): string[] {
  const pad = '        ';
  const lines = [`${pad}${c.level} ${c.spec}: ${c.requirement}`];
  if (c.expected !== undefined) lines.push(`${pad}expected: ${consoleMessage(c.expected)}`);
  if (c.actual !== undefined) lines.push(`${pad}actual:   ${consoleMessage(c.actual)}`);
  for (const d of c.details.slice(0, 8)) lines.push(`${pad}${consoleMessage(d)}`);
  if (c.details.length > 8) lines.push(`${pad}… ${c.details.length - 8} more in the report`);
  if (c.reproduction[0] !== undefined) lines.push(`${pad}reproduce: ${c.reproduction[0]}`);
  return lines.map(terminalLine);
}

/** Ids grouped by a shared reason, so seven skips for one missing setting read as one line. */
function grouped(xs: readonly { id: string; reason: string }[]): string[] {
  const by = new Map<string, string[]>();
  for (const x of xs) by.set(x.reason, [...(by.get(x.reason) ?? []), x.id]);
  return [...by].map(([reason, ids]) => `${ids.join(', ')}: ${reason}`);
}

/** The plan, printed before anything is sent: what will run, what will not and why, what it may cost. */
export function planLines(plan: RunPlan, budget: number): string[] {
  const out = plan.checks.filter((c) => !c.run);
  const wait =
    plan.longestWaitSeconds === null
      ? 'known after the first response'
      : `about ${plan.longestWaitSeconds} s`;
  const limits = plan.limitsWait
    ? `; the target's limits may make it wait up to about ${plan.limitsWait.seconds} s in all (${plan.limitsWait.how}), and nothing else should`
    : '';
  const lines = [
    `  plan: ${count(plan.checks.length - out.length, 'check')} to run, ${leftOut(out)}; up to ${count(plan.requests, 'request')} of the ${budget} budget; longest wait ${wait}${limits}`,
    `  rate-limit probe: ${plan.probe}`,
  ];
  if (plan.budgetForAll > budget)
    lines.push(
      `  a budget of ${plan.budgetForAll} requests (${flagRef('maxRequests')}) would let every check run that the rest of the configuration allows`,
    );
  lines.push(...samplingLines(plan));
  for (const g of grouped(out.map((c) => ({ id: c.id, reason: c.skip?.reason ?? '' }))))
    lines.push(`  left out: ${g}`);
  return lines.map(terminalLine);
}

/** What the sampling checks send in this mode and in the other, and how to get every case. */
function samplingLines(plan: RunPlan): string[] {
  if (plan.sampled.length === 0) return [];
  const setting = flagAndEnv('exhaustive');
  if (plan.exhaustive)
    return [
      `  exhaustive (${setting}): every case of ${plan.sampled.map((c) => `${c.id} (up to ${c.all} requests; its sample ${c.sample})`).join(', ')}`,
    ];
  return [
    `  sampled: ${plan.sampled.map((c) => `${c.id} (up to ${c.sample} of ${c.all} requests)`).join(', ')}`,
    `  every case with ${setting}: up to ${plan.exhaustiveRequests} requests in all`,
  ];
}

/**
 * How many checks are left out, counted the same way before the run (the plan) and after it (the verdict):
 * every level, with the MUST ones (those a verdict rests on) in parentheses, named when `named`.
 */
export function leftOut(
  xs: readonly { id: string; level: string; because?: string }[],
  named = false,
): string {
  if (xs.length === 0) return 'none left out';
  const must = xs.filter((x) => x.level === 'MUST');
  const ids =
    named && must.length > 0
      ? `: ${must
          .slice(0, 3)
          .map((n) => (n.because ? `${n.id} because of ${n.because}` : n.id))
          .join(', ')}${must.length > 3 ? ', …' : ''}`
      : '';
  return `${xs.length} left out (${must.length > 0 ? `${must.length} MUST${ids}` : 'no MUST'})`;
}

/** Longest reason a verdict line quotes for a MUST it did not judge (report.json has each whole). */
const REASON_CHARS = 80;

/**
 * The MUST checks a run did not judge, with why, for the verdict line: a pass rests only on what was judged,
 * and a MUST left out is no pass of it. `RL-PROBE-A, RL-PROBE-B: the window renewed …`, the first reason only.
 */
export function notJudged(xs: readonly NotEvaluated[]): string | undefined {
  const must = xs.filter((x) => x.level === 'MUST');
  if (must.length === 0) return undefined;
  const by = new Map<string, string[]>();
  for (const x of must) {
    const reason = x.reason.length > REASON_CHARS ? `${x.reason.slice(0, REASON_CHARS - 1)}…` : x.reason;
    by.set(reason, [...(by.get(reason) ?? []), x.because ? `${x.id} because of ${x.because}` : x.id]);
  }
  // The first reason only, so the line stays short: the closing "left out:" lines, and report.json, give each.
  const [[reason, ids]] = [...by] as [[string, string[]]];
  const first = `${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''}: ${reason}`;
  const rest = must.length - Math.min(ids.length, 3);
  return `${must.length} MUST not judged (${first}${rest > 0 && by.size > 1 ? `; ${rest} more` : ''})`;
}

/**
 * The verdict of a report judged from recorded traffic: passive, what share of the MUST checks the traffic
 * could judge, and what it did not show.
 */
function trafficVerdictLine(report: Report): string {
  const { must, notEvaluated } = report.evaluation;
  const t = report.traffic!;
  const share = must.selected > 0 ? Math.round((100 * must.evaluated) / must.selected) : 0;
  const coverage = `${must.evaluated} of ${count(must.selected, 'MUST check')} judged from the traffic (${share} %)`;
  const head =
    report.verdict === 'conformant'
      ? `CONFORMANT (passive): ${coverage}, all pass`
      : report.verdict === 'non-conformant'
        ? `NON-CONFORMANT (passive): ${coverage}, ${report.counts.fail} fail`
        : `INCOMPLETE (passive): ${coverage}`;
  const unseen = notEvaluated.filter((n) => n.cause === 'traffic');
  const other = notEvaluated.filter((n) => n.cause !== 'traffic');
  const tail = [
    `${leftOut(unseen, true).replace('left out', 'not observed')}`,
    ...(other.length > 0 ? [leftOut(other)] : []),
    `judged from ${count(t.exchanges, 'recorded exchange')}, nothing sent`,
  ].join('; ');
  return `Verdict: ${head}; ${tail}`;
}

export function verdictLine(report: Report): string {
  if (report.traffic) return trafficVerdictLine(report);
  const { must, notEvaluated } = report.evaluation;
  const probeIds = report.checks.filter((c) => c.id.startsWith('RL-PROBE-')).map((c) => c.id);
  const probeOut =
    report.scope.rateLimitProbe !== 'run' ||
    report.evaluation.plan.probe.startsWith('not run') ||
    (probeIds.length > 0 && probeIds.every((id) => notEvaluated.some((n) => n.id === id)));
  const unjudged = notJudged(notEvaluated);
  const tail = [
    ...(unjudged ? [unjudged, leftOut(notEvaluated)] : [leftOut(notEvaluated, true)]),
    ...(probeOut ? ['rate-limit probe not run'] : []),
    ...(report.scope.only.length > 0 || report.scope.skip.length > 0 ? ['partial selection of checks'] : []),
  ].join('; ');
  const fails = report.counts.fail;
  // The MUST coverage leads: how much of what the spec requires this run judged.
  const coverage = `${must.evaluated} of ${count(must.selected, 'MUST check')} evaluated`;
  const head =
    report.verdict === 'conformant'
      ? `CONFORMANT${unjudged ? ' on what was judged' : ''}: ${coverage}, all pass`
      : report.verdict === 'non-conformant'
        ? `NON-CONFORMANT: ${coverage}, ${fails} fail`
        : `INCOMPLETE: ${coverage}`;
  return `Verdict: ${head}; ${tail}`;
}

/** Most ids a closing line names; the rest are counted (report.json lists each, with why). */
const SUMMARY_IDS = 10;

/** Ids for a closing line: the first SUMMARY_IDS, then how many more. */
function someIds(ids: readonly string[]): string {
  const shown = ids.slice(0, SUMMARY_IDS).join(', ');
  return ids.length > SUMMARY_IDS ? `${shown} and ${ids.length - SUMMARY_IDS} more` : shown;
}

function notEvaluatedLines(xs: readonly NotEvaluated[], passive: boolean): string[] {
  // Judged from traffic, most checks may go unobserved: their ids in one line, the reasons in the report.
  const unseen = passive ? xs.filter((x) => x.cause === 'traffic') : [];
  const rest = xs.filter((x) => !unseen.includes(x));
  const by = new Map<string, string[]>();
  for (const x of rest) by.set(x.reason, [...(by.get(x.reason) ?? []), x.id]);
  return [
    ...(unseen.length > 0
      ? [
          `  not observed (the traffic that would show each is in the report): ${someIds(unseen.map((x) => x.id))}`,
        ]
      : []),
    ...[...by].map(([reason, ids]) => `  left out: ${someIds(ids)}: ${reason}`),
  ];
}

/** The line on a list proven not to be the store, when one was (report.json fixtures.listDisproved). */
function disprovedLines(report: Report): string[] {
  const d = report.fixtures?.listDisproved;
  if (!d) return [];
  const n = d.leftOut.length;
  return [
    `  DELETEs of ids not given stopped: ${d.line}; ${n} check${n === 1 ? '' : 's'} that would send one left out`,
  ];
}

/** Most lines of checks that passed on part of their cases, the rest withheld for the run's safety. */
const PARTLY_MAX = 5;

/**
 * A check that passed on what it sent while it withheld a case it could only judge with more given (an id
 * a saturating reader takes for an order the run was not given): what to give, so a user finds it here and
 * not only in the report's details.
 */
export function partlyJudgedLines(report: Pick<Report, 'checks'>): string[] {
  const lines = report.checks.flatMap((c) =>
    c.status === 'pass'
      ? c.details
          .filter((d) => d.startsWith('not judged: '))
          .map((d) => `  partly judged: ${c.id}: ${d.slice(12)}`)
      : [],
  );
  return lines.length > PARTLY_MAX
    ? [...lines.slice(0, PARTLY_MAX), `  … ${lines.length - PARTLY_MAX} more in the report`]
    : lines;
}

/** The closing lines; `files` are those the run folder got (all of RUN_FILES unless --reports chose fewer). */
export function summary(report: Report, reportDir: string | undefined, files?: readonly string[]): string {
  const c = report.counts;
  const lines = [
    '',
    ...report.bans.map(
      (b) =>
        `!!! KEY BANNED: the ${b.bucket} credential was banned${b.seconds === null ? '' : ` for ${b.seconds} s`} at ${b.at} (${b.evidence}); send nothing with it before then`,
    ),
    verdictLine(report),
    ...disprovedLines(report),
    ...notEvaluatedLines(report.evaluation.notEvaluated, report.traffic !== undefined),
    ...partlyJudgedLines(report),
    `  ${count(c.total, 'check')}: ${c.pass} pass, ${c.fail} fail, ${c.warn} warn, ${c.info} info, ${c.skip} skip, ${c.error} error`,
    `  spec rules: ${report.coverage.evaluated} of ${count(report.coverage.testable, 'testable rule')} evaluated, ${report.coverage.covered} covered by the selected checks; ${report.coverage.uncovered.length} untested (${report.coverage.uncovered.map((u) => u.id).join(', ') || 'none'})`,
    report.traffic
      ? `  requests: none sent; ${count(report.traffic.exchanges, 'recorded exchange')} judged from ${report.traffic.sources.map((s) => s.name).join(', ')}${report.traffic.leftOut > 0 ? ` (${count(report.traffic.leftOut, 'entry', 'entries')} outside the API left out)` : ''}`
      : `  requests: ${report.requests.sent ?? 'unknown'} sent of a ${report.requests.budget} budget; seed ${report.settings.seed}`,
  ];
  for (const r of report.incompleteReasons) lines.push(`  incomplete: ${r}`);
  const notable = report.checks.filter(
    (x) => x.status === 'fail' || x.status === 'error' || x.status === 'warn',
  );
  for (const x of notable.slice(0, 20))
    lines.push(`  ${x.status.toUpperCase().padEnd(5)} ${x.id}: ${consoleMessage(x.message)}`);
  if (notable.length > 20) lines.push(`  … ${notable.length - 20} more in the report`);
  for (const k of report.baseline?.known ?? [])
    lines.push(`  known (baseline): ${k.id} ${k.status}: ${k.reason}${k.link ? ` (${k.link})` : ''}`);
  if (!report.gate.passed) {
    for (const r of report.gate.reasons)
      if (!report.incompleteReasons.includes(r)) lines.push(`  gate fails: ${r}`);
  } else if ((report.baseline?.known.length ?? 0) > 0 || report.verdict !== 'conformant')
    lines.push(`  gate passes: every failure is a known one listed in ${report.baseline?.file}`);
  if (reportDir)
    lines.push(
      `  reports: ${reportDir}/{${(files ?? RUN_FILES).join(',')}} (also ${join(dirname(reportDir), 'latest')})`,
    );
  return terminalLines(lines);
}
