// --dry-run prints the plan and sends nothing (not even a connection), writes no report and exits 0;
// --fail-fast ends the run at the first MUST failure and still writes the report, marked stopped early.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/cli.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A TCP listener that only counts the connections made to it. */
async function counting(): Promise<{ url: string; connections: () => number }> {
  let n = 0;
  const server = createServer((socket) => {
    n++;
    socket.destroy();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/v1`, connections: () => n };
}

describe('--dry-run', () => {
  it('prints the plan against a URL, connects to nothing, writes nothing, exits 0', async () => {
    const target = await counting();
    const run = await runCliInProcess(['--dry-run'], {
      env: {
        ORDER_STORE_BASE_URL: target.url,
        ORDER_STORE_API_KEY: 'osk_dry_run_key_1234',
        ORDER_STORE_CANCELLABLE_ORDER_IDS: '5,6',
      },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`^order-store-conformance .*: dry run of \\d+ checks against ${target.url}\n`),
    );
    expect(run.stdout).toMatch(/\n {2}nothing is sent and no report is written/);
    expect(run.stdout).toMatch(/\n {2}plan: \d+ checks to run/);
    expect(run.stdout).toMatch(/\n {2}pending fixtures: /);
    expect(run.stdout).not.toContain('osk_dry_run_key_1234');
    expect(target.connections()).toBe(0);
    expect(existsSync(join(run.cwd, 'reports'))).toBe(false);
  });

  it('says when the target would be the embedded demo server, and starts none', async () => {
    const run = await runCliInProcess(['--dry-run', '--only', 'LIST-'], {});
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/dry run of \d+ checks against the embedded reference server/);
    expect(existsSync(join(run.cwd, 'reports'))).toBe(false);
  });
});

describe('--fail-fast', () => {
  it('stops at the first MUST failure, and writes the report marked stopped early', {
    timeout: 60_000,
  }, async () => {
    const run = await runCliInProcess(
      ['--embedded', '--reference-faults', 'list-wrapped', '--skip-rate-limit-probe', '--fail-fast'],
      {},
    );
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const report = run.report!;
    expect(report.checks.at(-1)).toMatchObject({ id: 'LIST-BODY-ARRAY', status: 'fail' });
    expect(report.complete).toBe(false);
    expect(report.verdict).toBe('non-conformant');
    expect(report.incompleteReasons[0]).toBe(
      'stopped early (--fail-fast) after the first MUST failure (LIST-BODY-ARRAY)',
    );
    expect(report.checks.length).toBeLessThan(report.scope.checksSelected);
    expect(run.stdout).toMatch(/stopping: --fail-fast and LIST-BODY-ARRAY failed/);
    // The closing lines name at most ten of the 90-odd checks left out, and count the rest.
    expect(run.stdout).toMatch(/\n {2}left out: (\S+, ){9}\S+ and \d+ more: the run ended before it/);
    const closing = run.stdout.slice(run.stdout.indexOf('\nVerdict: '));
    for (const line of closing.split('\n')) expect(line.length, line).toBeLessThanOrEqual(400);
    // Every selected check is in junit.xml, the unrun ones skipped with the cause.
    const unrun = run.junit!.match(/status="not-run"/g) ?? [];
    expect(unrun.length).toBe(report.scope.checksSelected - report.checks.length);
    expect(run.junit).toMatch(
      /<skipped message="not run: the run ended before it \(stopped early \(--fail-fast\)/,
    );
  });
});

describe('the embedded target', () => {
  it('is named on the console and in the report when no base URL is set', { timeout: 60_000 }, async () => {
    const run = await runCliInProcess(['--only', 'VER-']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /\n {2}embedded: --base-url \/ ORDER_STORE_BASE_URL is not set, so the demo reference server this run started on this machine is tested, not yours\n/,
    );
    expect(run.report!.target.embedded).toBe(true);
    expect(readFileSync(join(run.reportDir, 'latest', 'report.md'), 'utf8')).toMatch(
      /\(embedded reference server\)/,
    );
  });
});
