// report.json is valid against the shipped schemas/report.schema.json, also where a check sends invalid HTTP on
// purpose (the `%zz` spelling the seed below picks records `invalidRequest` on its exchange). Every report the
// test suite writes is checked the same way when it ends (test/support/reports-valid.ts); this is its own test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/cli.ts';
import { invalidReports, reportFiles } from '../support/reports-valid.ts';

describe('report.json against the shipped schema', () => {
  it('a run whose exchange records an invalid request is valid (--seed 1 --only ID-MALFORMED)', async () => {
    const run = await runCliInProcess(['--seed', '1', '--only', 'ID-MALFORMED']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const exchanges = run.report!.checks.flatMap((c) => c.exchanges);
    expect(exchanges.some((e) => e.invalidRequest !== undefined)).toBe(true);
    const files = reportFiles(run.reportDir);
    expect(files.length).toBe(1);
    expect(invalidReports(files)).toEqual([]);
  });

  it('the suite-wide check finds an invalid report and says where and why', () => {
    const dir = mkdtempSync(join(tmpdir(), 'osc-bad-report-'));
    mkdirSync(join(dir, 'run'));
    writeFileSync(join(dir, 'run', 'report.json'), '{"reportVersion": 1}');
    const problems = invalidReports(reportFiles(dir));
    // Removed at once: the suite-wide check at the end would (rightly) find it too.
    rmSync(dir, { recursive: true, force: true });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/run\/report\.json: .*must have required property/);
  });
});
