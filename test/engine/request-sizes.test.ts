// Every request a run sends stays within what real HTTP fronts accept (kit/front-refusal.ts): a request line
// under gunicorn's 4,094 bytes and headers under 8 KB, in a default run whatever the seed, and in an
// exhaustive one but for the length case named for it (the orderId kind over-long), whose line is ~6 KB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEADER_BYTES_LIMIT, REQUEST_LINE_LIMIT } from '../../suites/kit/front-refusal.ts';
import { type CliRun, runCliInProcess, targetEnv } from '../support/cli.ts';
import { reference } from '../support/reference.ts';

interface HarEntry {
  request: { method: string; url: string; headers: Array<{ name: string; value: string }> };
}

/** Each request of the run as its request line's and header section's sizes in bytes. */
function sizes(run: CliRun): Array<{ line: number; headers: number; target: string }> {
  const har = JSON.parse(readFileSync(join(run.reportDir, 'latest', 'transcript.har'), 'utf8')) as {
    log: { entries: HarEntry[] };
  };
  return har.log.entries.map((e) => {
    const target = e.request.url.replace(/^http:\/\/[^/]+/, '');
    const headers = e.request.headers.reduce((n, h) => n + Buffer.byteLength(`${h.name}: ${h.value}\r\n`), 0);
    return { line: Buffer.byteLength(`${e.request.method} ${target} HTTP/1.1`), headers, target };
  });
}

describe('request sizes', () => {
  it('a default run keeps every request line under 4 KB and its headers under 8 KB, whatever the seed', async () => {
    for (const seed of ['21', '4']) {
      const server = await reference();
      const run = await runCliInProcess(['--seed', seed, '--skip-rate-limit-probe'], {
        env: targetEnv(server),
      });
      const all = sizes(run);
      expect(all.length).toBeGreaterThan(100);
      expect(all.filter((s) => s.line > REQUEST_LINE_LIMIT).map((s) => s.target.slice(0, 60))).toEqual([]);
      expect(all.filter((s) => s.headers > HEADER_BYTES_LIMIT)).toEqual([]);
      console.log(`seed ${seed}: longest request line ${Math.max(...all.map((s) => s.line))} bytes`);
    }
  });

  it('an exhaustive run goes past 4 KB only with the length case named for it', async () => {
    const server = await reference();
    const run = await runCliInProcess(
      ['--seed', '5', '--exhaustive', '--only', 'ID-MALFORMED,AUTH-', '--max-requests', '900'],
      { env: targetEnv(server) },
    );
    const long = sizes(run).filter((s) => s.line > REQUEST_LINE_LIMIT);
    expect(long.map((s) => s.target)).toEqual([`/v1/store/orders/${'9'.repeat(6000)}`]);
    expect(sizes(run).filter((s) => s.headers > HEADER_BYTES_LIMIT)).toEqual([]);
  }, 60_000);
});
