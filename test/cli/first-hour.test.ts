// The first hour of a new user, each step tried as they would: certification on the embedded target, a typo
// under CI, an unknown fault name, what the summary names, the plan and the verdict counting alike, report.md
// naming the faults. (--list at 120 columns: cli-usage.test.ts; the replay flags: test/order-id/order-id.test.ts;
// the HTML report at phone width and in print: test/report/browser.test.ts.)
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOf, ROOT, runCliInProcess } from '../support/cli.ts';

const QUICK = ['--skip-rate-limit-probe', '--only', 'LIST,VER,RL-PROBE-PLAN', '--seed', '8'];

describe('the first hour', () => {
  it('--profile certification passes on the embedded target: a second demo key, a Limit of the Free plan', async () => {
    const refused = await runCliInProcess(['--profile', 'certification']);
    expect(refused.code).toBe(2);
    // Only what the user can give: the second key and the fixtures come with the embedded server.
    expect(refused.stderr).toMatch(/provide --plan, --burst\n$/);
    const run = await runCliInProcess([
      '--profile',
      'certification',
      '--plan',
      'free',
      '--burst',
      '--seed',
      '5',
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.report!.verdict).toBe('conformant');
    expect(run.report!.evaluation.notEvaluated).toEqual([]);
    expect(checkOf(run, 'RL-PROBE-PLAN-LIMIT')).toMatchObject({
      status: 'pass',
      message: expect.stringMatching(/Limit 60: the free plan's minute limit/),
    });
    // Per key, unless the second key's window renewed between its two reads (a loaded machine): then no
    // count concludes, and the message says so.
    expect(checkOf(run, 'RL-PROBE-SECOND-KEY').message).toMatch(
      /limits are per key|its window renewed between the two/,
    );
    expect(run.stdout).toMatch(
      /^Verdict: CONFORMANT: (\d+) of \1 MUST checks evaluated, all pass; none left out$/m,
    );
  }, 90_000);

  it('a misspelt variable is named also when CI is set (where it is why the run has no target)', async () => {
    const run = await runCliInProcess([], {
      env: { CI: 'true', ORDER_STORE_BASEURL: 'https://staging.example.com/v1' },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^warning: ORDER_STORE_BASEURL \(environment\) is not a setting and is ignored; did you mean ORDER_STORE_BASE_URL\?\norder-store-conformance: no target: CI is set/,
    );
  });

  it('an unknown fault or variant names the command that lists them, which does', async () => {
    const run = await runCliInProcess(['--reference-faults', 'list-wraped,nope']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /unknown fault "list-wraped" \(did you mean list-wrapped\?\), "nope"; list them with: npx order-store-reference --list-faults \(npm run reference -- --list-faults in a checkout\)/,
    );
    const variant = await runCliInProcess(['--reference-variants', 'nope']);
    expect(variant.stderr).toMatch(
      /unknown variant "nope"; list them with: npx order-store-reference --list-variants/,
    );
    for (const kind of ['faults', 'variants']) {
      const listed = spawnSync(
        process.execPath,
        [join(ROOT, 'bin', 'order-store-reference.js'), `--list-${kind}`],
        {
          encoding: 'utf8',
        },
      );
      expect(listed.status).toBe(0);
      expect(listed.stdout).toMatch(kind === 'faults' ? /^list-wrapped\t/m : /^limiter-token-bucket\t/m);
    }
  });

  it('the summary names every file the run wrote', async () => {
    const run = await runCliInProcess(QUICK);
    expect(run.code, run.stdout).toBe(0);
    const named = /reports: (\S+)\/\{([^}]+)\}/.exec(run.stdout)!;
    expect(named[2]!.split(',').sort()).toEqual(readdirSync(named[1]!).sort());
  });

  it('the plan and the verdict count what is left out the same way', async () => {
    const run = await runCliInProcess(QUICK);
    const plan = /plan: \d+ checks to run, (\d+) left out \((\d+) MUST\)/.exec(run.stdout);
    // The MUSTs are named with why in "N MUST not judged (...)" before the count.
    const verdict =
      /^Verdict: CONFORMANT on what was judged: .*; \d+ MUST not judged \(.*\); (\d+) left out \((\d+) MUST\)/m.exec(
        run.stdout,
      );
    expect(plan, run.stdout).not.toBeNull();
    expect(verdict, run.stdout).not.toBeNull();
    expect(verdict!.slice(1)).toEqual(plan!.slice(1));
    expect(Number(plan![1])).toBe(run.report!.evaluation.notEvaluated.length);
  });

  it('report.md names the reference faults, as the console and report.html do', async () => {
    const run = await runCliInProcess([...QUICK, '--reference-faults', 'list-wrapped']);
    expect(run.code).toBe(1);
    const md = readFileSync(join(run.reportDir, 'latest', 'report.md'), 'utf8');
    expect(md).toMatch(/\(embedded reference server, faults: `list-wrapped`\)/);
    expect(run.stdout).toMatch(/embedded reference server; faults: list-wrapped/);
    expect(run.html).toMatch(/embedded reference server, faults: list-wrapped/);
  });
});
