// Lists built to break the harness rather than the spec: 200,000 orders with string ids, 100,000 ids beyond
// int64, one id a million digits long, a list nested a million deep. The run never crashes: every check gets a
// verdict (a MUST failure where the server broke one, an error where the harness's own limit was met), the
// exit code is the gate's (1 non-conformant, 3 incomplete, never a crash's), and the reports stay small.
import { afterEach, describe, expect, it } from 'vitest';
import { checkOf } from '../support/cli.ts';
import type { Exchange } from './server.ts';
import { closeAll, type HostileRun, KEY, reportProblems, runAgainst, said } from './support.ts';

afterEach(closeAll);

const isKeyedList = (x: Exchange) =>
  x.req.method === 'GET' &&
  /\/store\/orders$/.test(x.req.target) &&
  x.req.headers.authorization === `Bearer ${KEY}`;

/** Answers the keyed list with `body` (built once), everything else as the reference server does. */
function listOf(body: Buffer) {
  return async (x: Exchange) => {
    const a = await x.upstream();
    if (!isKeyedList(x) || a.status !== 200) return x.reply(a);
    x.reply({ ...a, body });
  };
}

const order = (id: string) =>
  `{"id":${id},"petId":7,"quantity":1,"shipDate":"2026-01-02T03:04:05Z","complete":false}`;
const list = (n: number, id: (i: number) => string) =>
  Buffer.from(`[${Array.from({ length: n }, (_, i) => order(id(i))).join(',')}]`);

/** The largest file of the run folder, and all of them together, in bytes. */
function sizes(run: HostileRun): { largest: number; total: number } {
  const bytes = run.files.map((f) => Buffer.byteLength(f.text));
  return { largest: Math.max(...bytes), total: bytes.reduce((a, b) => a + b, 0) };
}

/** No crash: every selected check has a verdict, and the console never says the run failed. */
function noCrash(run: HostileRun): void {
  expect(reportProblems(run), said(run)).toEqual([]);
  expect(said(run)).not.toMatch(/the run failed|Maximum call stack|harness failed/);
  expect(run.report!.incompleteReasons.join(' ')).not.toMatch(/have no verdict/);
}

/** What this suite holds a run folder to, whatever the body: a few MB (docs/reports.md). */
const REPORTS_BOUND = 12 * 1024 * 1024;
/** The longest console line: a million-digit id is never quoted whole. */
const LINE_BOUND = 4000;

describe('big and deep lists', () => {
  it('200,000 orders with string ids: a MUST failure with 20 of them shown, never a stack overflow', async () => {
    const run = await runAgainst(listOf(list(200_000, (i) => `"${1000 + i}"`)), [], {}, {});
    noCrash(run);
    expect(run.code, said(run)).toBe(1);
    const ints = checkOf(run, 'LIST-IDS-INT64');
    expect(ints.status).toBe('fail');
    expect(ints.details.length).toBeLessThanOrEqual(45);
    expect(sizes(run).total).toBeLessThan(REPORTS_BOUND);
    expect(Math.max(...run.stdout.split('\n').map((l) => l.length))).toBeLessThan(LINE_BOUND);
  });

  it('100,000 ids beyond int64 and one of a million digits: bounded findings, bounded reports', async () => {
    const huge = '9'.repeat(1_000_000);
    const body = list(100_000, (i) => (i === 0 ? huge : `${10n ** 25n + BigInt(i)}`));
    const run = await runAgainst(listOf(body));
    noCrash(run);
    expect(run.code, said(run)).toBe(1);
    expect(checkOf(run, 'LIST-IDS-INT64').status).toBe('fail');
    const { total, largest } = sizes(run);
    expect(total).toBeLessThan(REPORTS_BOUND);
    expect(largest).toBeLessThan(REPORTS_BOUND / 2);
    expect(Math.max(...run.stdout.split('\n').map((l) => l.length))).toBeLessThan(LINE_BOUND);
    // The id is quoted by its first characters and its length, never whole (bodies keep their 16 KiB).
    const quoted = run.report!.checks.filter((c) =>
      [c.message, c.expected ?? '', c.actual ?? '', ...c.details].some((t) => t.includes('9'.repeat(10_000))),
    );
    expect(quoted.map((c) => c.id)).toEqual([]);
  });

  it('a list nested a million deep: the checks that read it end in the depth limit (exit 3), nothing crashes', async () => {
    const deep = Buffer.from(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`);
    const run = await runAgainst(listOf(deep));
    noCrash(run);
    expect(run.code, said(run)).toBe(3);
    const body = checkOf(run, 'LIST-BODY-ARRAY');
    expect(body.status).toBe('error');
    expect(body.message).toMatch(/E_JSON_DEPTH: .*nested 1000000 deep.*at most 512 levels/);
    expect(said(run)).not.toMatch(/not JSON|E_INTERNAL/);
    expect(sizes(run).total).toBeLessThan(REPORTS_BOUND);
  });

  it('valid Error bodies with a deep member are a limit of the harness, not "not JSON" failures', async () => {
    const member = `${'['.repeat(600)}${']'.repeat(600)}`;
    const run = await runAgainst(async (x) => {
      const a = await x.upstream();
      if (a.status < 400 || a.body.length === 0) return x.reply(a);
      x.reply({ ...a, body: Buffer.from(a.body.toString().replace(/}\s*$/, `,"detail":${member}}`)) });
    });
    noCrash(run);
    expect(run.code, said(run)).toBe(3);
    const fails = run.report!.checks.filter((c) => c.status === 'fail').map((c) => `${c.id}: ${c.message}`);
    expect(fails).toEqual([]);
    expect(said(run)).toMatch(/E_JSON_DEPTH: .*nested 601 deep/);
  });
});
