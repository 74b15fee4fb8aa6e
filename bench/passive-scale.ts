// Passive at scale (issue 40): `judge --har` on a synthesised recording (entries a second, peak RSS), and the
// proxy's added latency under concurrent keep-alive clients against the reference server, beside going to it
// directly. Medians and ratios only. Alone: npx tsx bench/passive-scale.ts [--entries N] [--rounds R]
// [--clients C] [--requests N] [--no-judge] [--no-proxy]
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { startReferenceServer } from '../reference/server.ts';
import { measureCommand } from './command.ts';
import type { Figure } from './figures.ts';
import { writeHar } from './har-at-scale.ts';
import { median } from './stats.ts';

const BIN = fileURLToPath(new URL('../bin/order-store-conformance.js', import.meta.url));
const MIB = 500;
const RATE = 10_000;

const spread = (xs: number[], digits: number, unit: string) =>
  `n=${xs.length}, min ${Math.min(...xs).toFixed(digits)} ${unit}, max ${Math.max(...xs).toFixed(digits)} ${unit}`;

/** `judge --har` over a recording of `entries` exchanges: entries a second (wall) and the peak RSS. */
export async function judgeHarFigure(entries: number, rounds: number): Promise<Figure> {
  const dir = mkdtempSync(join(tmpdir(), 'osc-bench-har-'));
  const file = join(dir, `bench-${entries}.har`);
  try {
    await writeHar(entries, file);
    const rate: number[] = [];
    const rss: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const m = await measureCommand(['judge', '--har', file], {}, 3_600_000);
      if (m.code !== 0 || !m.report)
        throw new Error(`judge --har at ${entries} entries exited ${m.code}\n${m.stdout.slice(-2000)}`);
      rate.push(entries / (m.wallMs / 1000));
      rss.push(m.maxRssMiB);
      cpu.push(m.cpuMs / 1000);
    }
    const r = median(rate);
    const m = median(rss);
    return {
      name: `\`judge --har\` of ${entries.toLocaleString('en-US')} entries: entries a second, peak RSS`,
      value: `${Math.round(r).toLocaleString('en-US')}/s, ${m.toFixed(0)} MiB`,
      target: `${RATE.toLocaleString('en-US')}/s or more ("tens of thousands"), under ${MIB} MiB`,
      holds: r >= RATE && m < MIB,
      detail: `wall clock, the report written (per CPU second: ${Math.round(entries / median(cpu)).toLocaleString('en-US')}/s, CPU median ${median(cpu).toFixed(1)} s); rate ${spread(rate, 0, '/s')}; RSS ${spread(rss, 0, 'MiB')}`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The proxy as users start it, on a port of its own; resolves with its URL once it listens. */
async function startProxyCommand(target: string, dir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROXY_NODE_ARGS ?? '').split(' ').filter(Boolean),
      BIN,
      'proxy',
      '--target',
      target,
      '--port',
      '0',
      '--report-dir',
      join(dir, 'reports'),
    ],
    { cwd: dir, env: { PATH: process.env.PATH ?? '', HOME: dir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stderr!.resume();
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the proxy did not listen: ${out}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[^\s,]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`the proxy exited ${code}: ${out}`)));
  });
  child.stdout!.resume();
  return { url, child };
}

