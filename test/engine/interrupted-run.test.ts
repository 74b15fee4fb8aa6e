// A run that dies halfway still leaves a report, marked incomplete, and exits 3: here the command is
// stopped by a signal while it waits for a rate-limit window to reset.
import { describe, expect, it } from 'vitest';
import { validate } from '../../lib/formats/validation.ts';
import { runCli, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

describe('an interrupted run', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('on %s writes an incomplete report and exits 3', async (signal) => {
    // Three requests per 30 s: the pacer must wait for the reset after the third, and is stopped there.
    // It waits for a 30 s window to reset, and is given 25 s in all: ending at all shows the wait was cut.
    const server = await reference({ rateLimit: { limit: 3, windowSeconds: 30 } });
    const run = await runCli(['--skip-rate-limit-probe'], {
      env: targetEnv(server),
      signalWhen: { pattern: /waiting \d+ s \(X-RateLimit-Reset/, signal },
      timeoutMs: 25_000,
    });
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stderr).toMatch(
      new RegExp(`interrupted \\(${signal}\\): stopping the run and writing an incomplete report`),
    );
    const report = run.report!;
    expect(validate('report', report).errors).toEqual([]);
    expect(report.complete).toBe(false);
    expect(report.verdict).toBe('incomplete');
    expect(report.incompleteReasons.join('; ')).toMatch(/interrupted by a signal.*have no verdict/);
    expect(report.checks.length).toBeGreaterThan(0);
    expect(report.checks.length).toBeLessThan(report.scope.checksSelected);
    expect(run.junit).toMatch(/<error type="incomplete"/);
    expect(run.stdout).toMatch(/Verdict: INCOMPLETE/);
    // The check the signal cut short was interrupted, not broken: no harness error stands in the report.
    expect(report.checks.filter((c) => c.status === 'error')).toEqual([]);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/E_INTERNAL/);
    // junit.xml lists every selected check: those never reached as skipped, saying why.
    const cases = [...run.junit!.matchAll(/<testcase classname="[^"]*" name="([A-Z0-9-]+)"/g)].map(
      (m) => m[1],
    );
    expect(cases.filter((id) => id !== 'RUN-COMPLETE')).toHaveLength(report.scope.checksSelected);
    const unrun = report.evaluation.notEvaluated.filter((n) => n.cause === 'not-run');
    expect(unrun.length).toBeGreaterThan(0);
    expect(run.junit).toContain(
      `name="${unrun[0]!.id}" time="0.000" status="not-run">\n      <skipped message="not run: the run ended before it (interrupted by a signal)"/>`,
    );
  });

  // The second signal lands in the grace period or after the run has already stopped (it stops fast here):
  // either way the process must not die halfway through writing, as the default action of a signal would.
  it('a second Ctrl-C never leaves the report files half written', async () => {
    const server = await reference({ rateLimit: { limit: 3, windowSeconds: 30 } });
    const run = await runCli(['--skip-rate-limit-probe'], {
      env: targetEnv(server),
      // 400 ms apart: closer, the second is taken for the same Ctrl-C reaching the process twice (npm forwards it).
      signalWhen: { pattern: /waiting \d+ s \(X-RateLimit-Reset/, signal: 'SIGINT', times: 2, everyMs: 400 },
      timeoutMs: 25_000,
    });
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stderr).toMatch(/interrupted/);
    expect(validate('report', run.report!).errors).toEqual([]);
    expect(run.report!.complete).toBe(false);
    expect(run.junit).toMatch(/<error type="incomplete"/);
    expect(run.html).toMatch(/Incomplete/);
  });

  // A signal that lands after the report is written, while the process winds down (the embedded server is
  // closing), must not kill it either: the exit code is still the run's own.
  it('a signal after the report is written leaves the exit code the run earned', async () => {
    const run = await runCli(['--embedded', '--only', 'VER-'], {
      signalWhen: { pattern: /reports: /, signal: 'SIGINT' },
      timeoutMs: 25_000,
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.report!.verdict).toBe('conformant');
  });
});
