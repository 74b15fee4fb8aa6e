// Deploy gating end to end against the reference server with a fault: report.md and the job summary, GitHub
// annotations, JUnit valid against schemas/junit-10.xsd (libxml2 as WebAssembly), a baseline written from the failing run
// that turns its failures into known ones, a stale baseline once the server is fixed, and compare.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../../lib/formats/validation.ts';
import { runCliInProcess, targetEnv } from '../support/cli.ts';
import { junitErrors } from '../support/junit-schema.ts';
import { reference } from '../support/reference.ts';

const ARGS = ['--skip-rate-limit-probe', '--only', 'LIST,VER,AUTH-SCHEME', '--seed', '5'];

/** libxml2's verdict on a JUnit file against schemas/junit-10.xsd. */
async function validJunit(xml: string): Promise<void> {
  expect(await junitErrors(xml), 'junit.xml is valid against junit-10.xsd').toEqual([]);
}

describe('deploy gating against the reference server', () => {
  it('report.md, annotations, valid JUnit; a baseline makes failures known; a fixed server makes it stale; compare', {
    timeout: 120_000,
  }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'osc-gate-'));
    const summaryFile = join(cwd, 'step-summary.md');
    const faulty = await reference({ faults: ['list-wrapped', 'auth-scheme-case-sensitive'] });
    const ci = { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile };

    // 1. The failing run: exit 1; report.md, the job summary and ::error annotations name the failure.
    const a = await runCliInProcess(ARGS, { cwd, env: { ...targetEnv(faulty), ...ci } });
    expect(a.code, a.stdout).toBe(1);
    const aDir = join(a.reportDir, a.report!.runId);
    const md = readFileSync(join(aDir, 'report.md'), 'utf8');
    expect(md).toMatch(/^# Order Store conformance: NON-CONFORMANT/);
    expect(md).toMatch(/\| `LIST-BODY-ARRAY` \| MUST \| fail \| .+ \| spec §4 listOrders .+ \|/);
    expect(md).toMatch(/## Not evaluated \(\d+\)/);
    expect(readFileSync(summaryFile, 'utf8')).toBe(`${md}\n`);
    expect(a.stdout).toMatch(/^::error title=LIST-BODY-ARRAY \(MUST%2C spec §4 listOrders.*::/m);
    expect(a.stdout).toMatch(/^::warning title=AUTH-SCHEME-CASE-INSENSITIVE /m);
    expect(a.junit).toMatch(/<testcase classname="List orders" name="LIST-BODY-ARRAY" [^>]*status="fail">/);
    expect(a.junit).toMatch(/<system-err>WARNING AUTH-SCHEME-CASE-INSENSITIVE: /);
    await validJunit(a.junit!);
    for (const text of [md, a.stdout, readFileSync(summaryFile, 'utf8')])
      expect(text).not.toContain(faulty.demoKey);

    // 2. baseline write: every failure and warning of the run, with a reason to edit.
    const written = await runCliInProcess(['baseline', 'write', aDir, '--out', 'baseline.json'], {
      cwd,
      noReportDir: true,
    });
    expect(written.code, written.stderr).toBe(0);
    const baseline = JSON.parse(readFileSync(join(cwd, 'baseline.json'), 'utf8'));
    const listed = baseline.knownFailures.map((k: { id: string }) => k.id);
    expect(listed).toContain('LIST-BODY-ARRAY');
    expect(listed).toContain('AUTH-SCHEME-CASE-INSENSITIVE');

    // 3. With the baseline, the same failures are known: the gate passes, the verdict stays honest.
    const known = await runCliInProcess([...ARGS, '--baseline', 'baseline.json', '--fail-on', 'warn'], {
      cwd,
      env: targetEnv(faulty),
    });
    expect(known.code, known.stdout).toBe(0);
    expect(known.report!.verdict).toBe('non-conformant');
    expect(known.report!.gate).toMatchObject({ passed: true, exitCode: 0 });
    expect(known.report!.baseline!.known.map((k) => k.id)).toContain('LIST-BODY-ARRAY');
    expect(validate('report', known.report).errors).toEqual([]);
    expect(known.stdout).toMatch(/known \(baseline\): LIST-BODY-ARRAY fail: known since run/);
    expect(known.junit).toMatch(
      /name="LIST-BODY-ARRAY"[^>]*>\n\s+<skipped message="known fail \(baseline\): /,
    );
    await validJunit(known.junit!);

    // 4. The server fixed: the baseline is stale (exit 1) unless --allow-stale-baseline.
    const fixed = await reference();
    const stale = await runCliInProcess([...ARGS, '--baseline', 'baseline.json'], {
      cwd,
      env: targetEnv(fixed),
    });
    expect(stale.code, stale.stdout).toBe(1);
    expect(stale.report!.verdict).toBe('conformant');
    expect(stale.stdout).toMatch(/gate fails: stale baseline: .*LIST-BODY-ARRAY.* --allow-stale-baseline/);
    expect(stale.junit).toMatch(/<failure type="stale-baseline"/);
    await validJunit(stale.junit!);
    const allowed = await runCliInProcess(
      [...ARGS, '--baseline', 'baseline.json', '--allow-stale-baseline'],
      {
        cwd,
        env: targetEnv(fixed),
      },
    );
    expect(allowed.code).toBe(0);
    const bDir = join(stale.reportDir, stale.report!.runId);

    // 5. compare: A -> B fixes the failures (exit 0); B -> A brings them back as new failures (exit 1).
    const forward = await runCliInProcess(['compare', aDir, bDir], { cwd, noReportDir: true });
    expect(forward.code, forward.stderr).toBe(0);
    expect(forward.stdout).toMatch(/## New failures \(0\)/);
    expect(forward.stdout).toMatch(/## Fixed \(\d+\)[\s\S]*\| `LIST-BODY-ARRAY` \| MUST \| `fail: /);
    const back = await runCliInProcess(['compare', bDir, aDir, '--out', 'compare.md'], {
      cwd,
      noReportDir: true,
    });
    expect(back.code).toBe(1);
    expect(readFileSync(join(cwd, 'compare.md'), 'utf8')).toMatch(
      /## New failures \([1-9]\d*\)[\s\S]*`LIST-BODY-ARRAY`/,
    );
  });

  it('a baseline that cannot be read, and bad subcommand arguments, are configuration errors (exit 2)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'osc-gate-'));
    writeFileSync(join(cwd, 'bad.json'), '{"knownFailures": 3}');
    const bad = await runCliInProcess(['--baseline', 'bad.json', '--embedded', '--only', 'VER'], { cwd });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/cannot use the baseline .*bad\.json: expected \{"baselineVersion": 1/);
    expect(existsSync(join(cwd, 'reports'))).toBe(false);
    expect((await runCliInProcess(['compare', 'only-one.json'], { cwd, noReportDir: true })).code).toBe(2);
    const missing = await runCliInProcess(['baseline', 'write', 'nope.json'], { cwd, noReportDir: true });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read the report nope\.json \(ENOENT\)/);
  });

  it('the JUnit validator names what breaks the schema (it is not a pass-through)', async () => {
    expect(
      await junitErrors('<testsuites><testsuite name="x" tests="1"><bogus/></testsuite></testsuites>'),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/bogus/)]));
    expect((await junitErrors('<testsuites><unclosed></testsuites>')).length).toBeGreaterThan(0);
  });

  it('an incomplete run still gives valid JUnit with the run error', async () => {
    // The list is one request for every LIST- and VER- check; LIST-NO-NARROWING's own second one is over.
    const run = await runCliInProcess([
      '--max-requests',
      '1',
      '--only',
      'LIST,VER',
      '--skip-rate-limit-probe',
    ]);
    expect(run.code).toBe(3);
    expect(run.junit).toMatch(/name="RUN-COMPLETE"/);
    await validJunit(run.junit!);
  });
});
