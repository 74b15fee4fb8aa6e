// A recorded entry that carries the shape of its response's lines (engine/shared-lines.ts) is recorded as the
// same entry without it: the same exchange, redacted and as received, whatever its Date and Remaining hold.
import { describe, expect, it } from 'vitest';
import type { RecordedEntry, ResponseShape } from '../formats/har.ts';
import { Interner } from './intern.ts';
import { addRecorded } from './recorded.ts';
import { Redactor } from './redact.ts';
import { redactOnce } from './redact-once.ts';
import { rawOf, Transcript } from './transcript.ts';

const KEY = 'osk_test_0123456789abcdef';
const SECRET = 'a-secret-value-99';

/** An entry with these response lines, and the shape they have (the first Date and Remaining values ''). */
function shaped(i: number, lines: Array<[string, string]>, body = '[]'): [RecordedEntry, RecordedEntry] {
  const dateAt = lines.findIndex(([n]) => n === 'date');
  const remainingAt = lines.findIndex(([n]) => n === 'x-ratelimit-remaining');
  const entry: RecordedEntry = {
    source: `t#${i}`,
    startedMs: Date.UTC(2026, 0, 1) + i,
    durationMs: 3,
    method: 'GET',
    url: 'https://a.example/v1/store/orders',
    requestHeaders: [['authorization', `Bearer ${KEY}`]],
    status: 200,
    responseHeaders: lines,
    body: Buffer.from(body),
    bodyBytes: Buffer.byteLength(body),
    bodyWhole: true,
    ours: {},
  };
  return [entry, { ...entry, responseShape: shapeOf(lines, dateAt, remainingAt) }];
}

const shapes = new Map<string, ResponseShape>();
/** One shape object for equal templates, as the kept entries share theirs. */
function shapeOf(lines: Array<[string, string]>, dateAt: number, remainingAt: number): ResponseShape {
  const template = lines.map(([n, v], i): [string, string] => [
    n,
    i === dateAt || i === remainingAt ? '' : v,
  ]);
  const key = JSON.stringify(template);
  let had = shapes.get(key);
  if (had === undefined) {
    had = { lines: template, dateAt, remainingAt };
    shapes.set(key, had);
  }
  return had;
}

const LINES: Array<Array<[string, string]>> = [
  [
    ['content-type', 'application/json'],
    ['date', 'Thu, 01 Jan 2026 00:00:00 GMT'],
    ['x-ratelimit-remaining', '9'],
  ],
  [
    ['content-type', 'application/json'],
    ['date', 'Thu, 01 Jan 2026 00:00:01 GMT'],
    ['x-ratelimit-remaining', '8'],
  ],
  // A value redaction changes, in the shared lines, then in the entry's own Date.
  [
    ['content-type', 'application/json'],
    ['set-cookie', `sid=${SECRET}`],
    ['date', 'Thu, 01 Jan 2026 00:00:02 GMT'],
  ],
  [
    ['content-type', 'application/json'],
    ['date', `${SECRET}`],
    ['x-ratelimit-remaining', '7'],
  ],
  // Neither line; then two Date lines (a record holding them as an array).
  [['content-type', 'application/json']],
  [
    ['date', 'Thu, 01 Jan 2026 00:00:03 GMT'],
    ['date', 'Thu, 01 Jan 2026 00:00:04 GMT'],
    ['x-ratelimit-remaining', '6'],
  ],
  [
    ['x-ratelimit-remaining', '5'],
    ['content-type', 'application/json'],
  ],
];

function recorded(entries: RecordedEntry[]) {
  const redactor = new Redactor();
  redactor.addKey(KEY, 'ORDER_STORE_API_KEY');
  redactor.addSecret(SECRET, '[credential 01234567]');
  const transcript = new Transcript();
  const intern = new Interner();
  const redact = redactOnce(redactor);
  return entries.map((e) => {
    const x = addRecorded(transcript, e, 'primary', redact, 1024, intern);
    const raw = rawOf(x.response!);
    return {
      json: JSON.parse(JSON.stringify(x)),
      raw: { headers: raw.headers, body: raw.body, utf8: raw.utf8 },
    };
  });
}

describe('addRecorded of an entry with the shape of its response lines', () => {
  it('records what the same entry without it records, redacted and as received', () => {
    // Each set of lines twice, so the second entry of a shape reads what the first made.
    const pairs = [...LINES, ...LINES].map((lines, i) => shaped(i, lines, i === 3 ? `["${SECRET}"]` : '[]'));
    const plain = recorded(pairs.map(([e]) => e));
    const withShape = recorded(pairs.map(([, e]) => e));
    expect(withShape).toEqual(plain);
    expect(JSON.stringify(withShape)).not.toContain(KEY);
    expect(JSON.stringify(withShape.map((x) => x.json))).not.toContain(SECRET);
    // What was received is kept where redacting changed something.
    expect(withShape[2]!.raw.headers['set-cookie']).toBe(`sid=${SECRET}`);
    expect(withShape[3]!.raw.headers.date).toBe(SECRET);
    expect(withShape[5]!.json.response.headers.date).toEqual([
      'Thu, 01 Jan 2026 00:00:03 GMT',
      'Thu, 01 Jan 2026 00:00:04 GMT',
    ]);
  });
});
