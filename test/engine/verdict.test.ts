// The verdict is earned: each case a new user tried gives the new behaviour. A harness limit that
// leaves checks out is incomplete (exit 3), never conformant; what the configuration leaves out is named in
// the verdict line; certification refuses before sending; --fail-on warn fails on a warning; a run that
// would test nothing, or the demo server by accident in CI, is refused before it starts.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../../lib/formats/validation.ts';
import { notJudged } from '../../lib/report/console.ts';
import { BIN, checkOf, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

const NO_PROBE = ['--skip-rate-limit-probe', '--property-runs', '1', '--seed', '3'];

describe('a harness limit never gives a conformant verdict', () => {
  it('--max-requests 40: the checks the budget leaves out make the run incomplete (exit 3), named up front', async () => {
    const run = await runCliInProcess(['--max-requests', '40', '--property-runs', '1', '--seed', '3']);
    expect(run.code, run.stdout).toBe(3);
    const report = run.report!;
    expect(validate('report', report).errors).toEqual([]);
    expect(report.verdict).toBe('incomplete');
    expect(report.gate).toMatchObject({ passed: false, exitCode: 3 });
    const limited = report.evaluation.notEvaluated.filter((n) => n.cause === 'limit');
    expect(limited.some((n) => n.id === 'RL-PROBE-LIMIT-ENFORCED')).toBe(true);
    expect(limited.filter((n) => n.level === 'MUST').length).toBeGreaterThan(5);
    // The plan is printed before the first check's line, with the budget that would run everything.
    const planAt = run.stdout.indexOf('  plan: ');
    expect(planAt).toBeGreaterThan(0);
    expect(planAt).toBeLessThan(run.stdout.indexOf('  PASS '));
    expect(run.stdout).toMatch(/a budget of \d+ requests \(--max-requests\) would let every check run/);
    expect(run.stdout).toMatch(
      /^Verdict: INCOMPLETE: \d+ of \d+ MUST checks evaluated; \d+ MUST not judged \([A-Z0-9-]+.*: needs up to \d+ requests .*\); \d+ left out \(\d+ MUST\); rate-limit probe not run$/m,
    );
    expect(report.requests.sent).toBeLessThanOrEqual(40);
  });

  it('--max-wait-seconds 2: the probe is not run, the verdict says so, and the run is incomplete', async () => {
    const run = await runCliInProcess(['--max-wait-seconds', '2', '--only', 'RL-PROBE,VER']);
    expect(run.code, run.stdout).toBe(3);
    expect(run.stdout).toMatch(/^ {2}rate-limit probe: not run: .*--max-wait-seconds \(2 s\)/m);
    expect(run.stdout).toMatch(/^Verdict: INCOMPLETE: .*rate-limit probe not run/m);
    expect(checkOf(run, 'RL-PROBE-LIMIT-ENFORCED')).toMatchObject({ status: 'skip' });
    expect(run.report!.requests.sent).toBe(1);
  });
});

describe('what the configuration leaves out is named', () => {
  it('a URL and a key only: conformant, and the verdict line counts the MUST checks not evaluated', async () => {
    const server = await reference();
    const { ORDER_STORE_BASE_URL, ORDER_STORE_API_KEY } = targetEnv(server);
    const run = await runCliInProcess(NO_PROBE, {
      env: { ORDER_STORE_BASE_URL: ORDER_STORE_BASE_URL!, ORDER_STORE_API_KEY: ORDER_STORE_API_KEY! },
    });
    expect(run.code, run.stdout).toBe(0);
    const { evaluation } = run.report!;
    const must = evaluation.notEvaluated.filter((n) => n.level === 'MUST');
    expect(must.map((n) => n.id)).toContain('CANCEL-PENDING-204');
    expect(must.filter((n) => n.cause !== 'input')).toEqual([]);
    // A pass with MUSTs not judged says so, and names them with why.
    expect(run.stdout).toContain(
      `Verdict: CONFORMANT on what was judged: ${evaluation.must.evaluated} of ${evaluation.must.selected} MUST checks evaluated, all pass; ${must.length} MUST not judged (${notJudged(evaluation.notEvaluated)!.replace(/^\d+ MUST not judged \(/, '')}; ${evaluation.notEvaluated.length} left out (${must.length} MUST); rate-limit probe not run`,
    );
    expect(run.stdout).toMatch(/MUST not judged \([A-Z0-9-]+(, [A-Z0-9-]+)*(, …)?: [^;]+; \d+ more\); /);
    expect(run.report!.verdictLine).toBe(run.stdout.match(/^Verdict: (.*)$/m)![1]);
    expect(run.stdout).toMatch(
      /left out: STATE-401-CHANGES-NOTHING, CANCEL-204-NO-CONTENT, .*CANCEL-PENDING-204.*--cancellable-order-ids/,
    );
  });

  it('--profile certification refuses, before any request, a run that would leave a MUST out', async () => {
    const server = await reference();
    const { ORDER_STORE_BASE_URL, ORDER_STORE_API_KEY } = targetEnv(server);
    const run = await runCliInProcess(['--profile', 'certification'], {
      env: { ORDER_STORE_BASE_URL: ORDER_STORE_BASE_URL!, ORDER_STORE_API_KEY: ORDER_STORE_API_KEY! },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /certification run must evaluate every check.*provide .*--cancellable-order-ids.*--shipped-order-ids.*--plan/,
    );
    expect(run.report).toBeUndefined();
    expect(server.stats().requests).toBe(0);
  });

  it('--profile certification with everything provided runs every check and can be conformant', {
    timeout: 60_000,
  }, async () => {
    const keys = [
      { key: 'osk_cert_primary_0001', plan: 'free' as const },
      { key: 'osk_cert_second_0002', plan: 'free' as const },
    ];
    // Limit 60 is the Free plan's minute limit, in a short window so the probe ends in seconds; 3 s, not 2: on a
    // loaded machine a 2-s window turned between the walk's Remaining 0 and the held cancel past it (served 204).
    const server = await reference({ keys, rateLimit: { limit: 60, windowSeconds: 3 } });
    const env = {
      ...targetEnv(server),
      ORDER_STORE_API_KEY: keys[0]!.key,
      ORDER_STORE_SECOND_API_KEY: keys[1]!.key,
    };
    const args = [
      '--profile',
      'certification',
      '--plan',
      'free',
      '--burst',
      '--trust-order-list',
      '--allow-key-in-url',
      '--seed',
      '4',
    ];
    const run = await runCliInProcess(args, { env });
    expect(run.code, run.stdout).toBe(0);
    expect(run.report!.evaluation.notEvaluated).toEqual([]);
    expect(run.report!.counts.skip).toBe(0);
    expect(run.stdout).toMatch(
      /^Verdict: CONFORMANT: (\d+) of \1 MUST checks evaluated, all pass; none left out$/m,
    );
  });

  it('--fail-on warn: a SHOULD warning fails an otherwise conformant run (exit 1)', async () => {
    const server = await reference({ faults: ['auth-scheme-case-sensitive'] });
    const args = [...NO_PROBE, '--only', 'AUTH-SCHEME,VER'];
    const plain = await runCliInProcess(args, { env: targetEnv(server) });
    expect(plain.code).toBe(0);
    const strict = await runCliInProcess([...args, '--fail-on', 'warn'], { env: targetEnv(server) });
    expect(strict.code).toBe(1);
    expect(strict.report!.verdict).toBe('conformant');
    expect(strict.report!.gate).toMatchObject({ failOn: 'warn', passed: false, exitCode: 1 });
    expect(strict.stdout).toMatch(/gate fails: 1 SHOULD check warns/);
  });
});

describe('a run that would test nothing, or the wrong target, is refused (exit 2)', () => {
  it('a selection that matches nothing', async () => {
    const run = await runCliInProcess(['--only', 'XYZ']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/ORDER_STORE_ONLY \(--only\): XYZ matches no check id; see --list/);
    expect(run.report).toBeUndefined();
  });

  it('CI set and no target: refused; --embedded runs the embedded reference server on purpose', async () => {
    const refused = await runCliInProcess([], { env: { CI: 'true' } });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/no target: CI is set and ORDER_STORE_BASE_URL .*--embedded/);
    const embedded = await runCliInProcess(['--embedded', '--only', 'VER'], { env: { CI: 'true' } });
    expect(embedded.code, embedded.stdout).toBe(0);
    expect(embedded.report!.target.embedded).toBe(true);
  });

  it('a misspelt ORDER_STORE_* variable gets a warning naming the closest setting', async () => {
    const run = await runCliInProcess(['--only', 'VER'], {
      env: { ORDER_STORE_BASEURL: 'https://x.example/v1' },
    });
    expect(run.stderr).toContain(
      'warning: ORDER_STORE_BASEURL (environment) is not a setting and is ignored; did you mean ORDER_STORE_BASE_URL?',
    );
  });

  it('an env file that cannot be read, through the real command (Node does not take --env-file for its own)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'osc-envfile-'));
    writeFileSync(join(cwd, 'dir.env'), '');
    const outcome = async (args: string[]) => {
      // Run the shim as a program, as npm's bin link does, so its shebang line is what is tested.
      const child = spawn(BIN, args, {
        cwd,
        env: { PATH: process.env.PATH ?? '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let err = '';
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      return { code, err };
    };
    const missing = await outcome(['--env-file', 'missing.env']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(
      /the env file missing.env does not exist; fix ORDER_STORE_ENV_FILE \(--env-file\)/,
    );
    const unreadable = await outcome(['--env-file', cwd]);
    expect(unreadable.code).toBe(2);
    expect(unreadable.err).toMatch(/cannot read the env file .* \(EISDIR\)/);
  });
});
