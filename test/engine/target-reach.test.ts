// Reaching the target as CI meets it: a server still starting (--wait-for-target), a port that is no HTTP server,
// https to a plain-http port, a proxy from HTTP_PROXY with a gateway's headers (--header). Each failure is one
// line with the fix and its own exit code; servers bind 127.0.0.1 only.

import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/server.ts';
import { runCliInProcess, targetEnv } from '../support/cli.ts';
import { ROOMY_RATE_LIMIT, reference } from '../support/reference.ts';

const KEY = 'osk_reach_test_secret_5151';
const QUICK = ['--skip-rate-limit-probe', '--only', 'LIST,VER', '--seed', '3'];
const servers: Server[] = [];
afterEach(async () => {
  // A connection the client left open (the SSH port's) would hold close() up: each is cut first.
  await Promise.all(
    servers.splice(0).map((s) => {
      for (const socket of sockets.get(s) ?? []) socket.destroy();
      return new Promise((r) => s.close(() => r(undefined)));
    }),
  );
});
const sockets = new Map<Server, Set<import('node:net').Socket>>();

async function listen(server: Server): Promise<number> {
  servers.push(server);
  const open = new Set<import('node:net').Socket>();
  sockets.set(server, open);
  server.on('connection', (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as { port: number }).port;
}

describe('reaching the target', () => {
  it('--wait-for-target waits for a server still starting, then runs', async () => {
    // A port free now, where the reference server starts a moment after the run begins.
    const probe = createServer();
    const port = await listen(probe);
    await new Promise((r) => probe.close(r));
    servers.splice(servers.indexOf(probe), 1);
    let late: Awaited<ReturnType<typeof startReferenceServer>> | undefined;
    const starting = new Promise<void>((resolve) =>
      setTimeout(async () => {
        late = await startReferenceServer({ port, rateLimit: ROOMY_RATE_LIMIT });
        resolve();
      }, 1500),
    );
    try {
      const run = await runCliInProcess([...QUICK, '--wait-for-target', '20'], {
        env: {
          ORDER_STORE_BASE_URL: `http://127.0.0.1:${port}/v1`,
          ORDER_STORE_API_KEY: 'osk_demo_4f7c2a9e1b3d5f60a8c4',
          ORDER_STORE_TRUST_ORDER_LIST: 'true',
        },
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
    } finally {
      await starting;
      await late?.close();
    }
  });

  it('a port that is no HTTP server (an SSH banner): one line quoting it, exit 2', async () => {
    const ssh = createServer((socket) => {
      socket.on('error', () => {});
      socket.write('SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13\r\n');
    });
    const port = await listen(ssh);
    const run = await runCliInProcess(QUICK, {
      env: { ORDER_STORE_BASE_URL: `http://127.0.0.1:${port}/v1`, ORDER_STORE_API_KEY: KEY },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `order-store-conformance: the target at http://127.0.0.1:${port} does not speak HTTP (on its own it says "SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13"): check the host and port in ORDER_STORE_BASE_URL (--base-url)\n`,
    );
    expect(run.report?.gate.exitCode).toBe(2);
  });

  it('https to a port that serves plain http: exit 2, suggesting http://', async () => {
    const server = await reference();
    const https = server.baseUrl.replace(/^http:/, 'https:');
    const run = await runCliInProcess(QUICK, {
      env: { ORDER_STORE_BASE_URL: https, ORDER_STORE_API_KEY: KEY },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      new RegExp(
        `^order-store-conformance: the target at ${https.replace(/\/v1$/, '').replace(/[.]/g, '\\.')} does not answer TLS \\(.*\\): it serves plain http; use ${server.baseUrl.replace(/[.]/g, '\\.')} in ORDER_STORE_BASE_URL`,
      ),
    );
    expect(server.stats().requests).toBe(0);
  });
});

describe('through a proxy, with a gateway header', () => {
  it('HTTP_PROXY carries every request, each with the --header lines; a secret-looking one is never written', async () => {
    const server = await reference();
    const seen: Array<{ url: string; gateway?: string; token?: string }> = [];
    // A forward proxy: requests in absolute form for order-store.test go to the reference server.
    const proxy = createHttpServer((req, res) => {
      const target = new URL(req.url!);
      seen.push({
        url: req.url!,
        gateway: req.headers['x-gateway'] as string | undefined,
        token: req.headers['x-gateway-token'] as string | undefined,
      });
      const origin = new URL(server.baseUrl);
      const out = httpRequest(
        {
          host: origin.hostname,
          port: origin.port,
          path: target.pathname + target.search,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(out);
    });
    const port = await listen(proxy as unknown as Server);
    const run = await runCliInProcess(
      [...QUICK, '--header', 'X-Gateway: gw-1', '--header', 'X-Gateway-Token: tok_secret_98765'],
      {
        env: {
          ...targetEnv(server),
          ORDER_STORE_BASE_URL: 'http://order-store.test/v1',
          HTTP_PROXY: `http://127.0.0.1:${port}`,
        },
      },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^ {2}through the proxy http:\/\/127\.0\.0\.1:\d+ \(HTTP_PROXY, HTTPS_PROXY, NO_PROXY\)$/m,
    );
    expect(seen.length).toBe(run.report!.requests.sent);
    expect(seen.every((s) => s.url.startsWith('http://order-store.test/v1/'))).toBe(true);
    expect(seen.every((s) => s.gateway === 'gw-1' && s.token === 'tok_secret_98765')).toBe(true);
    const written = ['report.json', 'transcript.har', 'junit.xml', 'report.html']
      .map((f) => readFileSync(join(run.reportDir, 'latest', f), 'utf8'))
      .join('\n');
    expect(written + run.stdout + run.stderr).not.toContain('tok_secret_98765');
    expect(written).toContain('$ORDER_STORE_HEADER_X_GATEWAY_TOKEN');
    expect(run.report!.checks.find((c) => c.reproduction.length > 0)!.reproduction[0]).toMatch(
      /-H "x-gateway: gw-1"/,
    );
  });

  it('--header never sets Authorization, Host or framing headers', async () => {
    for (const header of ['Authorization: Bearer x', 'Host: elsewhere', 'Content-Length: 3']) {
      const run = await runCliInProcess(['--header', header], { noReportDir: true });
      expect(run.code, header).toBe(2);
      expect(run.stderr).toMatch(/--header\): \S+ is set by the run itself/);
    }
  });
});

/**
 * A front whose API is at /v1 (forwarded to the reference server) and whose every other path gets the
 * framework's own 404 page: no Error body, no rate-limit header.
 */
async function front(server: { baseUrl: string }): Promise<string> {
  const origin = new URL(server.baseUrl);
  const proxy = createHttpServer((req, res) => {
    if (!req.url!.startsWith('/v1/')) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end(`<pre>Cannot ${req.method} ${req.url}</pre>`);
      return;
    }
    const out = httpRequest(
      { host: origin.hostname, port: origin.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(out);
  });
  const port = await listen(proxy as unknown as Server);
  return `http://127.0.0.1:${port}`;
}

describe('a base URL below which no operation answers', () => {
  it('a prefix too many (/api/v1 where the API is at /v1): exit 4, one line naming it, the statuses and the fix', async () => {
    const server = await reference();
    const origin = await front(server);
    const run = await runCliInProcess(QUICK.concat(['--only', 'LIST,CANCEL,AUTH']), {
      env: { ...targetEnv(server), ORDER_STORE_BASE_URL: `${origin}/api/v1` },
    });
    expect(run.code, run.stdout + run.stderr).toBe(4);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^order-store-conformance: no operation of the API answers below ${origin.replace(/[.]/g, '\\.')}/api/v1: \\d+ requests below it \\(GET /store/orders, DELETE /store/orders/\\{id\\}.*\\) all answered 404, with no Error body and no rate-limit header, so nothing was judged; the API answers at ${origin.replace(/[.]/g, '\\.')}/v1: use it in ORDER_STORE_BASE_URL`,
      ),
    );
    expect(run.stdout).not.toMatch(/FAIL|NON-CONFORMANT/);
    expect(run.report!.verdict).toBe('incomplete');
    expect(run.report!.gate.exitCode).toBe(4);
    expect(run.report!.checks).toEqual([]);
  });

  it('a server that answers 404 with an Error body or rate-limit headers is a server: judged, not exit 4', async () => {
    const server = await reference();
    // The reference's own answer to an unknown route: 404 with an Error body and its limiter's headers.
    const run = await runCliInProcess(QUICK, {
      env: { ...targetEnv(server), ORDER_STORE_BASE_URL: server.baseUrl.replace(/\/v1$/, '/api/v1') },
    });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.report!.verdict).toBe('non-conformant');
    // A bare 404 that still carries X-RateLimit headers: a broken list, judged.
    const limited = createHttpServer((_req, res) => {
      res.writeHead(404, {
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '59',
        'x-ratelimit-reset': '1',
      });
      res.end();
    });
    const port = await listen(limited as unknown as Server);
    const bare = await runCliInProcess(QUICK.concat(['--only', 'LIST,CANCEL']), {
      env: { ...targetEnv(server), ORDER_STORE_BASE_URL: `http://127.0.0.1:${port}/v1` },
    });
    expect(bare.code, bare.stdout + bare.stderr).toBe(1);
  });

  it('a slip in the version segment is refused before sending with the likely fix, never a second /v1', async () => {
    for (const [path, meant] of [
      ['/vl', '/v1'],
      ['/V1', '/v1'],
      ['/api/vl', '/api/v1'],
      ['/api', '/api/v1'],
      ['', '/v1'],
    ] as const) {
      const run = await runCliInProcess([], {
        env: { ORDER_STORE_BASE_URL: `https://api.example.com${path}`, ORDER_STORE_API_KEY: KEY },
        noReportDir: true,
      });
      expect(run.code, path).toBe(2);
      expect(run.stderr, path).toMatch(
        new RegExp(
          `must end with the version segment /v1 .*; did you mean https://api\\.example\\.com${meant}\\?$`,
          'm',
        ),
      );
    }
  });
});
