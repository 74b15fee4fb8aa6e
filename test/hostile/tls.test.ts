// A target over HTTPS on a certificate Node does not trust: the run names the certificate and how to trust
// it (--ca-file, NODE_EXTRA_CA_CERTS), never "check that the server is running"; with the CA file it runs;
// a certificate for another host is named as such; no DEP0123 warning on an IP target (no SNI to an IP).
import { readFileSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import { join } from 'node:path';
import { createServer, type Server } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, runCliInProcess } from '../support/cli.ts';
import { reference } from '../support/reference.ts';
import { KEY } from './support.ts';

const TLS_DIR = join(ROOT, 'test/hostile/tls');
const CA_FILE = join(TLS_DIR, 'ca.pem');
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A TLS front on 127.0.0.1 for the reference server, with the named certificate; counts what it forwards. */
async function tlsFront(cert: 'server' | 'other') {
  const upstream = await reference({ keys: [{ key: KEY, plan: 'free' }] });
  const port = Number(new URL(upstream.baseUrl).port);
  const seen = { forwarded: 0 };
  const server = createServer(
    {
      cert: readFileSync(join(TLS_DIR, `${cert}.pem`)),
      key: readFileSync(join(TLS_DIR, `${cert}.key`)),
    },
    (socket) => {
      seen.forwarded += 1;
      const back = connect(port, '127.0.0.1');
      socket.pipe(back).pipe(socket);
      socket.on('error', () => back.destroy());
      back.on('error', () => socket.destroy());
    },
  );
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return { baseUrl, seen, upstream };
}

const run = (baseUrl: string, args: string[] = []) =>
  runCliInProcess(['--only', 'LIST-STATUS-200', '--skip-rate-limit-probe', '--timeout-ms', '3000', ...args], {
    env: { ORDER_STORE_BASE_URL: baseUrl, ORDER_STORE_API_KEY: KEY },
  });

describe('a target on a certificate Node does not trust', () => {
  it('names the certificate and how to trust it, and sends nothing', async () => {
    const front = await tlsFront('server');
    const r = await run(front.baseUrl);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/TLS certificate is not trusted \([A-Z_]+/);
    expect(r.stderr).toMatch(/--ca-file \/ ORDER_STORE_CA_FILE.*NODE_EXTRA_CA_CERTS/);
    expect(r.stderr).not.toMatch(/that the server is running/);
    expect(front.seen.forwarded).toBe(0);
  });

  it('runs once its CA is given with --ca-file, and warns nothing about SNI to an IP (DEP0123)', async () => {
    const front = await tlsFront('server');
    const warnings: string[] = [];
    const onWarning = (w: Error & { code?: string }) => warnings.push(`${w.code ?? ''} ${w.message}`);
    process.on('warning', onWarning);
    try {
      const r = await run(front.baseUrl, ['--ca-file', CA_FILE]);
      expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => /DEP0123|ServerName to an IP/.test(w))).toEqual([]);
  });

  it('a certificate issued for another host is named as such', async () => {
    const front = await tlsFront('other');
    const r = await run(front.baseUrl, ['--ca-file', CA_FILE]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/TLS certificate is not issued for 127\.0\.0\.1/);
  });

  it('a CA file that cannot be read is a usage error naming the setting', async () => {
    const r = await run('https://127.0.0.1:1/v1', ['--ca-file', join(TLS_DIR, 'missing.pem')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/ORDER_STORE_CA_FILE \(--ca-file\): cannot read .*missing\.pem \(ENOENT\)/);
  });
});
