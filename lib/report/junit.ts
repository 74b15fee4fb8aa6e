// JUnit XML for CI (valid against schemas/junit-10.xsd): one <testsuite> per spec area, one <testcase> per
// check named by its id. A broken MUST is a <failure>, a harness error an <error>, a skip or a baseline's known
// failure a <skipped>; warnings show in system-out/err (a <failure> under --fail-on warn), so CI fails as the gate does.
// Every selected check is listed: one the run never reached (interrupted, stopped early) is <skipped>, with why.
import type { CheckResult } from '../check/model.ts';
import { flagRef } from '../config/settings.ts';
import { verdictLine } from './console.ts';
import type { NotEvaluated } from './evaluation.ts';
import type { Report } from './model.ts';
import { xmlAttr, xmlText } from './xml.ts';

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function body(c: CheckResult): string {
  const lines = [`${c.level} ${c.spec}: ${c.requirement}`, '', c.message];
  if (c.expected !== undefined) lines.push(`expected: ${c.expected}`);
  if (c.actual !== undefined) lines.push(`actual:   ${c.actual}`);
  for (const d of c.details) lines.push(d);
  if (c.reproduction.length > 0) lines.push('', 'reproduce:', ...c.reproduction);
  return lines.join('\n');
}

function testcase(c: CheckResult, failOnWarn: boolean, known: ReadonlyMap<string, string>): string {
  // The name is the check id alone: stable when titles change, so CI history follows a check across runs.
  const open = `    <testcase classname="${xmlAttr(c.suite)}" name="${xmlAttr(c.id)}" time="${seconds(c.durationMs)}" status="${c.status}">`;
  const text = `${c.title}\n${body(c)}`;
  const knownReason = known.get(c.id);
  let outcome: string;
  if (knownReason !== undefined && (c.status === 'fail' || c.status === 'warn'))
    // Listed in the baseline: visible, but not a failure of this run.
    outcome = `      <skipped message="${xmlAttr(`known ${c.status} (baseline): ${knownReason}`)}"/>\n      <system-out>${xmlText(`KNOWN ${c.status.toUpperCase()}: ${text}`)}</system-out>`;
  else
    switch (c.status) {
      case 'fail':
        outcome = `      <failure type="${c.level}" message="${xmlAttr(c.message)}">${xmlText(text)}</failure>`;
        break;
      case 'warn':
        outcome = failOnWarn
          ? `      <failure type="SHOULD" message="${xmlAttr(`warning (${flagRef('failOn')} warn): ${c.message}`)}">${xmlText(text)}</failure>`
          : `      <system-out>${xmlText(`WARNING (SHOULD broken; not failing the run): ${text}`)}</system-out>\n      <system-err>${xmlText(`WARNING ${c.id}: ${c.message}`)}</system-err>`;
        break;
      case 'error':
        outcome = `      <error type="harness" message="${xmlAttr(c.message)}">${xmlText(text)}</error>`;
        break;
      case 'skip':
        outcome = `      <skipped message="${xmlAttr(c.message)}"/>`;
        break;
      default:
        outcome = `      <system-out>${xmlText(`${c.status.toUpperCase()}: ${text}`)}</system-out>`;
    }
  return [open, outcome, '    </testcase>'].join('\n');
}

/** A selected check the run never reached: skipped, with the cause. */
function unrunCase(n: NotEvaluated, suite: string): string {
  return [
    `    <testcase classname="${xmlAttr(suite)}" name="${xmlAttr(n.id)}" time="0.000" status="not-run">`,
    `      <skipped message="${xmlAttr(`not run: ${n.reason}`)}"/>`,
    '    </testcase>',
  ].join('\n');
}

/** Where a check the run never reached is listed when its area is not known (a report of an older run). */
const UNRUN_SUITE = 'not run';

