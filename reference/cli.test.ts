// Runs the real reference command (bin/order-store-reference.js) as a child process.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { FAULTS } from './faults/catalogue.ts';
import { DEFAULT_PENDING_IDS, DEFAULT_SHIPPED_IDS, DEMO_KEY } from './server.ts';
import { VARIANTS } from './variants/catalogue.ts';

const BIN = fileURLToPath(new URL('../bin/order-store-reference.js', import.meta.url));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

function run(args: string[], env: Record<string, string> = {}): Run {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('ORDER_STORE_REFERENCE_')),
  );
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...clean, ...env }, stdio: 'pipe' });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** Resolves once stdout contains `text`; rejects after `ms`. */
function waitFor(r: Run, text: string, ms = 8000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "${text}" within ${ms} ms; stderr: ${r.stderr()}`)),
      ms,
    );
    const check = () => {
      if (!r.stdout().includes(text)) return;
      clearTimeout(timer);
      resolve();
    };
    r.child.stdout?.on('data', check);
    check();
  });
}

describe('order-store-reference command', () => {
  it('--list-faults prints one fault per line, id TAB rule, and exits 0', async () => {
    const r = run(['--list-faults']);
    expect(await r.exit).toBe(0);
    expect(r.stdout()).toBe(FAULTS.map((f) => `${f.id}\t${f.breaks}\n`).join(''));
  });

  it('--list-variants prints one variant per line, id TAB clause, and exits 0', async () => {
    const r = run(['--list-variants']);
    expect(await r.exit).toBe(0);
    expect(r.stdout()).toBe(VARIANTS.map((v) => `${v.id}\t${v.allows}\n`).join(''));
  });

  it('--help prints the usage with every flag and exits 0', async () => {
    const r = run(['--help']);
    expect(await r.exit).toBe(0);
    for (const flag of [
      '--host',
      '--port',
      '--keys',
      '--orders',
      '--rate-limit',
      '--variants',
      '--list-variants',
      '--ban-after',
      '--faults',
    ]) {
      expect(r.stdout()).toContain(flag);
    }
  });

  it.each([
    [['--bogus']],
    [['--faults', 'no-such-fault']],
    [['--rate-limit', 'ten', '--rate-window', '1']],
    [['--orders', '/nonexistent/orders.json']],
  ])('%j → one line on stderr and exit code 2', async (args) => {
    const r = run([...args, '--port', '0']);
    expect(await r.exit).toBe(2);
    expect(r.stderr()).toMatch(/^order-store-reference: [^\n]+\n$/);
  });

  it('starts, prints base URL, demo key and fixtures, serves, and closes on SIGTERM', async () => {
    const r = run(['--port', '0']);
    await waitFor(r, 'Shipped orders:');
    const baseUrl = /Base URL: (http:\/\/127\.0\.0\.1:\d+\/v1)\n/.exec(r.stdout())?.[1];
    expect(baseUrl).toBeDefined();
    expect(r.stdout()).toContain(`Demo key: ${DEMO_KEY}\n`);
    expect(r.stdout()).toContain(`Pending orders: ${DEFAULT_PENDING_IDS.join(',')}\n`);
    expect(r.stdout()).toContain(`Shipped orders: ${DEFAULT_SHIPPED_IDS.join(',')}\n`);
    const res = await fetch(`${baseUrl}/store/orders`, { headers: { authorization: `Bearer ${DEMO_KEY}` } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    r.child.kill('SIGTERM');
    expect(await r.exit).toBe(0);
  });

  it('takes settings from the environment and the orders from a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'order-store-reference-'));
    const file = join(dir, 'orders.json');
    writeFileSync(
      file,
      '[{"id":9223372036854775806,"petId":1,"quantity":1,"shipDate":"2026-01-01T00:00:00Z","complete":false,"status":"pending"},' +
        '{"id":-5,"petId":2,"quantity":2,"shipDate":"2026-01-02T00:00:00Z","complete":true,"status":"shipped"}]',
    );
    const r = run([], {
      ORDER_STORE_REFERENCE_PORT: '0',
      ORDER_STORE_REFERENCE_ORDERS: file,
      ORDER_STORE_REFERENCE_KEYS: 'env-key-0123456789:pro',
    });
    await waitFor(r, 'Shipped orders:');
    expect(r.stdout()).toContain('Demo key: env-key-0123456789\n');
    expect(r.stdout()).toContain('Pending orders: 9223372036854775806\n');
    expect(r.stdout()).toContain('Shipped orders: -5\n');
    r.child.kill('SIGINT');
    expect(await r.exit).toBe(0);
  });

  it('names at most 20 ids of each kind in its banner, however large the store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'order-store-reference-'));
    const file = join(dir, 'orders.json');
    const orders = Array.from(
      { length: 25 },
      (_, i) =>
        `{"id":${i + 1},"petId":1,"quantity":1,"shipDate":"2026-01-01T00:00:00Z","complete":true,"status":"shipped"}`,
    );
    writeFileSync(file, `[${orders.join(',')}]`);
    const r = run(['--port', '0', '--orders', file]);
    await waitFor(r, 'Shipped orders:');
    const ids = Array.from({ length: 20 }, (_, i) => i + 1).join(',');
    expect(r.stdout()).toContain(`Shipped orders: ${ids} and 5 more\n`);
    r.child.kill('SIGINT');
    expect(await r.exit).toBe(0);
  });
});
