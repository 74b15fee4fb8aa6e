// A recording file's credentials, kept as its scan read each entry: the same as reading the entries again,
// in the order asked, and asked again for each run of positions when files are joined (one file given twice).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { credentialsOf } from '../suites/index.ts';
import { joinedSet } from './recorded-set.ts';
import { recordingFile } from './recording-file.ts';

const entry = (i: number, auth: string | undefined, status: number) => ({
  startedDateTime: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  time: 3,
  request: {
    method: 'GET',
    url: `https://a.example/v1/store/orders?session=sess-${i % 2}-abcdefgh`,
    httpVersion: 'HTTP/1.1',
    headers: [...(auth ? [{ name: 'Authorization', value: `Bearer ${auth}` }] : [])],
    queryString: [],
    cookies: [],
    headersSize: -1,
    bodySize: 0,
  },
  response: {
    status,
    statusText: '',
    httpVersion: 'HTTP/1.1',
    headers: [{ name: 'Content-Type', value: 'application/json' }],
    cookies: [],
    content: { size: 2, mimeType: 'application/json', text: '[]' },
    redirectURL: '',
    headersSize: -1,
    bodySize: 2,
  },
  cache: {},
  timings: { send: 0, wait: 3, receive: 0 },
});

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('recordingFile credentials', () => {
  it('are what reading each entry again gives, in the order asked, for one file and one given twice', () => {
    const dir = mkdtempSync(join(tmpdir(), 'osc-recording-'));
    dirs.push(dir);
    const file = join(dir, 'r.har');
    const entries = [
      entry(0, 'osk_live_first0123456789', 200),
      entry(1, 'osk_live_other0123456789', 401),
      entry(2, undefined, 401),
      entry(3, 'osk_live_first0123456789', 429),
    ];
    writeFileSync(
      file,
      JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries } }),
    );
    const one = recordingFile(file).set;
    const positions = [3, 0, 2, 1];
    const again = [...one.read(positions, false)].map(credentialsOf);
    expect([...one.credentials!(positions)]).toEqual(again);
    expect(again.map((c) => [c.token, c.accepted])).toEqual([
      ['osk_live_first0123456789', false],
      ['osk_live_first0123456789', true],
      [undefined, false],
      ['osk_live_other0123456789', false],
    ]);
    expect(again[1]!.secrets).toContain('sess-0-abcdefgh');
    // Joined with itself, positions interleave the two: each set is asked once per run of its positions.
    const twice = joinedSet([recordingFile(file).set, recordingFile(file).set]);
    const interleaved = [0, 4, 1, 5, 2, 6, 3, 7];
    expect([...twice.credentials!(interleaved)]).toEqual(
      [...twice.read(interleaved, false)].map(credentialsOf),
    );
    one.close?.();
    twice.close?.();
  });
});
