// Bad input is refused before anything is sent (exit 2, one line saying what to fix, the key never quoted),
// and a target that refuses connections or a report dir that cannot exist end at once with exit 2.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/cli.ts';
import { hostile } from './server.ts';
import { closeAll, KEY } from './support.ts';

afterEach(closeAll);

async function counting() {
  return hostile((x) => x.reply({ status: 500, headers: {}, body: Buffer.alloc(0) }));
}

describe('refused up front', () => {
  it.each([
    [
      'a key with a newline inside',
      { ORDER_STORE_API_KEY: `${KEY.slice(0, 10)}\nX-Evil: 1` },
      /control character/,
    ],
    [
      'a key with a space inside',
      { ORDER_STORE_API_KEY: `${KEY.slice(0, 10)} ${KEY.slice(10)}` },
      /whitespace/,
    ],
    ['a non-ASCII key', { ORDER_STORE_API_KEY: `${KEY.slice(0, 10)}é` }, /non-ASCII/],
  ])('%s: exit 2, nothing sent, the key never quoted', async (_name, env, problem) => {
    const server = await counting();
    const run = await runCliInProcess([], { env: { ORDER_STORE_BASE_URL: server.baseUrl, ...env } });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(problem);
    expect(run.stderr).not.toContain(KEY.slice(0, 10));
    // Refused before the preflight: not even a connection was made.
    expect(server.connections()).toBe(0);
  });

  it('a base URL with a space in its path: exit 2, nothing sent', async () => {
    const server = await counting();
    const run = await runCliInProcess([], {
      env: { ORDER_STORE_BASE_URL: server.baseUrl.replace('/v1', '/my shop/v1'), ORDER_STORE_API_KEY: KEY },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/whitespace inside/);
    expect(server.connections()).toBe(0);
  });

  it('a refused connection: exit 4 (unreachable) at preflight, naming the setting to check', async () => {
    // A port that was just free: nothing listens on it.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as { port: number };
    await new Promise((r) => probe.close(r));
    const run = await runCliInProcess([], {
      env: { ORDER_STORE_BASE_URL: `http://127.0.0.1:${port}/v1`, ORDER_STORE_API_KEY: KEY },
    });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/cannot reach the target .*ECONNREFUSED.*ORDER_STORE_BASE_URL/);
    // At once: one attempt, no waiting for the target (the line says how long it waited when it did).
    expect(run.stderr).toMatch(/--wait-for-target SECONDS waits for it/);
    expect(run.stderr).not.toMatch(/, for \d+ s\)/);
  });

  it('--report-dir /proc/x: exit 2 at once (Node 20 mkdir -p would spin there), nothing sent', async () => {
    const server = await counting();
    const run = await runCliInProcess(['--report-dir', '/proc/osc-x/reports'], {
      env: { ORDER_STORE_BASE_URL: server.baseUrl, ORDER_STORE_API_KEY: KEY },
      noReportDir: true,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/cannot write reports to .*--report-dir/);
    expect(server.requests).toHaveLength(0);
    // At once: nothing but the preflight's one connection, no retry (a spinning mkdir would never return here).
    expect(server.connections()).toBeLessThanOrEqual(1);
  });
});
