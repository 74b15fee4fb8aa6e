import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportOf as report, result } from '../../test/support/report-fixture.ts';
import { keyRedactor } from '../http/redact.ts';
import { Transcript } from '../http/transcript.ts';
import { type FileSink, inlineSink } from './file-sink.ts';
import { harText } from './har.ts';
import { ReportWriter } from './write.ts';

/** Hands `total` bytes of a pattern to `sink` in uneven parts; the bytes handed over. */
function feed(sink: FileSink, total: number): Buffer {
  const all = Buffer.alloc(total);
  for (let i = 0; i < total; i++) all[i] = (i * 7 + (i >> 12)) & 0xff;
  let at = 0;
  for (let part = 1; at < total; part++) {
    const n = Math.min(total - at, sink.buffer.length, (part * 104_729) % sink.buffer.length || 1);
    all.copy(sink.buffer, 0, at, at + n);
    sink.submit(n);
    at += n;
  }
  return all;
}

describe('the file sink', () => {
  it('writes and hashes every byte handed over, in order', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'osc-sink-')), 'out');
    const fd = openSync(file, 'w');
    const sink = inlineSink(fd);
    const all = feed(sink, 40 * 2 ** 20 + 17);
    const sha256 = sink.end();
    closeSync(fd);
    const written = readFileSync(file);
    expect(written.equals(all)).toBe(true);
    expect(sha256).toBe(createHash('sha256').update(all).digest('hex'));
  });

  it('throws the error writing met', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'osc-sink-')), 'out');
    writeFileSync(file, '');
    const fd = openSync(file, 'r');
    const sink = inlineSink(fd);
    expect(() => feed(sink, 2 ** 20)).toThrow(expect.objectContaining({ code: 'EBADF' }));
    closeSync(fd);
  });

  it('writes a long transcript as harText would, scrubbed, summed as written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'osc-sink-'));
    const r = report([result('LIST-A', 'pass')]);
    const key = 'osk_live_Threaded0123456789abcdef';
    const t = new Transcript();
    for (let i = 0; i < 20_300; i++)
      t.add({
        bucket: 'primary',
        startedAt: '2026-11-22T10:00:00.000Z',
        durationMs: 3,
        request: { method: 'GET', url: `https://api.example.com/v1/store/orders?i=${i}`, headers: {} },
        response: {
          status: 200,
          headers: { 'x-echo': i % 1000 === 1 ? key : 'none' },
          body: `[{"id":${i},"note":"é€"}]`,
          bodyBytes: 30,
          bodyTruncated: false,
        },
      });
    const redactor = keyRedactor(key);
    const writer = new ReportWriter(dir, r.runId, (text) => redactor.redact(text, true));
    writer.start(r);
    writer.finish(r, t.all(), ['har']);
    const written = readFileSync(join(writer.dir, 'transcript.har'));
    const whole = harText(t.all(), r.suite, `run ${r.runId} against ${r.target.baseUrl}`);
    expect(whole).toContain(key);
    expect(written.toString('utf8')).toBe(redactor.redact(whole, true));
    expect(written.toString('utf8')).not.toContain(key);
    expect(readFileSync(join(writer.dir, 'SHA256SUMS'), 'utf8')).toContain(
      `${createHash('sha256').update(written).digest('hex')}  transcript.har`,
    );
  });
});
