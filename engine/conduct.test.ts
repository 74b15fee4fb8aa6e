// The one conductor: no other file of the engine builds a report or opens a run folder, and a passive run is
// conducted as a live one is (a folder that cannot be written is refused before anything is judged).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTrafficConfig } from '../lib/config/traffic-config.ts';
import { UsageError } from '../lib/errors.ts';
import type { RecordedEntry } from '../lib/formats/har.ts';
import { conductJudge } from './conduct-traffic.ts';
import { heldSet } from './recorded-set.ts';

const ENGINE = new URL('.', import.meta.url).pathname;

/** One recorded list of the API: enough for the MUST checks on a list to judge. */
const listEntry = (): RecordedEntry => ({
  source: 'recording#0',
  startedMs: Date.UTC(2026, 0, 1),
  durationMs: 1,
  method: 'GET',
  url: 'http://127.0.0.1:9/v1/store/orders',
  requestHeaders: [['authorization', 'Bearer key-0123456789abcdef']],
  status: 200,
  responseHeaders: [['content-type', 'application/json']],
  body: Buffer.from('[]'),
  bodyBytes: 2,
  bodyWhole: true,
  ours: {},
});

describe('the conductor', () => {
  it('is the only file of the engine that builds a report or writes a run folder', () => {
    const sources = readdirSync(ENGINE).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(sources.length).toBeGreaterThan(10);
    const reporting = sources.filter((f) =>
      /\bbuildReport\(|new ReportWriter\(/.test(readFileSync(join(ENGINE, f), 'utf8')),
    );
    expect(reporting).toEqual(['conduct.ts']);
  });

  it('refuses a passive run whose folder cannot be written before it judges, as it does a live run', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'osc-conduct-'));
    // A file where the report folder should go: nothing can be written under it.
    const blocked = join(dir, 'not-a-folder');
    writeFileSync(blocked, 'x');
    const config = loadTrafficConfig([], 'judge', { settings: { reportDir: blocked }, cwd: dir });
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    const judged = conductJudge([{ name: 'recording', set: heldSet([listEntry()]) }], config, {
      io,
      writeReports: true,
    });
    await expect(judged).rejects.toThrow(UsageError);
    await expect(judged).rejects.toThrow(/cannot write reports to/);
    expect(lines).toEqual([]);
    // Without a folder the same recording is judged: the refusal above is the folder's, not the recording's.
    const report = (
      await conductJudge([{ name: 'recording', set: heldSet([listEntry()]) }], config, {
        io,
        writeReports: false,
      })
    ).report;
    expect(report.checks.find((c) => c.id === 'LIST-STATUS-200')?.status).toBe('pass');
    expect(lines.some((l) => l.includes('LIST-STATUS-200'))).toBe(true);
  });
});
