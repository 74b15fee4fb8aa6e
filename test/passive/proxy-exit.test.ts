// The proxy command, as a process, keeps what it recorded whatever a client sends (issue 40): requests it
// does not forward and an exchange it cannot relay end that exchange only, and at SIGTERM or SIGINT the run
// folder is written, the key in no line of it.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

/** Starts `proxy --target` as a process; resolves with its URL once it listens (bounded). */
async function proxyProcess(target: string) {
  const dir = mkdtempSync(join(tmpdir(), 'osc-proxy-exit-'));
  const child = spawn(
    process.execPath,
    ['--', BIN, 'proxy', '--target', target, '--port', '0', '--report-dir', 'reports'],
    { cwd: dir, env: { PATH: process.env.PATH ?? '', HOME: dir } },
  );
  children.push(child);
  const lines: string[] = [];
  child.stdout.on('data', (d: Buffer) => lines.push(...d.toString().split('\n')));
  child.stderr.on('data', (d: Buffer) => lines.push(...d.toString().split('\n')));
  const exited = new Promise<number | null>((r) => child.on('close', r));
  for (let i = 0; i < 600 && !lines.some((l) => /listening on/.test(l)); i++)
    await new Promise((r) => setTimeout(r, 50));
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(lines.join('\n'))?.[1];
  expect(url, lines.join('\n')).toBeDefined();
  return { child, dir, lines, exited, port: Number(new URL(url!).port), url: url! };
}

/** Sends raw bytes and reads what comes back until the proxy closes (bounded). */
async function raw(port: number, text: string): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.on('error', () => {});
  socket.write(text);
  const timer = setTimeout(() => socket.destroy(), 5000);
  await once(socket, 'close');
  clearTimeout(timer);
  return Buffer.concat(chunks).toString('latin1');
}

const WINDOW = { limit: 20, windowSeconds: 2 };

describe('the proxy command, against a hostile client', () => {
  it('answers requests it does not forward, serves on, and at SIGTERM writes the run folder', async () => {
    const server = await reference({ rateLimit: WINDOW });
    const origin = new URL(server.baseUrl).origin;
    const p = await proxyProcess(origin);
    const auth = `Authorization: Bearer ${server.demoKey}\r\n`;
    for (const line of [`GET ${origin}/v1/store/orders HTTP/1.1`, 'OPTIONS * HTTP/1.1'])
      expect(await raw(p.port, `${line}\r\nHost: x\r\n${auth}Connection: close\r\n\r\n`)).toMatch(
        /^HTTP\/1\.1 400 /,
      );
    const res = await request(`${p.url}/v1/store/orders`, {
      headers: { authorization: `Bearer ${server.demoKey}` },
    });
    expect(res.statusCode).toBe(200);
    await res.body.text();
    p.child.kill('SIGTERM');
    expect(await p.exited, p.lines.join('\n')).toBe(0);
    const folder = join(p.dir, 'reports', 'latest');
    const report = JSON.parse(readFileSync(join(folder, 'report.json'), 'utf8'));
    expect(report.traffic).toMatchObject({ mode: 'proxy', exchanges: 1, leftOut: 2 });
    expect(existsSync(join(folder, 'transcript.har'))).toBe(true);
    const said = p.lines.join('\n');
    expect(said).toMatch(/2 exchanges: the request target is not in origin-form/);
    expect(said).not.toContain(server.demoKey);
    expect(readFileSync(join(folder, 'transcript.har'), 'utf8')).not.toContain(server.demoKey);
  });

  it('ends an exchange it cannot relay with a 502 of its own, and at SIGINT writes the report, incomplete', async () => {
    // A reason phrase with a control byte for /bad: the proxy's HTTP stack refuses to write it back.
    const target = net.createServer((c) => {
      c.on('error', () => {});
      c.on('data', (d: Buffer) => {
        const bad = / \/v1\/store\/orders\/bad /.test(d.toString('latin1'));
        c.write(
          `HTTP/1.1 200 ${bad ? 'O\x01K' : 'OK'}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n[]`,
        );
      });
    });
    target.listen(0, '127.0.0.1');
    await once(target, 'listening');
    try {
      const p = await proxyProcess(`http://127.0.0.1:${(target.address() as net.AddressInfo).port}`);
      const bad = await request(`${p.url}/v1/store/orders/bad`);
      expect(bad.statusCode).toBe(502);
      await bad.body.text();
      const good = await request(`${p.url}/v1/store/orders`);
      expect(await good.body.text()).toBe('[]');
      p.child.kill('SIGINT');
      const code = await p.exited;
      const report = JSON.parse(readFileSync(join(p.dir, 'reports', 'latest', 'report.json'), 'utf8'));
      // This target has findings of its own (no rate-limit headers): the gate's code, never a crash's.
      expect(code, p.lines.join('\n')).toBe(report.gate.exitCode);
      expect(report.complete).toBe(false);
      expect(report.incompleteReasons.join('\n')).toMatch(
        /the proxy met 1 error of its own \(ERR_INVALID_CHAR\)/,
      );
      expect(report.traffic.exchanges).toBe(1);
    } finally {
      await new Promise((r) => target.close(r));
    }
  });
});
