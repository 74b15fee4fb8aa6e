// Settings are named as data below the faces (lib/config/setting-ref.ts) and in words only at them: a whole run
// of the embedded target through the command and through the API leaves no token in anything a person or a
// pipeline reads (console, every report file, the returned report, errors), and each face names a skip's
// setting its own way: `--plan / ORDER_STORE_PLAN` for the command, `plan` for the API.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listChecks, runConformance, UsageError } from '../../api/index.ts';
import { SETTINGS } from '../../lib/config/settings.ts';
import { runCli, runCliInProcess } from '../support/cli.ts';

const TOKEN = /[⟦⟧]/;

/** Every file of a run folder with its text. */
function folder(dir: string): Array<[string, string]> {
  const names = readdirSync(dir);
  expect(names).toEqual(expect.arrayContaining(['report.json', 'junit.xml', 'report.html', 'report.md']));
  return names.map((n) => [n, readFileSync(join(dir, n), 'utf8')]);
}

const planSkip = (checks: ReadonlyArray<{ id: string; status: string; message: string }>) =>
  checks.find((c) => c.id === 'RL-PROBE-PLAN-LIMIT');

// The two whole runs (the command's, the API's) each spend most of their time waiting on the embedded server's
// window, each on a server of its own: they go side by side.
describe.concurrent('setting words at the faces', () => {
  it('the command: flags and variables everywhere, no token in its lines or files', async ({ expect }) => {
    const run = await runCli(['--seed', '5'], { timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/RL-PROBE-PLAN-LIMIT .*needs the key's plan: set --plan \/ ORDER_STORE_PLAN/);
    expect(run.stdout).not.toMatch(TOKEN);
    expect(run.stderr).not.toMatch(TOKEN);
    const files = folder(join(run.reportDir, 'latest'));
    for (const [name, text] of files) expect(text, name).not.toMatch(TOKEN);
    expect(planSkip(run.report!.checks)).toMatchObject({
      status: 'skip',
      message: "needs the key's plan: set --plan / ORDER_STORE_PLAN",
    });
    expect(run.report!.evaluation).toBeDefined();
    expect(JSON.stringify(run.report)).toContain('--burst / ORDER_STORE_BURST');
  }, 150_000);

  it('the command: its refusals, --dry-run and --help name flags and variables', async ({ expect }) => {
    const bad = await runCliInProcess(['--seed', 'x'], { noReportDir: true });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('ORDER_STORE_SEED (--seed) must be an integer');
    const plan = await runCliInProcess(['--dry-run'], { noReportDir: true });
    expect(plan.stdout).toContain('set --plan / ORDER_STORE_PLAN');
    const help = await runCliInProcess(['--help'], { noReportDir: true });
    expect(help.stdout).toContain('(required with --base-url)');
    for (const r of [bad, plan, help]) expect(r.stdout + r.stderr).not.toMatch(TOKEN);
  });

  it("the API: the settings object's keys in the report, its files, its log and its errors", async ({
    expect,
  }) => {
    const reportDir = mkdtempSync(join(tmpdir(), 'osc-words-'));
    const lines: string[] = [];
    // The demo server asked for by name: in CI (CI=true) a run with no target is refused otherwise.
    const report = await runConformance(
      { seed: 5, reportDir, embedded: true },
      { onLog: (l) => lines.push(l) },
    );
    expect(report.gate.exitCode).toBe(0);
    expect(planSkip(report.checks)).toMatchObject({
      status: 'skip',
      message: "needs the key's plan: set plan",
    });
    const json = JSON.stringify(report);
    expect(json).not.toMatch(TOKEN);
    expect(json).not.toMatch(/--plan|ORDER_STORE_PLAN|--burst/);
    // No flag of any setting either: titles, requirements and reasons say the key.
    const flags = SETTINGS.map((x) => x.flag).filter((f) => new RegExp(`${f}(?![\\w-])`).test(json));
    expect(flags).toEqual([]);
    expect(lines.join('\n')).not.toMatch(TOKEN);
    expect(lines.join('\n')).toContain("needs the key's plan: set plan");
    const [dir] = readdirSync(reportDir).filter((d) => d !== 'latest' && !d.endsWith('.json'));
    for (const [name, text] of folder(join(reportDir, dir!))) expect(text, name).not.toMatch(TOKEN);
    let error: unknown;
    try {
      await runConformance({ seed: 'x' as unknown as number, embedded: true });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/^seed must be an integer/);
    expect(() => listChecks({ only: ['NOPE'] })).toThrow(
      /^only: NOPE matches no check id; see listChecks\(\)/,
    );
    expect(JSON.stringify(listChecks())).not.toMatch(TOKEN);
  }, 150_000);
});
