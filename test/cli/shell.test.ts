// The command in pipes and shells, as CLI users of Schemathesis or Playwright try it: a pipe closed early ends
// the printing, not the run; --env-file reaches the tool however it is started (Node 20 takes it for its own
// before a script, so every launcher passes `--`); --version and -h; a near-miss flag, check id or command is
// named; a key given as a flag warns once; --reports and --junit-path choose the files.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, runCli, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

const QUICK = ['--skip-rate-limit-probe', '--only', 'LIST,VER', '--seed', '2'];
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  scripts: Record<string, string>;
};

/** Runs `command args` with a clean environment in `cwd`, bounded; its output and exit code. */
function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH ?? '', HOME: cwd, ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('pipes', () => {
  it('a reader that goes away (| head -1) ends the printing; the run finishes, writes every file, exits 0', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'osc-pipe-'));
    const child = spawn(process.execPath, ['--', BIN, ...QUICK], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: cwd },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    // Read the first line, then close the pipe, as `head -1` does.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(err).not.toMatch(/EPIPE|Error:/);
    expect(code).toBe(0);
    const folder = readdirSync(join(cwd, 'reports')).find((f) => /^\d{8}T/.test(f))!;
    expect(readdirSync(join(cwd, 'reports', folder)).sort()).toEqual(
      ['SHA256SUMS', 'junit.xml', 'report.html', 'report.json', 'report.md', 'transcript.har'].sort(),
    );
  }, 60_000);
});

describe('--env-file however the command is started', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'osc-envfile-'));
  writeFileSync(join(cwd, 'staging.env'), 'ORDER_STORE_ONLY=VER\nORDER_STORE_SKIP_RATE_LIMIT_PROBE=true\n');

  it('reaches the bin started by its shebang (as npx and node_modules/.bin start it)', () => {
    const r = run(BIN, ['--env-file', 'staging.env', '--seed', '1', '--report-dir', 'reports'], cwd);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toMatch(/^order-store-conformance .*: \d+ checks? against/);
    expect(r.out).toMatch(/PASS {2}VER-BASE-PATH-V1/);
    const missing = run(BIN, ['--env-file', 'nope.env'], cwd);
    // Our own line (exit 2), not Node's "node: nope.env: not found" (exit 9).
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^order-store-conformance: the env file nope\.env does not exist/);
  });

  it('reaches the command through npm run conformance, whose script passes `--` to node', () => {
    // `exec`: node takes the shell's place, so the signals npm forwards reach the run (test/cli/npm-signals.test.ts).
    expect(PKG.scripts.conformance).toMatch(/^exec node -- bin\/order-store-conformance\.js$/);
    const missing = run(
      'npm',
      ['run', '--silent', '--prefix', ROOT, 'conformance', '--', '--env-file', join(cwd, 'nope.env')],
      cwd,
    );
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/the env file .*nope\.env does not exist/);
  });
});

describe('the habits of CLI users', () => {
  it('--version, -v and -h', async () => {
    for (const flag of ['--version', '-v']) {
      const v = await runCliInProcess([flag], { noReportDir: true });
      expect(v.code).toBe(0);
      expect(v.stdout).toBe(`order-store-conformance ${PKG.version}\n`);
    }
    const h = await runCliInProcess(['-h'], { noReportDir: true });
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/^Usage: order-store-conformance/);
  });

  it('a near miss is named: a flag, a check id, a command', async () => {
    const flag = await runCliInProcess(['--base-ur', 'http://x/v1'], { noReportDir: true });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toBe(
      'order-store-conformance: unknown flag --base-ur; did you mean --base-url? (see --help for the settings)\n',
    );
    const id = await runCliInProcess(['--only', 'LIST-STATUS-20O'], { noReportDir: true });
    expect(id.code).toBe(2);
    expect(id.stderr).toMatch(/LIST-STATUS-20O \(did you mean LIST-STATUS-200\?\) matches no check id/);
    const command = await runCliInProcess(['verfy', 'x'], { noReportDir: true });
    expect(command.stderr).toMatch(/unknown command "verfy" \(did you mean verify\?\)/);
  });

  it('a key given as a flag warns once, and is never printed', async () => {
    const server = await reference();
    const { ORDER_STORE_API_KEY: key, ...env } = targetEnv(server);
    const r = await runCliInProcess(
      ['--api-key', key!, '--second-api-key', 'osk_other_key_123456', ...QUICK],
      {
        env,
      },
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const warnings = r.stderr.split('\n').filter((l) => l.startsWith('warning:'));
    expect(warnings).toEqual([
      'warning: a key given on the command line (--api-key and --second-api-key) is visible to every user of this machine in the process list, and shells keep it in their history: set ORDER_STORE_API_KEY and ORDER_STORE_SECOND_API_KEY in the environment or in an env file (--env-file) instead',
    ]);
    expect(r.stdout + r.stderr).not.toContain(key!);
  });

  it('--reports chooses the files of the run folder, and --junit-path puts junit.xml where CI reads it', async () => {
    const r = await runCliInProcess([...QUICK, '--reports', 'junit,md', '--junit-path', 'out/junit.xml']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const dir = join(r.reportDir, 'latest');
    expect(readdirSync(dir).sort()).toEqual(['SHA256SUMS', 'junit.xml', 'report.json', 'report.md']);
    expect(readFileSync(join(r.cwd, 'out', 'junit.xml'), 'utf8')).toBe(
      readFileSync(join(dir, 'junit.xml'), 'utf8'),
    );
    expect(r.stdout).toMatch(/reports: .*\/\{report\.json,junit\.xml,report\.md,SHA256SUMS\}/);
    expect(r.stdout).toMatch(/junit\.xml also at .*out\/junit\.xml/);
    const typo = await runCli(['--reports', 'jnuit']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/unknown report "jnuit" \(did you mean junit\?\)/);
    expect(existsSync(join(typo.reportDir))).toBe(false);
  });
});
