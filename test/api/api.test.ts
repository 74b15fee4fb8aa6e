// The programmatic API as an implementer calls it: the command's settings as an object, checked with the
// command's own words; the report object report.json would hold, valid against the exported schema; no file
// written unless reportDir is given; an AbortSignal stops the run; a refused key is a KeyRefusedError.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { KeyRefusedError, listChecks, reportSchema, runConformance, UsageError } from '../../api/index.ts';
import { runCliInProcess } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

const validateReport = (() => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  return ajv.compile(reportSchema);
})();

const QUICK = { skipRateLimitProbe: true, only: ['LIST', 'VER'], seed: 3 } as const;

describe('listChecks', () => {
  it('lists what --list lists, selected the same way', async () => {
    const all = listChecks();
    const cli = await runCliInProcess(['--list'], { noReportDir: true });
    expect(cli.stdout).toContain(`${all.length} checks`);
    expect(listChecks({ only: ['AUTH'], skip: ['AUTH-QUERY'] }).map((c) => c.id)).toEqual(
      all.filter((c) => c.id.startsWith('AUTH') && !c.id.startsWith('AUTH-QUERY')).map((c) => c.id),
    );
    expect(all[0]).toMatchObject({ id: 'LIST-STATUS-200', level: 'MUST', spec: expect.any(String) });
  });

  it('refuses what the command refuses, naming the settings key and function, never a flag', async () => {
    const cli = await runCliInProcess(['--list', '--only', 'NOPE'], { noReportDir: true });
    expect(cli.code).toBe(2);
    expect(cli.stderr).toMatch(/ORDER_STORE_ONLY \(--only\): NOPE matches no check id; see --list/);
    expect(() => listChecks({ only: ['NOPE'] })).toThrow(UsageError);
    expect(() => listChecks({ only: ['NOPE'] })).toThrow(
      'only: NOPE matches no check id; see listChecks() for the ids',
    );
  });

  it("refuses the command's console settings, saying what the API offers instead", async () => {
    for (const key of ['dryRun', 'quiet', 'verbose'])
      await expect(runConformance({ [key]: true } as never), key).rejects.toThrow(
        new RegExp(`^${key} is a setting of the command only; `),
      );
  });
});

