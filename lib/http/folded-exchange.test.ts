// A recorded exchange with a response is one object (folded-exchange.ts): read through Exchange and
// RecordedResponse as an exchange with a response object is, written to JSON byte for byte as one was.
import { describe, expect, it } from 'vitest';
import type { RecordedEntry } from '../formats/har.ts';
import { Interner } from './intern.ts';
import { addRecorded } from './recorded.ts';
import { Redactor } from './redact.ts';
import { redactOnce } from './redact-once.ts';
import { type Exchange, type RawResponse, rawField, rawOf, startedMsOf, Transcript } from './transcript.ts';

/** The fields of a response as received, read (its record may read them when asked: transcript.ts rawOf). */
const asRead = (r: RawResponse) => ({ headers: r.headers, body: r.body, utf8: r.utf8 });

const entry = (over: Partial<RecordedEntry> = {}): RecordedEntry => ({
  source: 'test#0',
  startedMs: Date.UTC(2026, 10, 22, 10, 0, 0, 17),
  durationMs: 12,
  method: 'GET',
  url: 'https://a.example/v1/store/orders',
  requestHeaders: [['accept', 'application/json']],
  status: 200,
  responseHeaders: [['content-type', 'application/json']],
  body: Buffer.from('[{"id":1}]'),
  bodyBytes: 10,
  bodyWhole: true,
  ours: {},
  ...over,
});

const recorded = (e: RecordedEntry): Exchange =>
  addRecorded(new Transcript(), e, 'primary', redactOnce(new Redactor()), 1024);

