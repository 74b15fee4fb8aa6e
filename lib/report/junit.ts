// JUnit XML for CI: one <testsuite> per spec area, one <testcase> per check. A broken MUST is a <failure>,
// a harness error an <error>, a skip a <skipped>; SHOULD warnings and INFO observations pass with their
// text in <system-out>, so a CI gate fails exactly when the run is not conformant or not complete.
import type { CheckResult } from '../check/model.ts';
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

function testcase(c: CheckResult): string {
  const open = `    <testcase classname="${xmlAttr(c.suite)}" name="${xmlAttr(`${c.id}: ${c.title}`)}" time="${seconds(c.durationMs)}">`;
  const props = [
    '      <properties>',
    `        <property name="level" value="${xmlAttr(c.level)}"/>`,
    `        <property name="spec" value="${xmlAttr(c.spec)}"/>`,
    `        <property name="status" value="${c.status}"/>`,
    '      </properties>',
  ];
  let outcome: string;
  switch (c.status) {
    case 'fail':
      outcome = `      <failure type="${c.level}" message="${xmlAttr(c.message)}">${xmlText(body(c))}</failure>`;
      break;
    case 'error':
      outcome = `      <error type="harness" message="${xmlAttr(c.message)}">${xmlText(body(c))}</error>`;
      break;
    case 'skip':
      outcome = `      <skipped message="${xmlAttr(c.message)}"/>`;
      break;
    default:
      outcome = `      <system-out>${xmlText(`${c.status.toUpperCase()}: ${body(c)}`)}</system-out>`;
  }
  return [open, ...props, outcome, '    </testcase>'].join('\n');
}

export function junitXml(report: Report): string {
  const suites = new Map<string, CheckResult[]>();
  for (const c of report.checks) suites.set(c.suite, [...(suites.get(c.suite) ?? []), c]);
  const count = (cs: CheckResult[], s: CheckResult['status']) => cs.filter((c) => c.status === s).length;
  const runError = report.complete ? 0 : 1;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlAttr(`${report.suite.name} ${report.suite.version}`)}" tests="${report.checks.length + runError}" failures="${report.counts.fail}" errors="${report.counts.error + runError}" skipped="${report.counts.skip}" time="${seconds(report.durationMs)}" timestamp="${report.startedAt}">`,
  ];
  for (const [name, cs] of suites) {
    const time = cs.reduce((t, c) => t + c.durationMs, 0);
    out.push(
      `  <testsuite name="${xmlAttr(name)}" tests="${cs.length}" failures="${count(cs, 'fail')}" errors="${count(cs, 'error')}" skipped="${count(cs, 'skip')}" time="${seconds(time)}" timestamp="${cs[0]!.startedAt}">`,
      '    <properties>',
      `      <property name="target" value="${xmlAttr(report.target.baseUrl)}"/>`,
      `      <property name="verdict" value="${report.verdict}"/>`,
      `      <property name="seed" value="${report.settings.seed}"/>`,
      '    </properties>',
      ...cs.map(testcase),
      '  </testsuite>',
    );
  }
  if (!report.complete) {
    // An incomplete run must not read as green in CI even if every recorded check passed.
    out.push(
      `  <testsuite name="run" tests="1" failures="0" errors="1" skipped="0" time="0">`,
      `    <testcase classname="run" name="RUN-COMPLETE: the run finished" time="0">`,
      `      <error type="incomplete" message="${xmlAttr(report.incompleteReasons.join('; ') || 'incomplete')}"/>`,
      '    </testcase>',
      '  </testsuite>',
    );
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}
