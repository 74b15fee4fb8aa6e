import { describe, expect, it } from 'vitest';
import { FoldedExchange, type FoldedFields } from '../http/folded-exchange.ts';
import { type Exchange, Transcript } from '../http/transcript.ts';
import { ByteOut } from './byte-out.ts';
import { harPieces, harText } from './har.ts';
import { EntryWriter } from './har-entry.ts';
import { jsonString } from './har-json.ts';

const creator = { name: 'order-store-conformance', version: '0.1.0' };
const joined = (xs: readonly Exchange[]) => [...harPieces(xs, creator, 'c')].join('');

/** Strings JSON.stringify escapes in every way it has, and some it leaves alone (U+2028, DEL, a pair). */
const ODD = [
  '',
  'plain',
  'quote " and \\ backslash',
  '\u0000\u0001\u0008\t\n\f\r\u001b\u001f',
  '\u007f\u0080\u00e9\u20ac \u2028\u2029',
  'lone \ud800 high',
  'lone \udfff low',
  'pair \ud83d\ude00 and reversed \ude00\ud83d',
  '\ud800',
  '"\\u0000entries"',
];

function folded(over: Partial<FoldedFields> = {}): FoldedExchange {
  return new FoldedExchange(1, {
    bucket: 'primary',
    startedMs: Date.UTC(2026, 10, 22, 10, 0, 0, 17),
    durationMs: 12,
    request: {
      method: 'GET',
      url: 'https://a.example/v1/store/orders',
      headers: { accept: 'application/json' },
    },
    status: 200,
    headers: { 'content-type': 'application/json', date: '', 'x-ratelimit-remaining': '' },
    date: 'Sun, 22 Nov 2026 10:00:00 GMT',
    remaining: '998',
    body: '[]',
    bodyBytes: 2,
    bodyTruncated: false,
    ...over,
  });
}

describe('jsonString', () => {
  it('writes every code unit, and the odd strings, as JSON.stringify does', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const s = `a${String.fromCharCode(c)}b`;
      expect(jsonString(s)).toBe(JSON.stringify(s));
    }
    for (const s of ODD) expect(jsonString(s)).toBe(JSON.stringify(s));
  });

  it('is what ByteOut.json puts, as UTF-8, for every code unit and the odd strings', () => {
    const out = new ByteOut(8);
    const all: string[] = [];
    for (let c = 0; c <= 0xffff; c++) all.push(`a${String.fromCharCode(c)}b`);
    for (const s of [...all, ...ODD]) {
      out.used = 0;
      out.json(s);
      expect(out.view().toString('utf8')).toBe(JSON.stringify(s));
    }
  });
});

