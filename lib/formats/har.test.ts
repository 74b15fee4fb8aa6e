import { describe, expect, it } from 'vitest';
import { HarError, nestingOf, parseHar, readHar } from './har.ts';
import { MAX_JSON_DEPTH } from './json-parse.ts';

const entry = (over: Record<string, unknown> = {}, response: Record<string, unknown> = {}) => ({
  startedDateTime: '2026-11-22T10:00:00.250Z',
  time: 12.4,
  request: {
    method: 'get',
    url: 'https://api.example.com/v1//store/orders',
    headers: [
      { name: ':authority', value: 'api.example.com' },
      { name: 'Authorization', value: 'Bearer a' },
      { name: 'authorization', value: 'Bearer b' },
    ],
  },
  response: {
    status: 200,
    headers: [{ name: 'X-RateLimit-Limit', value: '60' }],
    content: { size: 2, mimeType: 'application/json', text: '[]' },
    ...response,
  },
  ...over,
});

const har = (...entries: unknown[]) => JSON.stringify({ log: { version: '1.2', entries } });

describe('parseHar', () => {
  it('reads an entry as recorded: the URL as sent, header names in lower case, repeated lines kept', () => {
    const [e] = parseHar(har(entry()), 'x.har');
    expect(e).toMatchObject({
      source: 'x.har#0',
      startedMs: Date.parse('2026-11-22T10:00:00.250Z'),
      durationMs: 12,
      method: 'GET',
      url: 'https://api.example.com/v1//store/orders',
      status: 200,
      bodyBytes: 2,
      bodyWhole: true,
    });
    // HTTP/2 pseudo-headers are devtools' framing, not fields.
    expect(e!.requestHeaders).toEqual([
      ['authorization', 'Bearer a'],
      ['authorization', 'Bearer b'],
    ]);
    expect(e!.responseHeaders).toEqual([['x-ratelimit-limit', '60']]);
    expect(e!.body!.toString()).toBe('[]');
  });

  it('decodes a base64 body, and knows a body cut short or left out', () => {
    const [b64, cut, none, empty] = parseHar(
      har(
        entry(
          {},
          { content: { size: 3, encoding: 'base64', text: Buffer.from([0xff, 0, 1]).toString('base64') } },
        ),
        entry({}, { content: { size: 10_000, text: '[{"id":1' } }),
        entry({}, { content: { size: 40 } }),
        entry({}, { status: 204, content: { size: 0 } }),
      ),
      'x.har',
    );
    expect([...b64!.body!]).toEqual([0xff, 0, 1]);
    expect(b64!.bodyWhole).toBe(true);
    expect(cut).toMatchObject({ bodyBytes: 10_000, bodyWhole: false });
    expect(none).toMatchObject({ bodyBytes: 40, bodyWhole: false });
    expect(none!.body).toBeUndefined();
    expect(empty).toMatchObject({ bodyBytes: 0, bodyWhole: true });
  });

  it("reads this suite's own fields: the bucket, a body cut by its transcript, a broken body, no response", () => {
    const [mine, failed] = parseHar(
      har(
        entry(
          { _bucket: 'primary', _checkId: 'LIST-STATUS-200' },
          {
            _bodyTruncated: true,
            _bodyError: { code: 'ECONNRESET', message: 'reset' },
            content: { size: 5, text: '$ORDER_STORE_API_KEY' },
          },
        ),
        entry(
          { _bucket: 'anonymous', _transportError: { code: 'ECONNREFUSED', message: 'refused' } },
          { status: 0 },
        ),
      ),
      'transcript.har',
    );
    // Its text is redacted (longer than the bytes it stands for): the writer's word decides.
    expect(mine).toMatchObject({ bodyWhole: false, bodyBytes: 5 });
    expect(mine!.ours).toEqual({
      bucket: 'primary',
      checkId: 'LIST-STATUS-200',
      bodyError: { code: 'ECONNRESET', message: 'reset' },
      bodyTruncated: true,
      framed: true,
    });
    expect(failed).toMatchObject({ status: 0, bodyWhole: false, ours: { error: { code: 'ECONNREFUSED' } } });
  });

  it('refuses what is no HAR, naming the file and the entry', () => {
    expect(() => parseHar('not json', 'a.har')).toThrow(/^a\.har is not JSON/);
    expect(() => parseHar('{"log":{}}', 'a.har')).toThrow(
      /a\.har is no HAR file: it has no log\.entries array/,
    );
    expect(() =>
      parseHar(har({ startedDateTime: 'x', request: { url: 'u', method: 'GET' } }), 'a.har'),
    ).toThrow(/a\.har#0: startedDateTime "x" is no ISO 8601 date/);
    expect(() => parseHar(har({ startedDateTime: '2026-01-01T00:00:00Z' }), 'a.har')).toThrow(HarError);
  });

  it('leaves an entry nested past what it reads unread, naming it, and never recurses into a deep value', () => {
    // Deep enough to overflow the stack of anything that recurses (String() of an array, JSON.stringify).
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const text = har(entry(), '@HDR', '@DATE', entry()).replace(
      '"@HDR"',
      JSON.stringify(entry()).replace('"Bearer a"', deep(200_000)),
    );
    const { entries, unread } = readHar(
      text.replace('"@DATE"', JSON.stringify(entry()).replace('"2026-11-22T10:00:00.250Z"', deep(200_000))),
      'x.har',
    );
    expect(entries.map((e) => e.source)).toEqual(['x.har#0', 'x.har#3']);
    expect(unread.map((u) => u.source)).toEqual(['x.har#1', 'x.har#2']);
    expect(unread[0]!.reason).toMatch(/^x\.har#1: the entry nests deeper than 512 levels.*not judged/);
    expect(() => parseHar(text.replace('"@DATE"', JSON.stringify(entry())), 'x.har')).toThrow(
      /x\.har#1: the entry nests deeper/,
    );
    // Within the bound, a value of another type than a string is no field value, and a date no date.
    expect(() => parseHar(har(entry({ startedDateTime: JSON.parse(deep(50)) })), 'y.har')).toThrow(
      /y\.har#0: startedDateTime \(object\) is no ISO 8601 date/,
    );
    const [scalar] = parseHar(
      har(
        entry(
          {},
          {
            headers: [
              { name: 'x-n', value: 7 },
              { name: 'x-a', value: JSON.parse(deep(50)) },
            ],
          },
        ),
      ),
      'z.har',
    );
    expect(scalar!.responseHeaders).toEqual([
      ['x-n', '7'],
      ['x-a', ''],
    ]);
    expect(nestingOf(JSON.parse(deep(MAX_JSON_DEPTH + 5)), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
    expect(nestingOf({ a: [1, { b: 2 }] }, 10)).toBe(3);
  });
});
