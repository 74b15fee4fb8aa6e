// A run folder as an auditor receives it: transcript.har holds every exchange the run sent (HAR 1.2,
// redacted), SHA256SUMS covers every file, and `verify` names any file changed by as little as one byte.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../../lib/formats/validation.ts';
import { runCliInProcess } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

interface Har {
  log: {
    version: string;
    creator: { name: string };
    entries: Array<{
      _seq: number;
      request: { method: string; url: string; headers: Array<{ name: string; value: string }> };
      response: { status: number };
    }>;
  };
}

describe('a run folder', () => {
  it('holds the whole transcript and verifies; a one-byte change to any file is caught', async () => {
    const server = await reference({ faults: ['list-wrapped', 'auth-any-token'] });
    const env = {
      ORDER_STORE_BASE_URL: server.baseUrl,
      ORDER_STORE_API_KEY: server.demoKey,
      ORDER_STORE_CANCELLABLE_ORDER_IDS: server.fixtures.pending.join(','),
    };
    const run = await runCliInProcess(['--skip-rate-limit-probe', '--property-runs', '1', '--seed', '3'], {
      env,
    });
    expect(run.code, run.stderr).toBe(1);
    const report = run.report!;
    expect(validate('report', report).errors).toEqual([]);
    const dir = join(run.reportDir, report.runId);
    expect(readdirSync(dir).sort()).toEqual([
      'SHA256SUMS',
      'junit.xml',
      'report.html',
      'report.json',
      'report.md',
      'transcript.har',
    ]);

    // Every request the run sent is in the transcript, once, in order.
    const har = JSON.parse(readFileSync(join(dir, 'transcript.har'), 'utf8')) as Har;
    expect(har.log.version).toBe('1.2');
    expect(report.requests.sent).toBeGreaterThan(10);
    expect(har.log.entries).toHaveLength(report.requests.sent!);
    expect(har.log.entries.map((e) => e._seq)).toEqual(har.log.entries.map((_, i) => i + 1));
    expect(server.stats().requests).toBeGreaterThanOrEqual(report.requests.sent!);
    const auth = har.log.entries
      .flatMap((e) => e.request.headers)
      .filter((h) => h.name.toLowerCase() === 'authorization');
    expect(auth.some((h) => h.value === 'Bearer $ORDER_STORE_API_KEY')).toBe(true);

    // A finding's cited exchanges are kept in report.json, whatever the per-check cap.
    for (const c of report.checks) {
      if (c.status === 'fail') expect(c.exchanges.length, c.id).toBeGreaterThan(0);
    }
    expect(report.provenance.node).toBe(process.version);
    expect(report.provenance.schemas.map((s) => s.file)).toContain('schemas/order.schema.json');

    for (const f of readdirSync(dir)) {
      expect(readFileSync(join(dir, f), 'utf8'), f).not.toContain(server.demoKey);
    }
    const verify = async () => runCliInProcess(['verify', dir], { noReportDir: true });
    const clean = await verify();
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toContain('every file matches SHA256SUMS');

    // One byte changed in each file in turn (SHA256SUMS itself included): named, exit 1; then restored.
    for (const f of readdirSync(dir)) {
      const path = join(dir, f);
      const original = readFileSync(path);
      const changed = Buffer.from(original);
      const at = Math.floor(changed.length / 2);
      changed[at] = changed[at]! ^ 0x01;
      writeFileSync(path, changed);
      const tampered = await verify();
      writeFileSync(path, original);
      // A changed SHA256SUMS no longer matches some file (exit 1), or no longer reads as one (exit 2).
      if (f === 'SHA256SUMS') expect([1, 2], tampered.stderr).toContain(tampered.code);
      else {
        expect(tampered.code, f).toBe(1);
        expect(tampered.stderr, f).toContain(`${f}: differs`);
      }
    }
    writeFileSync(join(dir, 'extra.txt'), 'added later\n');
    const added = await verify();
    expect(added.code).toBe(1);
    expect(added.stderr).toContain('extra.txt: not listed');
  });

  it('verify says what to fix when the folder is not a run folder', async () => {
    const none = await runCliInProcess(['verify'], { noReportDir: true });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/give exactly one run folder/);
    const missing = await runCliInProcess(['verify', '/nonexistent/run'], { noReportDir: true });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/is not a folder/);
    const empty = await runCliInProcess(['verify', '.'], { noReportDir: true });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/SHA256SUMS does not exist/);
  });
});