describe('EntryWriter', () => {
  it('writes each field of an exchange as JSON.stringify of its object, whatever the strings hold', () => {
    const t = new Transcript();
    for (const [i, s] of ODD.entries())
      t.add({
        checkId: i % 2 ? `LIST-${s}` : undefined,
        together: i % 3 === 0 ? i : undefined,
        bucket: 'secondary',
        startedAt: `2026-11-22T10:00:0${i % 10}${s}`,
        durationMs: i === 3 ? 12.5 : i === 4 ? -0 : i === 5 ? 1e21 : i,
        request: {
          method: s || 'GET',
          url: `https://a.example/v1/store/orders?q=${encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))}&${s}=1#${s}`,
          headers: { [s || 'x']: s, '1': ['one', s], 'Content-Type': s, empty: [] },
          ...(i % 2 ? { content: s } : {}),
        },
        response: {
          status: 200 + i,
          headers: { [`n${s}`]: [s, s], 'content-TYPE': [], 'Content-type': `t${s}` },
          body: s,
          bodyBytes: s.length,
          bodyTruncated: i % 2 === 1,
          ...(i % 4 === 1 ? { bodyError: { code: 'E', message: s } } : {}),
          ...(i % 4 === 2 ? { headersOmitted: { lines: i, chars: 3 * i } } : {}),
        },
        ...(i % 3 === 1 ? { invalidRequest: s || 'bad' } : {}),
        ...(i % 3 === 2 ? { lengthOmitted: true as const } : {}),
        ...(i % 5 === 0 ? { connection: i } : {}),
      });
    // Transport errors (status 0), one whose answer was lost after a DELETE.
    t.add({
      bucket: 'anonymous',
      startedAt: '2026-11-22T10:00:01.000Z',
      durationMs: 0,
      request: { method: 'DELETE', url: 'https://a.example/v1/store/orders/%zz', headers: {}, content: '' },
      error: { code: 'ECONNRESET', message: ODD[5]! },
      mayHaveTakenEffect: true,
    });
    expect(joined(t.all())).toBe(harText(t.all(), creator, 'c'));
  });

  it('writes a folded exchange started at any millisecond as its startedAt says', () => {
    const xs = [
      0,
      1,
      999,
      1000,
      -1,
      -1001,
      Date.UTC(2026, 10, 22, 10, 0, 0, 5),
      Date.UTC(2026, 10, 22, 10, 0, 0, 50),
      Date.UTC(2026, 10, 22, 10, 0, 0, 500),
      Date.UTC(2026, 10, 22, 10, 0, 1, 500),
      Date.UTC(12026, 0, 1, 0, 0, 0, 7),
      Date.UTC(-1, 0, 1, 0, 0, 0, 7),
      8.64e15,
      -8.64e15,
    ].map((startedMs) => folded({ startedMs }));
    for (const x of xs) expect(new EntryWriter().text(x)).toContain(`"startedDateTime": "${x.startedAt}"`);
    expect(joined(xs)).toBe(harText(xs, creator, 'c'));
  });

  it('writes folded exchanges of every kind as their objects stringify', () => {
    const xs = [
      folded(),
      folded({
        checkId: 'RL-1',
        together: 2,
        bucket: 'anonymous',
        invalidRequest: 'why',
        lengthOmitted: true,
      }),
      folded({ status: 2 ** 21, bodyTruncated: true, body: ODD[7]!, bodyError: { code: 'X', message: 'y' } }),
      folded({ date: undefined, remaining: undefined, headers: { a: ['1', '2'], b: [] }, body: '' }),
      folded({ request: { method: 'POST', url: 'https://a.example/x?a=1&a=2', headers: {}, content: 'é' } }),
    ];
    expect(joined(xs)).toBe(harText(xs, creator, 'c'));
  });

  it('leaves an exchange of another shape to JSON.stringify, to the same text', () => {
    const base = folded();
    const odd = (over: Record<string, unknown>) => ({ ...base.toJSON(), ...over }) as unknown as Exchange;
    const response = base.toJSON('response') as Record<string, unknown>;
    const xs: Exchange[] = [
      odd({ durationMs: Number.NaN }),
      odd({ seq: undefined }),
      odd({ bucket: 7 }),
      odd({ checkId: 5 }),
      odd({ startedAt: undefined }),
      odd({ request: { method: 'GET', url: 'u', headers: { a: 1, b: [undefined], c: undefined } } }),
      odd({ request: { method: undefined, url: 'u', headers: {} } }),
      odd({ response: { ...response, status: '200' } }),
      odd({ response: { ...response, body: undefined, bodyBytes: undefined, bodyTruncated: undefined } }),
      odd({ response: { ...response, body: null, bodyTruncated: 0 } }),
      odd({
        response: { ...response, bodyError: { code: 'E', message: 'm', toJSON: (k: string) => `at ${k}` } },
      }),
      odd({ error: { code: 'E', message: 'm', when: new Date(0), list: [1, { a: [] }] } }),
      odd({ together: Number.POSITIVE_INFINITY }),
    ];
    const writer = new EntryWriter();
    expect(xs.map((x) => writer.text(x))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      expect.any(String),
      undefined,
      expect.any(String),
      expect.any(String),
      undefined,
    ]);
    expect(joined(xs)).toBe(harText(xs, creator, 'c'));
  });

  it('writes what it keeps only where every field it was made of is the same', () => {
    const body = '{"code":"not_found"}';
    const json = { 'content-type': 'application/json' };
    const same = {
      body,
      bodyBytes: 20,
      bodyTruncated: false,
      headers: json,
      date: undefined,
      remaining: undefined,
    };
    // Each differs from the one before it, and the one after it, in one field the kept lines were made of.
    const xs = [
      folded({ ...same, bodyTruncated: true }),
      folded({ ...same, bodyBytes: 19 }),
      folded({ ...same, headers: { 'Content-Type': ['text/plain'] } }),
      folded({ ...same, body: '' }),
      folded({ ...same, status: 404 }),
      folded({ ...same, status: 0 }),
      folded({ ...same, checkId: 'C-1' }),
      folded({ ...same, checkId: 'C-1', bucket: 'secondary' }),
      folded({ ...same, checkId: '', bucket: 'secondary' }),
      folded({ ...same, checkId: 'C-2', bucket: 'secondary', together: 1 }),
      folded({ ...same, bodyError: { code: 'E', message: 'm' } }),
      folded({ ...same, startedMs: Date.UTC(2026, 10, 22, 10, 0, 0, 18) }),
      folded({ ...same, startedMs: Date.UTC(2026, 10, 22, 10, 0, 1, 18) }),
    ].flatMap((x) => [folded(same), x, folded(same)]);
    expect(joined(xs)).toBe(harText(xs, creator, 'c'));
  });

  it('writes the same text past the bounds of what it keeps (strings, header records)', () => {
    const t = new Transcript();
    for (let i = 0; i < 60_000; i++)
      t.add({
        bucket: 'primary',
        startedAt: '2026-11-22T10:00:00.000Z',
        durationMs: 1,
        request: { method: 'GET', url: `https://a.example/${i}`, headers: { n: `${i % 1500}` } },
        response: { status: 200, headers: {}, body: `{"id":${i}}`, bodyBytes: 9, bodyTruncated: false },
      });
    expect(joined(t.all())).toBe(harText(t.all(), creator, 'c'));
  });
});
