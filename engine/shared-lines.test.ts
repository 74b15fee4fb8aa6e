// Entries read from a recording file share their lines (shared-lines.ts) and are otherwise what readHar
// reads of them: one array for equal request lines, one shape for response lines that differ only in their
// Date and X-RateLimit-Remaining values; past its budget, a sharer leaves lines as they are.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type RecordedEntry, readHar } from '../lib/formats/har.ts';
import { credentialsOf } from '../suites/index.ts';
import { recordingFile } from './recording-file.ts';
import { LineSharer } from './shared-lines.ts';

const entry = (
  i: number,
  request: Record<string, unknown> = {},
  response: Record<string, unknown> | undefined = {},
  more: Record<string, unknown> = {},
) => ({
  startedDateTime: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  time: 3 + (i % 2),
  request: {
    method: 'get',
    url: `https://a.example/v1/store/orders/${i}`,
    headers: [
      { name: 'Authorization', value: 'Bearer osk_live_first0123456789' },
      { name: 'Accept', value: 'application/json' },
    ],
    ...request,
  },
  ...(response === undefined
    ? {}
    : {
        response: {
          status: 200,
          headers: [
            { name: 'Content-Type', value: 'application/json' },
            { name: 'Date', value: `Thu, 01 Jan 2026 00:00:0${i % 10} GMT` },
            { name: 'X-RateLimit-Remaining', value: String(100 - i) },
          ],
          content: { size: 2, mimeType: 'application/json', text: '[]' },
          ...response,
        },
      }),
  ...more,
});

/** Entries that differ from the first in one part each, and some that share all but their own values. */
const ENTRIES = [
  entry(0),
  entry(1),
  entry(2, { url: 'https://a.example/v1/store/orders?session=sess-abcdefgh&x=1' }),
  entry(3, { headers: [{ name: 'Cookie', value: 'sid=cookie-secret-1; theme=dark' }] }),
  entry(4, {}, { status: 401, headers: [{ name: 'Set-Cookie', value: 'sid=set-secret-12; Path=/' }] }),
  entry(5, {}, undefined, { _transportError: { code: 'ECONNRESET', message: 'reset' } }),
  entry(
    6,
    {},
    { content: { size: 3, encoding: 'base64', text: Buffer.from([0xff, 0, 1]).toString('base64') } },
  ),
  entry(7, {}, { content: { size: 10_000, text: '[{"id":1' } }),
  entry(8, {}, { content: { size: 40 } }),
  entry(9, {}, { status: 204, content: { size: 0 } }),
  // Two Date lines: the first is the entry's own, the second part of what it shares.
  entry(
    10,
    {},
    {
      headers: [
        { name: 'date', value: 'Thu, 01 Jan 2026 00:00:10 GMT' },
        { name: 'Date', value: 'Thu, 01 Jan 2026 00:00:11 GMT' },
        { name: 'X-Other', value: 7 },
      ],
    },
  ),
  entry(11, {
    headers: [
      { name: ':authority', value: 'a.example' },
      { name: 'X-Api-Key', value: 'key-in-header-1' },
    ],
  }),
  entry(12, {}, { _bodyTruncated: true }, { _bucket: 'secondary', _checkId: 'X', _together: 2 }),
  entry(13, {}, { content: { size: 2, mimeType: 'application/json', text: '{}' } }),
  // The same text under another size or encoding is another body.
  entry(14, {}, { content: { size: 5, text: '[]' } }),
  entry(15, {}, { content: { size: 2, encoding: 'base64', text: '[]' } }),
  // Values whose lengths would run into their neighbours' if joined plainly.
  entry(16, { headers: [{ name: 'a', value: 'bc' }] }),
  entry(17, { headers: [{ name: 'ab', value: 'c' }] }),
  entry(18, { method: 'OPTIONS', headers: [{ name: 'Access-Control-Request-Method', value: 'DELETE' }] }),
  entry(19),
  // The same lines as the first, refused: what it carries is not accepted.
  entry(20, {}, { status: 429 }),
];

/** An entry as read, but for the shape a shared one carries of its response's lines. */
const unshaped = (e: RecordedEntry): RecordedEntry => {
  const { responseShape: _shape, ...rest } = e;
  return rest;
};

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function written(entries: unknown[]): { file: string; text: string } {
  const dir = mkdtempSync(join(tmpdir(), 'osc-shared-'));
  dirs.push(dir);
  const file = join(dir, 'r.har');
  const text = JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries } });
  writeFileSync(file, text);
  return { file, text };
}

