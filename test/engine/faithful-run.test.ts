// The whole suite against the faithful reference server: every check passes, is informational, or is
// skipped with its stated reason; the run is complete and conformant; reports are valid and key-free.
import { describe, expect, it } from 'vitest';
import { validate } from '../../lib/formats/validation.ts';
import { checkOf, runCli, targetEnv } from '../support/cli.ts';
import { disagreements, judgeRun, loud } from '../support/passive.ts';
import { reference } from '../support/reference.ts';

describe('a run against the faithful reference server', () => {
  it('is conformant, complete, and every verdict is pass, info or a reasoned skip', async () => {
    const server = await reference();
    const run = await runCli(['--skip-rate-limit-probe', '--seed', '7'], { env: targetEnv(server) });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = run.report!;
    expect(validate('report', report).errors).toEqual([]);
    expect(report.verdict).toBe('conformant');
    expect(report.complete).toBe(true);
    for (const c of report.checks) {
      expect(['pass', 'info', 'skip'], `${c.id}: ${c.status} ${c.message}`).toContain(c.status);
      if (c.status === 'skip') expect(c.message, c.id).toMatch(/--|ORDER_STORE_/);
    }
    expect(checkOf(run, 'CANCEL-PENDING-204').status).toBe('pass');
    // Coverage: every testable rule no check tests is named with its reason; the probe's rules were left out.
    const { coverage } = report;
    expect(coverage.covered + coverage.uncovered.length).toBe(coverage.testable);
    expect(coverage.uncovered.map((u) => u.id)).toContain('8.r5');
    for (const u of coverage.uncovered) expect(u.reason, u.id).not.toBe('');
    const notFound = coverage.rules.find((r) => r.id === '4.cancel.r3')!;
    expect(notFound.checks.length).toBeGreaterThan(0);
    for (const c of notFound.checks) expect(checkOf(run, c.id).status).toBe(c.status);
    // Only the fixtures handed over were cancelled, and only one of them by the ordinary checks.
    const cancelled = server
      .orders()
      .filter((o) => o.status === 'cancelled')
      .map((o) => o.id);
    for (const id of cancelled) expect(server.fixtures.pending).toContain(id);
    expect(server.stats().limited).toBe(0);
    for (const text of [run.stdout, JSON.stringify(report), run.junit!, run.html!]) {
      expect(text).not.toContain(server.demoKey);
    }
    // Its transcript.har judged passively: a valid report, silent, agreeing on every check both judge.
    const passive = await judgeRun(run, { trustOrderList: true });
    expect(validate('report', passive).errors).toEqual([]);
    expect(loud(passive)).toEqual([]);
    expect(disagreements(report, passive)).toEqual([]);
  });
});
