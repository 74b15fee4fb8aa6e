// Runs the built command as users do (a child process of bin/), asynchronously so a target served by this
// process keeps answering, and measures it: wall time, peak RSS and CPU (through usage-at-exit.mjs).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/order-store-conformance.js', import.meta.url));
const PRELOAD = pathToFileURL(fileURLToPath(new URL('./usage-at-exit.mjs', import.meta.url))).href;

export interface Measured {
  code: number | null;
  stdout: string;
  /** From spawn to exit. */
  wallMs: number;
  maxRssMiB: number;
  cpuMs: number;
  startedAt: number;
  report?: {
    requests: { sent: number | null };
    checks: Array<{ id: string; level: string; status: string; durationMs: number }>;
    verdict: string;
  };
}

export async function measureCommand(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 300_000,
  /** Flags for node itself, before the script (e.g. --cpu-prof). */
  nodeArgs: string[] = [],
): Promise<Measured> {
  const cwd = mkdtempSync(join(tmpdir(), 'osc-bench-'));
  const usageFile = join(cwd, 'usage.json');
  const reportDir = join(cwd, 'reports');
  // A subcommand (judge, proxy) comes first: the report folder is its option.
  const sub = args[0] !== undefined && !args[0].startsWith('-') ? [args[0]] : [];
  const startedAt = performance.now();
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', PRELOAD, BIN, ...sub, '--report-dir', reportDir, ...args.slice(sub.length)],
    {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: cwd, BENCH_USAGE_FILE: usageFile, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.resume();
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')}: no exit within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('close', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  const wallMs = performance.now() - startedAt;
  const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as {
    maxRssKiB: number;
    userUs: number;
    systemUs: number;
  };
  const reportFile = join(reportDir, 'latest', 'report.json');
  return {
    code,
    stdout,
    wallMs,
    startedAt,
    maxRssMiB: usage.maxRssKiB / 1024,
    cpuMs: (usage.userUs + usage.systemUs) / 1000,
    ...(existsSync(reportFile) ? { report: JSON.parse(readFileSync(reportFile, 'utf8')) } : {}),
  };
}