/** Latencies (ms) of `requests` list requests sent by `clients` keep-alive connections, each in turn. */
async function load(origin: string, path: string, key: string, clients: number, requests: number) {
  const pool = new Pool(origin, { connections: clients, pipelining: 1 });
  const latencies: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < requests) {
      next += 1;
      const t0 = performance.now();
      const r = await pool.request({ method: 'GET', path, headers: { authorization: `Bearer ${key}` } });
      await r.body.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (r.statusCode !== 200) throw new Error(`the list answered ${r.statusCode}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: clients }, client));
  } finally {
    await pool.close();
  }
  return latencies;
}

/** CPU seconds a process has used so far (Linux /proc; undefined elsewhere). */
function cpuOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
};

/**
 * The proxy's added latency: `clients` keep-alive clients sending `requests` lists each round straight to a
 * reference server, then through `proxy` to it (rounds alternate, so both meet the same load on the machine).
 */
export async function proxyFigures(clients: number, requests: number, rounds: number): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'osc-bench-proxy-'));
  const server = await startReferenceServer({ port: 0, rateLimit: { limit: 10_000_000, windowSeconds: 60 } });
  const base = new URL(server.baseUrl);
  const { url, child } = await startProxyCommand(base.origin, dir);
  const path = `${base.pathname}/store/orders`;
  const direct: { median: number; p95: number }[] = [];
  const proxied: { median: number; p95: number }[] = [];
  const cpuPerRequest: number[] = [];
  try {
    // Warm both ways (connections, the server's list body, the proxy's first judging).
    await load(base.origin, path, server.demoKey, clients, clients * 4);
    await load(url, path, server.demoKey, clients, clients * 4);
    for (let i = 0; i < rounds; i++) {
      for (const [origin, into] of [
        [base.origin, direct],
        [url, proxied],
      ] as const) {
        const before = cpuOf(child.pid);
        const l = await load(origin, path, server.demoKey, clients, requests);
        const after = cpuOf(child.pid);
        into.push({ median: median(l), p95: percentile(l, 0.95) });
        if (into === proxied && before !== undefined && after !== undefined)
          cpuPerRequest.push(((after - before) * 1000) / requests);
      }
    }
  } finally {
    child.kill('SIGINT');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 120_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const added = direct.map((d, i) => proxied[i]!.median - d.median);
  const addedP95 = direct.map((d, i) => proxied[i]!.p95 - d.p95);
  const ratio = direct.map((d, i) => proxied[i]!.median / d.median);
  const a = median(added);
  return [
    {
      name: `proxy's added latency, ${clients} concurrent keep-alive clients (median; p95)`,
      value: `${a.toFixed(1)} ms; ${median(addedP95).toFixed(1)} ms`,
      target: 'single-digit ms at the median',
      holds: a < 10,
      detail: `GET /store/orders of the reference server, ${requests} a round, ${rounds} rounds alternating direct and proxied; direct median ${median(direct.map((d) => d.median)).toFixed(1)} ms (p95 ${median(direct.map((d) => d.p95)).toFixed(1)}), proxied ${median(proxied.map((d) => d.median)).toFixed(1)} ms (p95 ${median(proxied.map((d) => d.p95)).toFixed(1)}); added ${spread(added, 1, 'ms')}`,
    },
    {
      name: "proxy's CPU per forwarded request (its live judging included)",
      value: cpuPerRequest.length > 0 ? `${median(cpuPerRequest).toFixed(2)} ms` : 'not measured (no /proc)',
      target: 'recorded: what the added latency is made of on a machine not shared',
      holds: true,
      detail: cpuPerRequest.length > 0 ? spread(cpuPerRequest, 2, 'ms') : '',
    },
    {
      name: 'proxied over direct latency, median',
      value: `${median(ratio).toFixed(2)}×`,
      target: 'recorded (no peer proxy in the bench)',
      holds: true,
      detail: spread(ratio, 2, '×'),
    },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const arg = (name: string, fallback: number) => {
    const i = argv.indexOf(name);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  const figures: Figure[] = [];
  if (!argv.includes('--no-judge'))
    figures.push(await judgeHarFigure(arg('--entries', 100_000), arg('--rounds', 1)));
  if (!argv.includes('--no-proxy'))
    figures.push(...(await proxyFigures(arg('--clients', 50), arg('--requests', 2000), arg('--rounds', 3))));
  for (const f of figures)
    console.log(`${f.holds ? 'HOLDS ' : 'MISSES'} ${f.name}: ${f.value} (target ${f.target}; ${f.detail})`);
}
