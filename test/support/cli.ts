// Runs the real command (bin/order-store-conformance.js) as a child process, the way users and CI do, and
// reads back what it wrote. The child gets a clean environment and an empty working directory, so no
// ORDER_STORE_* variable or .env of the developer's leaks in. Bounded: killed after `timeoutMs`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CheckResult } from '../../lib/check/model.ts';
import { settingOf } from '../../lib/config/settings.ts';
import { parseHar } from '../../lib/formats/har.ts';
import type { Report } from '../../lib/report/model.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'order-store-conformance.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  cwd: string;
  reportDir: string;
  /** reports/latest/report.json, when the run wrote one. */
  report?: Report;
  junit?: string;
  html?: string;
}

export interface CliOptions {
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Leave out the default --report-dir (to test the default). */
  noReportDir?: boolean;
  cwd?: string;
  /** Send `signal` to the command once its output matches `pattern` (to interrupt a run halfway). */
  signalWhen?: {
    pattern: RegExp;
    signal: NodeJS.Signals /** Sent this many times, `everyMs` apart (default 1, 10 ms). */;
    times?: number;
    everyMs?: number;
  };
}

export async function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  const cwd = options.cwd ?? mkdtempSync(join(tmpdir(), 'osc-cli-'));
  const reportDir = join(cwd, 'reports');
  const fullArgs = options.noReportDir ? args : ['--report-dir', reportDir, ...args];
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? cwd,
    ...options.env,
  };
  const timeoutMs = options.timeoutMs ?? 60_000;
  const child = spawn(process.execPath, ['--', BIN, ...fullArgs], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let signalled = false;
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (options.signalWhen && !signalled && options.signalWhen.pattern.test(stdout)) {
      signalled = true;
      const { signal, times = 1, everyMs = 10 } = options.signalWhen;
      child.kill(signal);
      for (let i = 1; i < times; i++) setTimeout(() => child.kill(signal), everyMs * i).unref();
    }
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the command did not finish within ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('close', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  return readBack(code, stdout, stderr, cwd, reportDir);
}

/**
 * Runs the command's `main()` from the sources inside this test process: the same argv, environment and
 * working directory handling as the child process, without its start-up cost. For tests that need neither
 * a signal nor the shim; the environment is passed explicitly, so the test process's own never leaks in.
 */
export async function runCliInProcess(
  args: string[],
  options: Pick<CliOptions, 'env' | 'noReportDir' | 'cwd'> & {
    /** Called with each line the command writes to its output, as it writes it (to act at a step of the run). */
    onLine?: (line: string) => void;
  } = {},
): Promise<CliRun> {
  const { main } = await import('../../cli/main.ts');
  const cwd = options.cwd ?? mkdtempSync(join(tmpdir(), 'osc-cli-'));
  const reportDir = join(cwd, 'reports');
  const fullArgs = options.noReportDir ? args : ['--report-dir', reportDir, ...args];
  const env: Record<string, string> = { HOME: cwd, ...options.env };
  let stdout = '';
  let stderr = '';
  const code = await main(
    fullArgs,
    {
      out: (line) => {
        stdout += `${line}\n`;
        options.onLine?.(line);
      },
      err: (line) => {
        stderr += `${line}\n`;
      },
    },
    { env, cwd },
  );
  return readBack(code, stdout, stderr, cwd, reportDir);
}

function readBack(
  code: number | null,
  stdout: string,
  stderr: string,
  cwd: string,
  reportDir: string,
): CliRun {
  const latest = join(reportDir, 'latest');
  const read = (f: string) =>
    existsSync(join(latest, f)) ? readFileSync(join(latest, f), 'utf8') : undefined;
  const json = read('report.json');
  const junit = read('junit.xml');
  const html = read('report.html');
  return {
    code,
    stdout,
    stderr,
    cwd,
    reportDir,
    ...(json ? { report: JSON.parse(json) as Report } : {}),
    ...(junit ? { junit } : {}),
    ...(html ? { html } : {}),
  };
}

/** The result of one check in a run's report; throws when the check is not in it. */
export function checkOf(run: CliRun, id: string): CheckResult {
  const c = run.report?.checks.find((x) => x.id === id);
  if (!c)
    throw new Error(`check ${id} is not in the report (exit ${run.code})\n${run.stdout}\n${run.stderr}`);
  return c;
}

/**
 * What a failed expectation on check `id` shows besides the run's output: the check's details and the
 * requests of the run in the order sent (method, path, status), so a failure met once in CI can be read.
 */
export function explain(run: CliRun, id: string): string {
  const c = run.report?.checks.find((x) => x.id === id);
  let sent: string[];
  try {
    const har = readFileSync(join(run.reportDir, run.report!.runId, 'transcript.har'), 'utf8');
    sent = parseHar(har, 'transcript.har').map(
      (e, i) =>
        `${i + 1} ${new Date(e.startedMs).toISOString().slice(11, 23)} +${Math.round(e.durationMs)}ms ${e.method} ${e.url.replace(/^[a-z]+:\/\/[^/]+/, '').slice(0, 80)} -> ${e.status}`,
    );
  } catch {
    sent = ['(no transcript.har)'];
  }
  return [`${id}: ${c?.status} ${c?.message}`, ...(c?.details ?? []), '--- requests ---', ...sent].join('\n');
}

/**
 * Each skip of a run that does not carry its cause as data, or whose cause names a setting its reason does not
 * name (by flag, from the settings table): empty when every skip says what it is and what would lift it.
 */
export function skipCauseGaps(run: CliRun): string[] {
  return (run.report?.checks ?? []).flatMap((c) => {
    if (c.status !== 'skip') return [];
    if (!c.cause) return [`${c.id}: a skip without its cause`];
    const flag = c.cause.setting ? settingOf(c.cause.setting).flag : undefined;
    return flag && !c.message.includes(flag) ? [`${c.id}: the cause names ${flag}, the reason does not`] : [];
  });
}

/** Settings that point the command at a running reference server. */
export function targetEnv(server: {
  baseUrl: string;
  demoKey: string;
  fixtures: { pending: string[]; shipped: string[] };
}): Record<string, string> {
  return {
    ORDER_STORE_BASE_URL: server.baseUrl,
    ORDER_STORE_API_KEY: server.demoKey,
    ORDER_STORE_CANCELLABLE_ORDER_IDS: server.fixtures.pending.join(','),
    ORDER_STORE_SHIPPED_ORDER_IDS: server.fixtures.shipped.join(','),
    // Our own reference server, started for the test: its list holds every order, so absence may rest on it
    // (test/hostile/ covers targets whose list cannot be trusted).
    ORDER_STORE_TRUST_ORDER_LIST: 'true',
    // Its demo key, on this machine, to a server that logs nothing: the key may go in a URL
    // (AUTH-QUERY-KEY-401), as it may to the embedded target.
    ORDER_STORE_ALLOW_KEY_IN_URL: 'true',
  };
}
