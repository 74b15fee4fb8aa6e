// A proxy session around a client's own traffic: findings printed as the traffic shows them, and at the stop
// (the caller's signal, Ctrl-C, --requests, --duration) the same reports as `judge`; the transcript.har it
// writes, judged again, gives the same verdict on every check.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { judgeTraffic } from '../../api/index.ts';
import { main } from '../../cli/main.ts';
import { conductProxy } from '../../engine/proxy-run.ts';
import { loadTrafficConfig } from '../../lib/config/traffic-config.ts';
import { validate } from '../../lib/formats/validation.ts';
import { BIN } from '../support/cli.ts';
import { exercise } from '../support/client-workload.ts';
import { reference } from '../support/reference.ts';

const WINDOW = { limit: 20, windowSeconds: 2 };

/** Waits (bounded) until `lines` holds one that matches. */
async function until(lines: string[], pattern: RegExp, ms = 30_000): Promise<void> {
  for (let waited = 0; waited < ms && !lines.some((l) => pattern.test(l)); waited += 50)
    await new Promise((r) => setTimeout(r, 50));
}

describe('a proxy session', () => {
  it('prints findings as they happen and reports at the stop; its own transcript.har judges the same', async () => {
    const server = await reference({ faults: ['list-wrapped'], rateLimit: WINDOW });
    const dir = mkdtempSync(join(tmpdir(), 'osc-proxy-'));
    const config = loadTrafficConfig(
      ['--target', new URL(server.baseUrl).origin, '--port', '0', '--report-dir', join(dir, 'reports')],
      'proxy',
      { env: {}, cwd: dir },
    );
    const lines: string[] = [];
    const stop = new AbortController();
    let url = '';
    const listening = new Promise<void>((resolve) => {
      void conductProxy(config, {
        io: { out: (l) => lines.push(l), err: (l) => lines.push(l) },
        signal: stop.signal,
        writeReports: true,
        onListening: (u) => {
          url = u;
          resolve();
        },
      }).then((done) => results.push(done));
    });
    const results: Array<Awaited<ReturnType<typeof conductProxy>>> = [];
    await listening;
    await exercise({
      baseUrl: `${url}/v1`,
      key: server.demoKey,
      pending: server.fixtures.pending,
      shipped: server.fixtures.shipped,
    });
    await until(lines, /FAIL\s+LIST-BODY-ARRAY: /);
    stop.abort();
    await until(lines, /^\s+stopped: /);
    for (let i = 0; i < 600 && results.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const [done] = results;
    expect(done, lines.join('\n')).toBeDefined();
    // The finding was printed while the traffic went on, before the stop.
    const found = lines.findIndex((l) => /FAIL\s+LIST-BODY-ARRAY: /.test(l));
    expect(found, lines.join('\n')).toBeGreaterThan(-1);
    expect(found).toBeLessThan(lines.findIndex((l) => /stopped: /.test(l)));
    const report = done!.report;
    expect(validate('report', report).errors).toEqual([]);
    expect(report.traffic?.mode).toBe('proxy');
    expect(report.verdict).toBe('non-conformant');
    expect(report.checks.find((c) => c.id === 'LIST-BODY-ARRAY')?.status).toBe('fail');
    expect(report.checks.find((c) => c.id === 'HTTP-FRAMING')?.status).toBe('pass');
    const files = readdirSync(done!.dir!)
      .map((f) => readFileSync(join(done!.dir!, f), 'utf8'))
      .join('\n');
    expect(files).not.toContain(server.demoKey);
    expect(lines.join('\n')).not.toContain(server.demoKey);
    // The recording the proxy wrote, judged again, gives every check the same verdict.
    const again = await judgeTraffic(readFileSync(join(done!.dir!, 'transcript.har'), 'utf8'));
    expect(again.checks.map((c) => `${c.id} ${c.status}`)).toEqual(
      report.checks.map((c) => `${c.id} ${c.status}`),
    );
  });

  it('stops at --requests, and refuses to report when nothing came through (exit 2)', async () => {
    const server = await reference({ rateLimit: WINDOW });
    const dir = mkdtempSync(join(tmpdir(), 'osc-proxy-'));
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    const origin = new URL(server.baseUrl).origin;
    const run = main(
      ['proxy', '--target', origin, '--port', '0', '--requests', '2', '--report-dir', 'reports'],
      io,
      { env: {}, cwd: dir },
    );
    await until(lines, /listening on http:\/\/127\.0\.0\.1:\d+/);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(lines.join('\n'))![1]!;
    for (let i = 0; i < 2; i++)
      await (
        await request(`${url}/v1/store/orders`, { headers: { authorization: `Bearer ${server.demoKey}` } })
      ).body.text();
    expect(await run, lines.join('\n')).toBe(0);
    expect(lines.join('\n')).toMatch(/stopped: 2 exchanges forwarded/);
    expect(readdirSync(join(dir, 'reports', 'latest')).sort()).toEqual(
      ['SHA256SUMS', 'junit.xml', 'report.html', 'report.json', 'report.md', 'transcript.har'].sort(),
    );

    const idle: string[] = [];
    const code = await main(
      ['proxy', '--target', origin, '--port', '0', '--duration', '1'],
      { out: (l) => idle.push(l), err: (l) => idle.push(l) },
      { env: {}, cwd: dir },
    );
    expect(code).toBe(2);
    expect(idle.join('\n')).toMatch(
      /no request came through the proxy at http:\/\/127\.0\.0\.1:\d+: point the client's base URL at it/,
    );
  });

  it('at Ctrl-C (the command, as a process), writes the reports of what it forwarded', async () => {
    const server = await reference({ rateLimit: WINDOW });
    const dir = mkdtempSync(join(tmpdir(), 'osc-proxy-'));
    const child = spawn(
      process.execPath,
      [
        '--',
        BIN,
        'proxy',
        '--target',
        new URL(server.baseUrl).origin,
        '--port',
        '0',
        '--report-dir',
        'reports',
      ],
      {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', HOME: dir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const lines: string[] = [];
    child.stdout.on('data', (d: Buffer) => lines.push(...d.toString().split('\n')));
    child.stderr.on('data', (d: Buffer) => lines.push(...d.toString().split('\n')));
    const exited = new Promise<number | null>((r) => child.on('close', r));
    try {
      await until(lines, /listening on http:\/\/127\.0\.0\.1:\d+/);
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(lines.join('\n'))![1]!;
      const res = await request(`${url}/v1/store/orders`, {
        headers: { authorization: `Bearer ${server.demoKey}` },
      });
      expect(res.statusCode).toBe(200);
      await res.body.text();
      child.kill('SIGINT');
      expect(await exited, lines.join('\n')).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
    const report = JSON.parse(readFileSync(join(dir, 'reports', 'latest', 'report.json'), 'utf8'));
    expect(report.traffic.mode).toBe('proxy');
    expect(report.traffic.exchanges).toBe(1);
    expect(lines.join('\n')).toMatch(/Verdict: CONFORMANT \(passive\)/);
  });
});
