// A run started through npm stops on a signal sent to npm alone (as a CI runner's timeout or `kill $!` sends it),
// writes its report marked interrupted, and leaves no process behind; so does one whose npm shell dies under it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../lib/report/model.ts';
import { BIN, ROOT, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

/** Whether any process of the group `pgid` is still alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Started {
  child: ChildProcess;
  output: () => string;
  closed: Promise<number | null>;
}

/** Starts `command` in a process group of its own (so what it leaves behind can be seen), bounded in time. */
function start(command: string, args: string[], env: Record<string, string>, cwd: string): Started {
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: cwd, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, output: () => output, closed };
}

async function until(what: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (what()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return what();
}

/** Runs `started` to the pacer's wait, signals `pid`, and returns the exit code and the report. */
async function interrupt(started: Started, pid: number, signal: NodeJS.Signals, reportDir: string) {
  const pgid = started.child.pid!;
  try {
    expect(await until(() => /waiting \d+ s/.test(started.output()), 20_000), started.output()).toBe(true);
    process.kill(pid, signal);
    const code = await Promise.race([
      started.closed,
      new Promise<'hung'>((r) => setTimeout(r, 10_000, 'hung')),
    ]);
    expect(code, started.output()).not.toBe('hung');
    // Nothing of the run is left going on, sending requests (the whole group is gone).
    expect(await until(() => !groupAlive(pgid), 5_000), started.output()).toBe(true);
    const report = JSON.parse(readFileSync(join(reportDir, 'latest', 'report.json'), 'utf8')) as Report;
    return { code, report };
  } finally {
    if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
  }
}

describe('a run under npm', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'stops on %s sent to npm, reports it interrupted, leaves nothing running',
    {
      timeout: 60_000,
    },
    async (signal) => {
      // Three requests per 30 s: the run waits for the window after the third, and is signalled there.
      const server = await reference({ rateLimit: { limit: 3, windowSeconds: 30 } });
      const cwd = mkdtempSync(join(tmpdir(), 'osc-npm-signal-'));
      const reportDir = join(cwd, 'reports');
      const npm = start(
        'npm',
        [
          'run',
          '--silent',
          '--prefix',
          ROOT,
          'conformance',
          '--',
          '--report-dir',
          reportDir,
          '--skip-rate-limit-probe',
        ],
        targetEnv(server),
        cwd,
      );
      const { code, report } = await interrupt(npm, npm.child.pid!, signal, reportDir);
      expect(code, npm.output()).toBe(3);
      expect(npm.output()).toMatch(new RegExp(`interrupted \\(${signal}\\)`));
      expect(report.verdict).toBe('incomplete');
      expect(report.incompleteReasons).toContain('interrupted by a signal');
      expect(report.checks.filter((c) => c.status === 'error')).toEqual([]);
    },
  );

  it('stops when the shell npx ran it in dies of a SIGTERM npx forwarded', { timeout: 60_000 }, async () => {
    const server = await reference({ rateLimit: { limit: 3, windowSeconds: 30 } });
    const cwd = mkdtempSync(join(tmpdir(), 'osc-npx-signal-'));
    const reportDir = join(cwd, 'reports');
    // As npx starts a bin: `sh -c`, which does not pass a signal on (the `; exit` keeps it from exec'ing).
    const sh = start(
      'sh',
      [
        '-c',
        `"${process.execPath}" -- "${BIN}" --report-dir "${reportDir}" --skip-rate-limit-probe; exit $?`,
      ],
      { ...targetEnv(server), npm_command: 'exec' },
      cwd,
    );
    const { report } = await interrupt(sh, sh.child.pid!, 'SIGTERM', reportDir);
    expect(sh.output()).toMatch(/interrupted \(the parent process \(npm\) ended\)/);
    expect(report.verdict).toBe('incomplete');
    expect(report.incompleteReasons).toContain('interrupted by a signal');
  });

  it('a proxy whose npx shell dies of a SIGTERM writes its run folder and leaves nothing running', {
    timeout: 60_000,
  }, async () => {
    const server = await reference();
    const cwd = mkdtempSync(join(tmpdir(), 'osc-npx-proxy-'));
    const reportDir = join(cwd, 'reports');
    const target = new URL(server.baseUrl).origin;
    const sh = start(
      'sh',
      [
        '-c',
        `"${process.execPath}" -- "${BIN}" proxy --target ${target} --port 0 --report-dir "${reportDir}"; exit $?`,
      ],
      { ORDER_STORE_API_KEY: server.demoKey, npm_command: 'exec' },
      cwd,
    );
    const pgid = sh.child.pid!;
    try {
      expect(await until(() => /listening on http:\/\/[^,]+/.test(sh.output()), 20_000), sh.output()).toBe(
        true,
      );
      const proxy = /listening on (http:\/\/[^,]+),/.exec(sh.output())![1]!;
      const r = await fetch(`${proxy}/v1/store/orders`, {
        headers: { authorization: `Bearer ${server.demoKey}` },
      });
      await r.arrayBuffer();
      process.kill(pgid, 'SIGTERM');
      expect(await until(() => !groupAlive(pgid), 15_000), sh.output()).toBe(true);
      expect(sh.output()).toMatch(/stopping \(the parent process \(npm\) ended\)/);
      const report = JSON.parse(readFileSync(join(reportDir, 'latest', 'report.json'), 'utf8')) as Report;
      expect(report.traffic?.mode).toBe('proxy');
      expect(report.traffic?.exchanges).toBe(1);
    } finally {
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    }
  });
});