export function junitXml(report: Report): string {
  const failOnWarn = report.gate.failOn === 'warn';
  const known = new Map((report.baseline?.known ?? []).map((k) => [k.id, k.reason]));
  const suites = new Map<string, CheckResult[]>();
  for (const c of report.checks) suites.set(c.suite, [...(suites.get(c.suite) ?? []), c]);
  const unrun = new Map<string, NotEvaluated[]>();
  for (const n of report.evaluation.notEvaluated.filter((x) => x.cause === 'not-run')) {
    const suite = n.suite ?? UNRUN_SUITE;
    unrun.set(suite, [...(unrun.get(suite) ?? []), n]);
    if (!suites.has(suite)) suites.set(suite, []);
  }
  const unrunCount = [...unrun.values()].reduce((t, xs) => t + xs.length, 0);
  const isKnown = (c: CheckResult) => known.has(c.id) && (c.status === 'fail' || c.status === 'warn');
  const tally = (cs: readonly CheckResult[]) => ({
    failures: cs.filter((c) => !isKnown(c) && (c.status === 'fail' || (failOnWarn && c.status === 'warn')))
      .length,
    errors: cs.filter((c) => c.status === 'error').length,
    skipped: cs.filter((c) => c.status === 'skip' || isKnown(c)).length,
  });
  const runError = report.complete ? 0 : 1;
  const stale = report.baseline?.staleFails ? report.baseline.stale : [];
  const total = tally(report.checks);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlAttr(`${report.suite.name} ${report.suite.version}`)}" tests="${report.checks.length + unrunCount + runError + stale.length}" failures="${total.failures + stale.length}" errors="${total.errors + runError}" time="${seconds(report.durationMs)}">`,
  ];
  for (const [name, cs] of suites) {
    const time = cs.reduce((t, c) => t + c.durationMs, 0);
    const t = tally(cs);
    const notRun = unrun.get(name) ?? [];
    const at = (cs[0]?.startedAt ?? report.endedAt).replace(/\.\d{3}Z$/, '');
    out.push(
      `  <testsuite name="${xmlAttr(name)}" tests="${cs.length + notRun.length}" failures="${t.failures}" errors="${t.errors}" skipped="${t.skipped + notRun.length}" time="${seconds(time)}" timestamp="${at}">`,
      '    <properties>',
      `      <property name="target" value="${xmlAttr(report.target.baseUrl)}"/>`,
      `      <property name="verdict" value="${report.verdict}"/>`,
      `      <property name="verdict-line" value="${xmlAttr(verdictLine(report).replace(/^Verdict: /, ''))}"/>`,
      `      <property name="seed" value="${report.settings.seed}"/>`,
      `      <property name="warnings" value="${cs.filter((c) => c.status === 'warn').length}"/>`,
      '    </properties>',
      ...cs.map((c) => testcase(c, failOnWarn, known)),
      ...notRun.map((n) => unrunCase(n, name)),
      '  </testsuite>',
    );
  }
  if (stale.length > 0) {
    // A known failure that no longer fails: the baseline must be updated, and the gate says so.
    out.push(
      `  <testsuite name="baseline" tests="${stale.length}" failures="${stale.length}" errors="0" skipped="0" time="0">`,
    );
    for (const e of stale)
      out.push(
        `    <testcase classname="baseline" name="${xmlAttr(e.id)}" time="0" status="stale">`,
        `      <failure type="stale-baseline" message="${xmlAttr(`${e.id} now ends ${e.status}; remove it from ${report.baseline!.file}`)}"/>`,
        '    </testcase>',
      );
    out.push('  </testsuite>');
  }
  if (!report.complete) {
    // An incomplete run must not read as green in CI even if every recorded check passed.
    out.push(
      `  <testsuite name="run" tests="1" failures="0" errors="1" skipped="0" time="0">`,
      `    <testcase classname="run" name="RUN-COMPLETE" time="0">`,
      `      <error type="incomplete" message="${xmlAttr(report.incompleteReasons.join('; ') || 'incomplete')}"/>`,
      '    </testcase>',
      '  </testsuite>',
    );
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}
