// Runs the command in-process against a hostile server (server.ts) in front of a reference server with a
// long key, and measures it: exit code, wall time, report, console. The run's bounds are small on purpose
// (timeouts of a few hundred ms, one generated case per property, no probe) so every scenario ends fast.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { validate } from '../../lib/formats/validation.ts';
import { waitsLine } from '../../lib/run/runtime.ts';
import type { ReferenceServerOptions, RunningReference } from '../../reference/server.ts';
import { type CliRun, runCliInProcess } from '../support/cli.ts';
import { reference } from '../support/reference.ts';
import { type Exchange, type Hostile, hostile, type Scenario } from './server.ts';

/** Keys with every character class a token68 key may have, so each encoding differs from the plain key. */
export const KEY = 'osk_live_H0stile+Key/AbCdEf-0123456789.xyz~==';
export const SECOND_KEY = 'osk_live_S3cond/Key+ZyXwVu-9876543210_abc';

export const RUN_ARGS = [
  '--skip-rate-limit-probe',
  '--timeout-ms',
  '400',
  '--property-runs',
  '1',
  '--seed',
  '5',
  '--max-wait-seconds',
  '2',
];

export interface HostileRun extends CliRun {
  ms: number;
  server: Hostile;
  upstream: RunningReference;
  /** Every file the run wrote under its report dir, with its text. */
  files: Array<{ path: string; text: string }>;
}

const open: Hostile[] = [];

export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((h) => h.close()));
}

function filesUnder(dir: string): string[] {
  let out: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const p = join(dir, name);
    const st = statSync(p, { throwIfNoEntry: false });
    if (st?.isDirectory()) out = out.concat(filesUnder(p));
    else if (st?.isFile()) out.push(p);
  }
  return out;
}

/** Runs the whole command against `scenario` (in front of a reference server holding KEY and SECOND_KEY). */
export async function runAgainst(
  scenario: Scenario,
  args: string[] = [],
  env: Record<string, string> = {},
  options: {
    runArgs?: string[];
    rateLimit?: { limit: number; windowSeconds: number };
    orders?: ReferenceServerOptions['orders'];
    /** The run's key, instead of KEY (a second key, when the run is given one, stays SECOND_KEY). */
    key?: string;
  } = {},
): Promise<HostileRun> {
  const key = options.key ?? KEY;
  const upstream = await reference({
    keys: [
      { key, plan: 'free' },
      { key: SECOND_KEY, plan: 'free' },
    ],
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(options.orders ? { orders: options.orders } : {}),
  });
  const server = await hostile(scenario, upstream);
  open.push(server);
  const started = Date.now();
  const run = await runCliInProcess([...(options.runArgs ?? RUN_ARGS), ...args], {
    env: {
      ORDER_STORE_BASE_URL: server.baseUrl,
      ORDER_STORE_API_KEY: key,
      ORDER_STORE_CANCELLABLE_ORDER_IDS: upstream.fixtures.pending.join(','),
      ORDER_STORE_SHIPPED_ORDER_IDS: upstream.fixtures.shipped.join(','),
      ...env,
    },
  });
  const ms = Date.now() - started;
  const files = filesUnder(run.reportDir).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  return { ...run, ms, server, upstream, files };
}

/** What every scenario must hold: a report written, valid against its schema, saying why it is incomplete. */
export function reportProblems(run: CliRun): string[] {
  const problems: string[] = [];
  const report = run.report;
  if (!report) return ['no report.json was written'];
  problems.push(...validate('report', report).errors.map((e) => `report.json: ${e}`));
  if (report.verdict === 'incomplete' && report.incompleteReasons.length === 0 && report.counts.error === 0)
    problems.push('verdict incomplete with no reason and no errored check');
  if (report.complete && report.verdict === 'incomplete')
    problems.push('complete: true with verdict incomplete');
  if (report.requests.sent === null) problems.push('requests.sent is unknown');
  if (/requests: unknown/.test(run.stdout)) problems.push('the console says "requests: unknown"');
  return problems;
}

/**
 * How long the run waited, in seconds, as its pacer counted every wait (the closing line of waitsLine; 0 when
 * it never waited): a run that waited out a limit says so here, whatever the machine's load made of wall time.
 */
export function waited(run: CliRun): number {
  const read = (text: string) => /^Waits: (\d+(?:\.\d+)?) s in all;/m.exec(text)?.[1];
  // The pattern reads what waitsLine writes, or every run would read as one that never waited.
  if (read(waitsLine({ limits: 1500, chosen: 0 }) ?? '') !== '1.5')
    throw new Error('waitsLine changed its words');
  return Number(read(run.stdout) ?? 0);
}

/** The console and the report in one text, for messages that must name the problem. */
export function said(run: CliRun): string {
  return `${run.stdout}\n${run.stderr}`;
}

/** The list read with the key, as a scenario picks the exchanges it breaks. */
export const isList = (x: Exchange) => x.req.method === 'GET' && /\/store\/orders$/.test(x.req.target);
export const keyed = (x: Exchange) => x.req.headers.authorization === `Bearer ${KEY}`;
/** The faithful answer, passed through unchanged. */
export const pass = async (x: Exchange) => x.reply(await x.upstream());

/** What every scenario holds: a valid report, the exit code of the contract, no wait, no parser's raw words. */
export function holds(run: HostileRun, code: number): void {
  expect(reportProblems(run), said(run)).toEqual([]);
  expect(run.code, said(run)).toBe(code);
  expect(waited(run), said(run)).toBe(0);
  expect(said(run)).not.toMatch(/at position 0/);
}