describe('runConformance', () => {
  it('returns the report: valid against the exported schema, key-free, and writes no file', async () => {
    const server = await reference();
    const cwd = mkdtempSync(join(tmpdir(), 'osc-api-'));
    const lines: string[] = [];
    const report = await runConformance(
      {
        ...QUICK,
        baseUrl: server.baseUrl,
        apiKey: server.demoKey,
        cancellableOrderIds: server.fixtures.pending,
        shippedOrderIds: server.fixtures.shipped.map(BigInt),
      },
      { cwd, onLog: (l) => lines.push(l) },
    );
    expect(report.verdict).toBe('conformant');
    expect(report.gate.exitCode).toBe(0);
    expect(report.checks.map((c) => c.id)).toEqual(listChecks({ only: ['LIST', 'VER'] }).map((c) => c.id));
    expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
    expect(JSON.stringify(report)).not.toContain(server.demoKey);
    expect(report.settings.shippedOrderIds).toEqual(server.fixtures.shipped);
    expect(lines.join('\n')).toMatch(/PASS {2}LIST-STATUS-200/);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('writes the run folder when given a reportDir, as the command does', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'osc-api-'));
    // embedded: the embedded reference server on purpose, as CI (where this test also runs) requires.
    const report = await runConformance({ ...QUICK, embedded: true, reportDir: 'out' }, { cwd });
    expect(readdirSync(join(cwd, 'out', report.runId)).sort()).toEqual([
      'SHA256SUMS',
      'junit.xml',
      'report.html',
      'report.json',
      'report.md',
      'transcript.har',
    ]);
  });

  it('refuses a bad setting as the command does, before sending anything, in the words of the API', async () => {
    const cli = await runCliInProcess(['--max-requests', '0', '--embedded'], { noReportDir: true });
    expect(cli.stderr).toMatch(
      /ORDER_STORE_MAX_REQUESTS \(--max-requests\) must be an integer of at least 1/,
    );
    await expect(runConformance({ maxRequests: 0, embedded: true })).rejects.toThrow(
      /^maxRequests must be an integer of at least 1, got "0"$/,
    );
    await expect(runConformance({ baseUrl: 'http://127.0.0.1:9/v1' })).rejects.toThrow(
      /^missing API key: set apiKey for the target in baseUrl$/,
    );
    await expect(runConformance({ baseURL: 'http://x/v1' } as never)).rejects.toThrow(
      '"baseURL" is not a setting; did you mean baseUrl?',
    );
    await expect(
      runConformance({ embedded: true, cancellableOrderIds: [Number('9007199254740993')] }),
    ).rejects.toThrow(/not a safe integer; pass large ids as strings or bigints/);
    await expect(runConformance({ list: true } as never)).rejects.toThrow(/call listChecks\(\)/);
  });

  it('an AbortSignal stops the run: the report comes back incomplete; aborted before, nothing runs', async () => {
    const stop = new AbortController();
    const report = await runConformance(
      { seed: 4, embedded: true },
      { signal: stop.signal, onLog: (l) => (/waiting \d+ s/.test(l) ? stop.abort() : undefined) },
    );
    expect(report.complete).toBe(false);
    expect(report.incompleteReasons).toContain("stopped by the caller's AbortSignal");
    expect(report.gate.exitCode).toBe(3);
    await expect(
      runConformance({ embedded: true }, { signal: AbortSignal.abort(new Error('too late')) }),
    ).rejects.toThrow('too late');
  }, 60_000);

  it('a refused key is a KeyRefusedError (a UsageError), carrying the report with exit code 2', async () => {
    const server = await reference();
    const error = await runConformance({ ...QUICK, baseUrl: server.baseUrl, apiKey: 'osk_wrong_0000' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(KeyRefusedError);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as KeyRefusedError).message).toMatch(
      /check apiKey; nothing was judged.*set refusedKeyIsFailure/,
    );
    expect((error as KeyRefusedError).message).not.toMatch(/ORDER_STORE_|--/);
    expect((error as KeyRefusedError).report.gate.exitCode).toBe(2);
  });

  it('types settings of a fixed set of values as unions: plan, profile, failOn, reports', () => {
    // Compile-time: a value outside the set is a type error (tsc --noEmit checks this file).
    // @ts-expect-error 'gold' is no plan of the spec's §8 table
    const wrong: Parameters<typeof runConformance>[0] = { plan: 'gold' };
    // @ts-expect-error 'strict' is no profile
    const profile: Parameters<typeof runConformance>[0] = { profile: 'strict' };
    const right: Parameters<typeof runConformance>[0] = { plan: 'pro', failOn: 'warn', reports: ['junit'] };
    expect([wrong, profile, right]).toHaveLength(3);
  });

  it('keeps a fixtures ledger beside the run folder it writes, and writes none without a reportDir', async () => {
    const server = await reference();
    const cwd = mkdtempSync(join(tmpdir(), 'osc-api-ledger-'));
    const settings = {
      baseUrl: server.baseUrl,
      apiKey: server.demoKey,
      cancellableOrderIds: server.fixtures.pending,
      trustOrderList: true,
      skipRateLimitProbe: true,
      only: ['CANCEL-PENDING'],
      seed: 3,
    } as const;
    const unwritten = await runConformance(settings, { cwd });
    expect(unwritten.fixtures!.ledger).toBeNull();
    expect(unwritten.fixtures!.consumed.map((c) => c.id)).toEqual(['1']);
    expect(readdirSync(cwd)).toEqual([]);
    const written = await runConformance(
      { ...settings, cancellableOrderIds: ['2'], reportDir: 'out' },
      { cwd },
    );
    expect(written.fixtures!.ledger).toBe(join(cwd, 'out', 'fixtures-ledger.json'));
    await expect(
      runConformance({ ...settings, cancellableOrderIds: ['2'], reportDir: 'out' }, { cwd }),
    ).rejects.toThrow(
      /pending fixture 2 was consumed by an earlier run .*give fresh pending orders in cancellableOrderIds/,
    );
  });
});
