import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportOf as report, result } from '../../test/support/report-fixture.ts';
import { base64Cores, keyRedactor } from '../http/redact.ts';
import { Transcript } from '../http/transcript.ts';
import { ReportWriter } from './write.ts';

const KEY = 'osk_live_Transcript0123456789/+abcDEF';

describe('transcript.har as written', () => {
  it('is scrubbed by the run redactor: a key that reached an exchange unredacted is redacted in the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'osc-scrub-'));
    const r = report([result('LIST-A', 'pass')]);
    const t = new Transcript();
    const basic = Buffer.from(`user:${KEY}`).toString('base64');
    // Past two pieces of entries; the key in one form or another every 97th exchange, in every field.
    for (let i = 0; i < 700; i++) {
      const leak = i % 97 === 3;
      const form = [KEY, KEY.toUpperCase(), encodeURIComponent(KEY), `Basic ${basic}`][i % 4]!;
      t.add({
        bucket: 'primary',
        startedAt: '2026-11-22T10:00:00.000Z',
        durationMs: 3,
        checkId: leak && i % 3 === 0 ? `LIST-${KEY}` : 'LIST-A',
        request: {
          method: 'GET',
          url: `https://api.example.com/v1/store/orders${leak ? `?k=${encodeURIComponent(KEY)}` : ''}`,
          headers: { authorization: leak ? form : 'Bearer $ORDER_STORE_API_KEY' },
        },
        response: {
          status: 200,
          headers: { 'x-echo': leak ? form : 'none' },
          body: leak ? JSON.stringify({ echoed: KEY, again: JSON.stringify({ KEY }) }) : '[]',
          bodyBytes: 2,
          bodyTruncated: false,
        },
      });
    }
    const redactor = keyRedactor(KEY);
    const writer = new ReportWriter(dir, r.runId, (text) => redactor.redact(text, true));
    writer.start(r);
    writer.finish(r, t.all(), ['har']);
    const bytes = readFileSync(join(writer.dir, 'transcript.har'));
    const written = bytes.toString('utf8');
    expect(written.toLowerCase()).not.toContain(KEY.toLowerCase());
    expect(written.toLowerCase()).not.toContain(encodeURIComponent(KEY).toLowerCase());
    expect(written).not.toContain(KEY.replace('/', '\\/'));
    for (const core of base64Cores(KEY)) expect(written).not.toContain(core);
    expect(written).not.toContain(basic);
    // Each leak replaced by what names it, the file still JSON, every entry in it.
    expect(written.split('$ORDER_STORE_API_KEY').length).toBeGreaterThan(700 + 10);
    expect((JSON.parse(written) as { log: { entries: unknown[] } }).log.entries).toHaveLength(700);
    expect(readFileSync(join(writer.dir, 'SHA256SUMS'), 'utf8')).toContain(
      `${createHash('sha256').update(bytes).digest('hex')}  transcript.har`,
    );
  });
});