describe('entries read from a recording file', () => {
  it('are what readHar reads, with and without bodies, in any order', () => {
    const { file, text } = written(ENTRIES);
    const expected = readHar(text, 'r.har').entries;
    const set = recordingFile(file).set;
    const positions = [...expected.keys()].reverse();
    const read = [...set.read(positions, true)];
    expect(read.every((e) => e.responseShape !== undefined)).toBe(true);
    expect(read.map(unshaped)).toEqual(positions.map((p) => expected[p]));
    // The scan's credentials, read once for entries that share their lines, status and no query.
    expect([...set.credentials!(positions)]).toEqual(read.map(credentialsOf));
    const secrets = new Set([...set.credentials!(positions)].flatMap((c) => c.secrets));
    for (const s of ['sess-abcdefgh', 'cookie-secret-1', 'set-secret-12', 'key-in-header-1'])
      expect(secrets).toContain(s);
    const bare = [...set.read(positions, false)];
    expect(bare.every((e) => e.body === undefined)).toBe(true);
    expect(bare.map((e) => e.requestHeaders)).toEqual(read.map((e) => e.requestHeaders));
    set.close?.();
  });

  it('share equal lines, and a shape for response lines that differ in Date and Remaining only', () => {
    const { file } = written(ENTRIES);
    const set = recordingFile(file).set;
    const e = [...set.read([...ENTRIES.keys()], true)];
    expect(e[0]!.requestHeaders).toBe(e[1]!.requestHeaders);
    expect(e[0]!.requestHeaders).toBe(e[19]!.requestHeaders);
    expect(e[0]!.responseShape).toBe(e[1]!.responseShape);
    expect(e[0]!.responseShape).toEqual({
      lines: [
        ['content-type', 'application/json'],
        ['date', ''],
        ['x-ratelimit-remaining', ''],
      ],
      dateAt: 1,
      remainingAt: 2,
    });
    // Each entry keeps its own values.
    expect(e[1]!.responseHeaders[2]).toEqual(['x-ratelimit-remaining', '99']);
    expect(e[0]!.responseHeaders).not.toBe(e[0]!.responseShape!.lines);
    // Lines whose names and values would run together if joined plainly are not the same lines.
    expect(e[16]!.requestHeaders).not.toBe(e[17]!.requestHeaders);
    expect(e[16]!.requestHeaders).toEqual([['a', 'bc']]);
    // Two Date lines: the first is the entry's own, the second part of its shape.
    expect(e[10]!.responseShape).toMatchObject({ dateAt: 0, remainingAt: -1 });
    expect(e[10]!.responseShape!.lines[1]).toEqual(['date', 'Thu, 01 Jan 2026 00:00:11 GMT']);
    expect(e[4]!.responseShape).not.toBe(e[0]!.responseShape);
    set.close?.();
  });
});

describe('LineSharer', () => {
  const recorded = (request: Array<[string, string]>, response: Array<[string, string]>): RecordedEntry => ({
    source: 'r#0',
    startedMs: 0,
    durationMs: 1,
    method: 'GET',
    url: 'https://a.example/v1/store/orders',
    requestHeaders: request,
    status: 200,
    responseHeaders: response,
    bodyBytes: 0,
    bodyWhole: true,
    ours: {},
  });

  it('leaves lines as they are past its budget, and still shares those it holds', () => {
    const sharer = new LineSharer(60);
    const first = sharer.share(recorded([['accept', '*/*']], [['date', 'd1']]));
    expect(first.responseShape).toEqual({ lines: [['date', '']], dateAt: 0, remainingAt: -1 });
    const long = 'x'.repeat(80);
    const past = sharer.share(recorded([['accept', long]], [['date', 'd2']]));
    expect(past.responseShape).toBeUndefined();
    expect(past.requestHeaders).toEqual([['accept', long]]);
    const again = sharer.share(recorded([['accept', '*/*']], [['date', 'd3']]));
    expect(again.requestHeaders).toBe(first.requestHeaders);
    expect(again.responseShape).toBe(first.responseShape);
    expect(again.responseHeaders).toEqual([['date', 'd3']]);
  });

  it('never takes the lines of a request for a response shape that holds the same text', () => {
    const sharer = new LineSharer();
    const a = sharer.share(recorded([['date', '']], [['date', '']]));
    expect(a.responseShape).toEqual({ lines: [['date', '']], dateAt: 0, remainingAt: -1 });
    // Past the recent ones, looked up by text.
    for (let i = 0; i < 20; i++) sharer.share(recorded([[`h${i}`, 'v']], [[`r${i}`, 'v']]));
    const b = sharer.share(recorded([['date', '']], [['x-ratelimit-remaining', '5']]));
    expect(b.responseShape).toEqual({ lines: [['x-ratelimit-remaining', '']], dateAt: -1, remainingAt: 0 });
    expect(b.requestHeaders).toBe(a.requestHeaders);
  });
});