describe('a recorded exchange with a response', () => {
  it('is one object: its response is itself, every field read as an exchange with a response object', () => {
    const x = recorded(entry());
    expect(x.response).toBe(x);
    expect(x.startedAt).toBe('2026-11-22T10:00:00.017Z');
    expect([x.seq, x.bucket, x.durationMs, x.request.method]).toEqual([1, 'primary', 12, 'GET']);
    const r = x.response!;
    expect([r.status, r.headers, r.body, r.bodyBytes, r.bodyTruncated, r.bodyError]).toEqual([
      200,
      { 'content-type': 'application/json' },
      '[{"id":1}]',
      10,
      false,
      undefined,
    ]);
    expect(asRead(rawOf(r))).toEqual({ headers: r.headers, body: r.body, utf8: true });
  });

  it('writes the JSON an exchange with a response object wrote, field for field and in order', () => {
    const e = entry({
      ours: {
        checkId: 'LIST-STATUS-200',
        together: 3,
        invalidRequest: 'on purpose',
        lengthOmitted: true,
        bodyError: { code: 'E_FRAMING', message: 'cut' },
      },
    });
    const x = recorded(e);
    const kept = new Transcript().add({
      checkId: 'LIST-STATUS-200',
      together: 3,
      bucket: 'primary',
      startedAt: new Date(e.startedMs).toISOString(),
      durationMs: 12,
      request: x.request,
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: '[{"id":1}]',
        bodyBytes: 10,
        bodyTruncated: false,
        bodyError: { code: 'E_FRAMING', message: 'cut' },
      },
      invalidRequest: 'on purpose',
      lengthOmitted: true,
    });
    expect(JSON.stringify(x)).toBe(JSON.stringify(kept));
    expect(JSON.stringify([x], null, 1)).toBe(JSON.stringify([kept], null, 1));
    // Under the name `response` (a caller writing the response alone), the response's fields only.
    expect(JSON.stringify({ response: x.response })).toBe(JSON.stringify({ response: kept.response }));
  });

  it('refuses a start no Date holds, as the ISO text made when it was added did', () => {
    expect(() => recorded(entry({ startedMs: Number.NaN }))).toThrow(RangeError);
    expect(() => recorded(entry({ startedMs: 9e15 }))).toThrow(RangeError);
  });

  it('tells when it was sent as Date.parse(startedAt) does, a fraction of a millisecond cut as a Date cuts it', () => {
    // Starts years apart, and at either end of a Date's range: each read back exactly, whichever came first.
    const starts = [
      Date.UTC(2026, 10, 22, 10, 0, 0, 17),
      1_700_000_000_123.75,
      -1.5,
      0.25,
      8.64e15,
      -8.64e15,
    ];
    for (const startedMs of [...starts, Date.UTC(2026, 10, 22, 10, 0, 0, 18) + 2 ** 30, 2 ** 30 - 1]) {
      const x = recorded(entry({ startedMs }));
      expect(Object.is(startedMsOf(x), Date.parse(x.startedAt))).toBe(true);
    }
    // An exchange kept with its start as text (a run's own) is read from the text.
    const kept = new Transcript().add({
      bucket: 'primary',
      startedAt: '2026-11-22T10:00:00.017Z',
      durationMs: 1,
      request: { method: 'GET', url: 'https://a.example/v1/store/orders', headers: {} },
    });
    expect(startedMsOf(kept)).toBe(Date.UTC(2026, 10, 22, 10, 0, 0, 17));
  });

  it('reads back every status, bucket and cut it was made with, a status past any HTTP one too', () => {
    for (const status of [100, 204, 429, 599, 999, 1_048_576, 2 ** 31 + 7])
      for (const bucket of ['primary', 'secondary', 'anonymous'] as const)
        for (const bodyWhole of [true, false]) {
          const x = addRecorded(
            new Transcript(),
            entry({ status, bodyWhole }),
            bucket,
            redactOnce(new Redactor()),
            1024,
          );
          expect([x.response!.status, x.bucket, x.response!.bodyTruncated]).toEqual([
            status,
            bucket,
            !bodyWhole,
          ]);
        }
  });

  it('keeps its start, status, bucket and cut as no boxed number nor field of their own', () => {
    const x = recorded(entry());
    const own = Object.keys(x);
    for (const packed of ['status', 'bucket', 'bodyTruncated', 'startedMs'])
      expect(own).not.toContain(packed);
    expect(startedMsOf(x)).toBe(Date.UTC(2026, 10, 22, 10, 0, 0, 17));
  });

  it('reads back every header in its place when Date and Remaining are kept apart from a shared record', () => {
    const intern = new Interner();
    const redact = redactOnce(new Redactor());
    const lines = (date: string, remaining: string): Array<[string, string]> => [
      ['content-type', 'application/json'],
      ['date', date],
      ['x-ratelimit-limit', '60'],
      ['x-ratelimit-remaining', remaining],
      ['x-ratelimit-reset', '1764000060'],
    ];
    const made = [
      ['Sat, 22 Nov 2026 10:00:00 GMT', '59'],
      ['Sat, 22 Nov 2026 10:00:01 GMT', '58'],
    ].map(([date, remaining]) => {
      const e = entry({ responseHeaders: lines(date!, remaining!) });
      const shared = addRecorded(new Transcript(), e, 'primary', redact, 1024, intern);
      const own = addRecorded(new Transcript(), e, 'primary', redactOnce(new Redactor()), 1024);
      return { shared, own, date, remaining };
    });
    expect(made).toHaveLength(2);
    for (const { shared, own, date, remaining } of made) {
      const headers = shared.response!.headers;
      // The same fields, in the same order, as without sharing; and the same JSON.
      expect(Object.entries(headers)).toEqual(Object.entries(own.response!.headers));
      expect([headers.date, headers['x-ratelimit-remaining']]).toEqual([date, remaining]);
      expect(JSON.stringify(shared)).toBe(JSON.stringify(own));
      expect(asRead(rawOf(shared.response!))).toEqual({ headers, body: shared.response!.body, utf8: true });
    }
    // Read in turn, each hands back its own values (the record made last is only ever its own).
    const [a, b] = made;
    expect([
      a!.shared.response!.headers.date,
      b!.shared.response!.headers.date,
      a!.shared.response!.headers.date,
    ]).toEqual([a!.date, b!.date, a!.date]);
  });

  it('keeps the headers as received beside the redacted ones when redacting changed one', () => {
    const key = 'osk_live_abcdefghijklmnopqrstuvwxyz012345';
    const redactor = new Redactor();
    redactor.addKey(key, 'ORDER_STORE_API_KEY');
    const e = entry({
      responseHeaders: [
        ['date', 'Sat, 22 Nov 2026 10:00:00 GMT'],
        ['x-echo', key],
        ['x-ratelimit-remaining', '7'],
      ],
    });
    const x = addRecorded(new Transcript(), e, 'primary', redactOnce(redactor), 1024, new Interner());
    expect(Object.keys(x.response!.headers)).toEqual(['date', 'x-echo', 'x-ratelimit-remaining']);
    expect(x.response!.headers['x-echo']).not.toContain(key);
    expect(x.response!.headers['x-ratelimit-remaining']).toBe('7');
    expect(rawOf(x.response!).headers).toEqual({
      date: 'Sat, 22 Nov 2026 10:00:00 GMT',
      'x-echo': key,
      'x-ratelimit-remaining': '7',
    });
  });

  it('stays an exchange with no response, and an error, when nothing was answered', () => {
    const x = recorded(entry({ status: 0, ours: { error: { code: 'E_RESET', message: 'reset' } } }));
    expect(x.response).toBeUndefined();
    expect(x.error).toEqual({ code: 'E_RESET', message: 'reset' });
  });

  it('gives one field as received as the whole record holds it, redacted or not, Date and Remaining apart', () => {
    const key = 'osk_live_FieldKey0123456789abcdef';
    const redactor = new Redactor();
    redactor.addKey(key, 'KEY');
    const intern = new Interner();
    const lines: Array<[string, string]> = [
      ['content-type', 'application/json'],
      ['date', 'Sat, 22 Nov 2026 10:00:00 GMT'],
      ['x-ratelimit-remaining', '59'],
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
    ];
    // Left as received (no secret), and changed by redacting (a key echoed): each read as rawOf reads it.
    for (const echoed of [[], [['x-echo', key]] as Array<[string, string]>]) {
      const e = entry({ responseHeaders: [...lines, ...echoed] });
      const x = addRecorded(new Transcript(), e, 'primary', redactOnce(redactor), 1024, intern);
      const whole = rawOf(x.response!).headers;
      for (const name of ['content-type', 'date', 'x-ratelimit-remaining', 'set-cookie', 'x-echo', 'age'])
        expect(rawField(x.response!, name), name).toEqual(whole[name]);
    }
    // A response with no field reader (rebuilt from a report) is read through its record.
    const plain = { status: 200, headers: { age: '3' }, body: '', bodyBytes: 0, bodyTruncated: false };
    expect(rawField(plain, 'age')).toBe('3');
  });
});
