import { describe, expect, it } from 'vitest';
import { HarScanner } from './har-stream.ts';
import { MAX_JSON_DEPTH } from './json-parse.ts';

/** The entries `text` holds as the scanner finds them when the bytes come `chunk` at a time. */
function scan(text: string, chunk: number, maxEntryBytes = 2 ** 20) {
  const bytes = Buffer.from(text, 'utf8');
  const found: Array<{ index: number; text?: string; skipped?: string }> = [];
  const scanner = new HarScanner((span) => {
    found.push(
      span.skipped
        ? { index: span.index, skipped: span.skipped }
        : { index: span.index, text: bytes.toString('utf8', span.start, span.end) },
    );
  }, maxEntryBytes);
  for (let at = 0; at < bytes.length; at += chunk) scanner.push(bytes.subarray(at, at + chunk));
  return { found, problem: scanner.finish(), harFound: scanner.found };
}

const tricky = [
  { request: { url: 'https://a.example/v1/store/orders?q=]}', method: 'GET' }, note: 'a "quoted" \\ [' },
  { response: { content: { text: '[{"id":1}]' } }, nested: [[[{}]]], emoji: 'é✓😀' },
  { endsInBackslash: 'a\\', quoteAfterBackslashes: '\\\\"}],', '\\"key': '\u0000\n' },
  // Strings either side of the length walked byte by byte (64), escapes before and after it.
  {
    short: 'x'.repeat(63),
    a: ']}',
    edge: 'x'.repeat(64),
    b: ']}',
    past: 'x'.repeat(65),
    c: ']}',
    escaped: `${'y'.repeat(64)}"`,
    d: ']}',
    long: `${'z'.repeat(70)}"}]${'w'.repeat(40)}\\`,
    escapes: `${'"'.repeat(40)}${'\\'.repeat(40)}"],{`,
  },
  'a scalar entry, with a comma',
  42,
  null,
];

describe('HarScanner', () => {
  it('finds each entry of log.entries whole, whatever the chunks, beside other keys and a BOM', () => {
    const text = `\uFEFF { "log" : { "creator": {"entries": [1, 2]}, "pages": [], "entries" :\n[ ${tricky
      .map((e) => JSON.stringify(e, null, 1))
      .join(' ,\n')} ] , "comment": "]}" } }\n`;
    for (const chunk of [1, 2, 3, 5, 7, 64, 65, 100, 1 << 20]) {
      const { found, problem, harFound } = scan(text, chunk);
      expect(problem, `chunk ${chunk}`).toBeUndefined();
      expect(harFound).toBe(true);
      expect(found.map((f) => JSON.parse(f.text!))).toEqual(tricky);
      expect(found.map((f) => f.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    }
  });

  it('skips an entry nested past what the harness reads, and one larger than the cap, keeping neither', () => {
    const deep = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    const fits = `${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}`;
    const text = `{"log":{"entries":[{"a":${deep}},{"a":${fits}},{"big":"${'x'.repeat(5000)}"},{}]}}`;
    const { found, problem } = scan(text, 16, 2000);
    expect(problem).toBeUndefined();
    expect(found.map((f) => f.skipped ?? 'read')).toEqual(['deep', 'read', 'large', 'read']);
  });

  it('says what is no HAR, and what is no JSON', () => {
    expect(scan('{"not": "a har"}', 4)).toMatchObject({ problem: undefined, harFound: false });
    expect(scan('[{"log": {"entries": []}}]', 4)).toMatchObject({ problem: undefined, harFound: false });
    expect(scan('not json', 4).problem).toMatch(/unexpected 'n' at byte 0/);
    expect(scan('{"log":{"entries":[{}', 4).problem).toMatch(/unexpected end/);
    expect(scan('{"log":{"entries":[]}} {}', 4).problem).toMatch(/after the end/);
  });
});
