// The command's misconfiguration paths, run as users run it: exit 2 and one line saying what to fix,
// nothing sent, no key printed. Plus --list and --help, which send nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

const KEY = 'osk_usage_test_secret_4242';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('usage errors exit 2 with one line saying what to fix', () => {
  const cases: Array<[string, string[], Record<string, string>, RegExp]> = [
    [
      'missing key',
      [],
      { ORDER_STORE_BASE_URL: 'http://127.0.0.1:9/v1' },
      /missing API key: set ORDER_STORE_API_KEY/,
    ],
    [
      'base path not /v1',
      ['--base-url', 'http://127.0.0.1:9/api'],
      { ORDER_STORE_API_KEY: KEY },
      /must end with the version segment \/v1/,
    ],
    ['bad URL', ['--base-url', 'nope'], { ORDER_STORE_API_KEY: KEY }, /not an absolute URL/],
    ['unknown flag', ['--frobnicate'], {}, /frobnicate/],
    ['bad fixture id', ['--cancellable-order-ids', '1.5'], {}, /ORDER_STORE_CANCELLABLE_ORDER_IDS/],
    ['unknown reference fault', ['--reference-faults', 'no-such-fault'], {}, /no-such-fault/],
  ];
  it.each(cases)('%s', async (_name, args, env, message) => {
    const run = await runCli(args, { env });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
    expect(run.stdout + run.stderr).not.toContain(KEY);
    expect(run.report).toBeUndefined();
  });

  it('an unreachable target is refused at preflight, before any request: exit 4, not a configuration error', async () => {
    const port = await closedPort();
    const run = await runCli([], {
      env: { ORDER_STORE_BASE_URL: `http://127.0.0.1:${port}/v1`, ORDER_STORE_API_KEY: KEY },
    });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(
      /cannot reach the target at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\); check ORDER_STORE_BASE_URL \(--base-url\) and that the server is running; if it is still starting, --wait-for-target SECONDS waits for it\n$/,
    );
    expect(run.stderr).not.toContain(KEY);
  });

  it('an unwritable report directory is a usage error', async () => {
    const server = await reference();
    const run = await runCli(['--report-dir', '/dev/null/reports'], {
      env: targetEnv(server),
      noReportDir: true,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/cannot write reports .* ORDER_STORE_REPORT_DIR/);
    expect(server.stats().requests).toBe(0);
  });
});

describe('commands that send nothing', () => {
  it('--list prints every check with its level, spec rules and spec reference', async () => {
    const server = await reference();
    const run = await runCli(['--list'], { env: targetEnv(server) });
    expect(run.code).toBe(0);
    const [checks, rules] = run.stdout.trim().split('\n\n');
    const lines = checks!.split('\n');
    expect(lines.at(-1)).toMatch(/^\d+ checks$/);
    // A row starts at the left edge; a long cell goes on in its own column on the lines below.
    const rows = lines.slice(0, -1).filter((l) => !l.startsWith(' '));
    expect(rows.length).toBe(Number(lines.at(-1)!.split(' ')[0]));
    for (const line of rows)
      expect(line).toMatch(/^[A-Z][A-Z0-9-]+\s+(MUST|SHOULD|MAY|INFO)\s+[0-9][a-z0-9.,-]*\s+(spec §|RFC )/);
    expect(run.stdout).toMatch(
      /^CANCEL-UNKNOWN-404\s+MUST\s+4\.cancel\.r3,7\.404\s+spec §4 cancelOrder rule 3/m,
    );
    // Aligned within 120 columns: every line fits, and the level column starts at one place on every row.
    for (const line of run.stdout.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(120);
    expect(new Set(rows.map((l) => l.search(/ (MUST|SHOULD|MAY|INFO) /)))).toHaveLength(1);
    expect(new Set(rows.map((l) => l.search(/ (spec §|RFC )/)))).toHaveLength(1);
    // Then every spec rule with the checks that cite it, or why none does.
    // A long list of checks goes on, wrapped, in its column on the lines below.
    expect(rules).toMatch(
      /^4\.cancel\.r3\s+requirement\s+.*STATE-404-CHANGES-NOTHING,CANCEL-UNKNOWN-404,ID-ABSENT-404,\n\s+ID-CANCEL-MISREAD,STATE-SEQUENCE,HTTP-CANCEL-PATH-ID,\n\s+HTTP-SURFACE-PROPERTY$/m,
    );
    expect(rules).toMatch(/^8\.r5\s+requirement\s+.*none: not provoked on purpose/m);
    expect(rules).toMatch(/^\d+ spec rules; \d+ of \d+ testable rules covered by these checks$/m);
    expect(server.stats().requests).toBe(0);
  });

  it('an unknown command is a usage error naming the commands', async () => {
    const run = await runCliInProcess(['frobnicate', 'x'], { noReportDir: true });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^order-store-conformance: unknown command "frobnicate" \(commands: .*\); see --help\n$/,
    );
  });

  it('--list honours --only and --skip', async () => {
    const run = await runCli(['--list', '--only', 'auth', '--skip', 'AUTH-SCHEME']);
    const ids = run.stdout
      .split('\n\n')[0]!
      .trim()
      .split('\n')
      .slice(0, -1)
      .filter((l) => !l.startsWith(' '))
      .map((l) => l.split(/\s+/)[0]);
    expect(ids.length).toBeGreaterThan(3);
    expect(ids.every((id) => id?.startsWith('AUTH-'))).toBe(true);
    expect(ids).not.toContain('AUTH-SCHEME-CASE-INSENSITIVE');
  });

  it('--help exits 0 and documents the exit codes', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/--base-url VALUE\n\s+ORDER_STORE_BASE_URL/);
    expect(run.stdout).toMatch(
      /Exit codes: 0 conformant .*, 1 non-conformant .*\n.*, 2 usage or configuration error .*, 3 incomplete/,
    );
  });
});

describe("the subcommands' help", () => {
  it.each(['judge', 'proxy'])(
    '%s -h is its --help, and says a passive run starts nothing',
    async (command) => {
      const short = await runCliInProcess([command, '-h'], { noReportDir: true });
      const long = await runCliInProcess([command, '--help'], { noReportDir: true });
      expect(short.code, short.stderr).toBe(0);
      expect(short.stdout).toBe(long.stdout);
      expect(short.stdout).toMatch(new RegExp(`^Usage: order-store-conformance ${command}`));
      // A run's meaning of --base-url (the embedded server when unset) is not a passive command's.
      expect(short.stdout).not.toMatch(/embedded/);
      expect(short.stdout).toMatch(/--base-url VALUE\n.*\n.*Unset: found from the traffic's own requests/);
    },
  );

  it('the reference server names its own command in its help', () => {
    const help = execFileSync(process.execPath, [join(ROOT, 'bin', 'order-store-reference.js'), '--help'], {
      encoding: 'utf8',
    });
    expect(help).toMatch(/^Usage: order-store-reference \[options\]\n/);
  });
});

describe('an empty recording', () => {
  it('is told it holds no requests, not to add --base-url', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'osc-empty-har-'));
    const har = join(cwd, 'empty.har');
    writeFileSync(
      har,
      JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [] } }),
    );
    for (const extra of [[], ['--base-url', 'http://127.0.0.1:9/v1']]) {
      const run = await runCliInProcess(['judge', '--har', har, ...extra], { cwd, noReportDir: true });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/the recording holds no requests at all: save it once the traffic/);
      expect(run.stderr).not.toMatch(/--base-url/);
    }
  });
});
