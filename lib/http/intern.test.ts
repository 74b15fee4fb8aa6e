// The interner of a long recording: equal values handed out as one copy, a record with a value too long to
// key kept whole and as it was, and the recorded exchange sharing what it can without changing what it says.
import { describe, expect, it } from 'vitest';
import type { RecordedEntry } from '../formats/har.ts';
import { Interner } from './intern.ts';
import { addRecorded } from './recorded.ts';
import { Redactor } from './redact.ts';
import { redactOnce } from './redact-once.ts';
import { type RawResponse, rawOf, Transcript } from './transcript.ts';

/** The fields of a response as received, read (its record may read them when asked: transcript.ts rawOf). */
const asRead = (r: RawResponse) => ({ headers: r.headers, body: r.body, utf8: r.utf8 });

/** A string equal to `s` but not the same instance (as each parsed entry gives its own). */
const fresh = (s: string) => JSON.parse(JSON.stringify(s)) as string;

describe('Interner', () => {
  it('hands out one copy of equal header records, in their order, and tells a repeated field apart', () => {
    const intern = new Interner();
    const a = intern.fields({ [fresh('content-type')]: fresh('application/json'), vary: ['a', 'b'] });
    const b = intern.fields({ 'content-type': 'application/json', vary: ['a', 'b'] });
    expect(b).toBe(a);
    expect(a).toEqual({ 'content-type': 'application/json', vary: ['a', 'b'] });
    expect(intern.fields({ vary: ['a', 'b'], 'content-type': 'application/json' })).not.toBe(a);
    expect(intern.fields({ 'content-type': 'application/json', vary: 'a' })).not.toBe(a);
    expect(intern.fields({ 'content-type': 'application/json', vary: ['a,b'] })).not.toBe(a);
  });

  it('makes each new record of a shape it has seen with the same fields, in the same order, as given', () => {
    const intern = new Interner();
    const lines = (i: number) => ({
      'content-type': 'application/json',
      date: `Sun, 22 Nov 2026 10:00:0${i} GMT`,
      '7': 'a name like an index',
      'x-ratelimit-limit': '1000',
      'x-ratelimit-remaining': String(999 - i),
      'x-ratelimit-reset': '1795428060',
      'set-cookie': [`a=${i}`, 'b=2'],
    });
    const made = [0, 1, 2].map((i) => intern.fields(lines(i)));
    made.forEach((r, i) => {
      expect(r).toEqual(lines(i));
      expect(Object.keys(r)).toEqual(Object.keys(lines(i)));
    });
    // Records of one shape are not one record: each holds its own values.
    expect(made[1]).not.toBe(made[0]);
    expect(made[0]!['x-ratelimit-remaining']).toBe('999');
    // A field named __proto__ is read as an object literal assigned field by field reads it, as before.
    const odd = JSON.parse('{"__proto__":"x","a":"1","b":"2","c":"3","d":"4","e":"5"}') as Record<
      string,
      string
    >;
    const plain: Record<string, string> = {};
    for (const [n, v] of Object.entries(odd)) plain[n] = v;
    expect(intern.fields(odd)).toEqual(plain);
    expect(Object.keys(intern.fields({ ...odd, f: '6' }))).toEqual([...Object.keys(plain), 'f']);
  });

  it('keeps a record with a value too long to key whole, every field in it', () => {
    const intern = new Interner();
    const long = 'x'.repeat(70 * 1024);
    const r = { a: '1', big: long, z: '2' };
    const out = intern.fields(r);
    expect(out).toEqual(r);
    expect(intern.fields({ ...r })).not.toBe(out);
  });

  it('shares a request only with an equal one: method, URL and the same header record', () => {
    const intern = new Interner();
    const h = intern.fields({ accept: 'application/json' });
    const one = intern.request('GET', fresh('https://a.example/v1/store/orders'), h);
    expect(intern.request(fresh('GET'), 'https://a.example/v1/store/orders', h)).toBe(one);
    expect(intern.request('HEAD', 'https://a.example/v1/store/orders', h)).not.toBe(one);
    expect(
      intern.request('GET', 'https://a.example/v1/store/orders', intern.fields({ accept: '*/*' })),
    ).toEqual({
      method: 'GET',
      url: 'https://a.example/v1/store/orders',
      headers: { accept: '*/*' },
    });
  });
});

describe('Interner.once', () => {
  it('makes once what is asked for the same object by the same maker, again for another maker', () => {
    const intern = new Interner();
    const lines = [['accept', '*/*']];
    const [one, two] = [{}, {}];
    let made = 0;
    const make = () => ({ made: ++made });
    const first = intern.once(lines, one, make);
    expect(intern.once(lines, one, make)).toBe(first);
    // An equal object is another: asked by identity only.
    expect(intern.once([['accept', '*/*']], one, make)).not.toBe(first);
    expect(intern.once(lines, two, make)).toEqual({ made: 3 });
    expect(made).toBe(3);
  });

  it('forgets what it made when it starts over', () => {
    const intern = new Interner(2);
    const lines = [['accept', '*/*']];
    const by = {};
    const first = intern.once(lines, by, () => ({ n: 1 }));
    for (const s of ['p', 'q', 'r']) intern.string(s);
    intern.string('s');
    expect(intern.once(lines, by, () => ({ n: 2 }))).toEqual({ n: 2 });
    expect(intern.once(lines, by, () => ({ n: 3 }))).toEqual({ n: 2 });
    expect(first).toEqual({ n: 1 });
  });
});

describe('Interner at its cap', () => {
  it('starts over, and shares again a value that recurs after it', () => {
    const intern = new Interner();
    // The default cap, as a million entries' URLs and Dates reach it.
    for (let i = 0; i < 200_001; i++) intern.string(`https://a.example/v1/store/orders/${i}`);
    const late = intern.string(fresh('a list body after the cap'));
    expect(intern.string(fresh('a list body after the cap'))).toBe(late);
    const record = intern.fields({ [fresh('date')]: fresh('Sun, 06 Dec 2026 10:00:00 GMT') });
    expect(intern.fields({ date: fresh('Sun, 06 Dec 2026 10:00:00 GMT') })).toBe(record);
  });

  it('never takes a record keyed before it started over for one keyed after', () => {
    const intern = new Interner(6);
    const before = intern.fields({ a: '1' });
    for (const s of ['p', 'q', 'r', 's']) intern.string(s);
    // Started over: the same string numbers now stand for other strings.
    const after = intern.fields({ b: '2' });
    const url = 'https://a.example/v1/store/orders';
    expect(intern.request('GET', url, before).headers).toBe(before);
    expect(intern.request('GET', url, after).headers).toBe(after);
    expect(intern.request('GET', url, after)).toBe(intern.request('GET', url, after));
  });

  it('keeps what a caller keys itself, then starts over', () => {
    const intern = new Interner(2);
    for (const k of ['1', '2', '3']) intern.value(k, { k });
    const v = intern.value('4', { k: '4' });
    expect(intern.value('4', { k: 'other' })).toBe(v);
  });
});

describe('redactOnce at its cap', () => {
  it('starts over, and remembers again a text that recurs after it', () => {
    const redactor = new Redactor();
    let redacted = 0;
    const counting = Object.assign(Object.create(redactor) as Redactor, {
      redact: (text: string) => {
        redacted += 1;
        return redactor.redact(text);
      },
    });
    const redact = redactOnce(counting);
    for (let i = 0; i < 200_001; i++) redact.redact(`text ${i}`);
    redacted = 0;
    redact.redact(fresh('a list body after the cap'));
    redact.redact(fresh('a list body after the cap'));
    expect(redacted).toBe(1);
  });
});

describe('addRecorded with an interner', () => {
  const entry = (body: string, auth: string): RecordedEntry => ({
    source: 'test#0',
    startedMs: Date.UTC(2026, 0, 1),
    durationMs: 3,
    method: 'GET',
    url: 'https://a.example/v1/store/orders',
    requestHeaders: [['authorization', `Bearer ${auth}`]],
    status: 200,
    responseHeaders: [['content-type', 'application/json']],
    body: Buffer.from(body),
    bodyBytes: Buffer.byteLength(body),
    bodyWhole: true,
    ours: {},
  });

  it('reads an answer redaction left alone as received, and keeps what was received where it did not', () => {
    const redactor = new Redactor();
    redactor.addKey('osk_test_0123456789abcdef', 'ORDER_STORE_API_KEY');
    const transcript = new Transcript();
    const intern = new Interner();
    const redact = redactOnce(redactor);
    const plain = addRecorded(
      transcript,
      entry('[]', 'osk_test_0123456789abcdef'),
      'primary',
      redact,
      1024,
      intern,
    );
    const echoed = addRecorded(
      transcript,
      entry('["osk_test_0123456789abcdef"]', 'osk_test_0123456789abcdef'),
      'primary',
      redact,
      1024,
      intern,
    );
    expect(asRead(rawOf(plain.response!))).toEqual({
      headers: { 'content-type': 'application/json' },
      body: '[]',
      utf8: true,
    });
    expect(echoed.response!.body).not.toContain('osk_test');
    expect(rawOf(echoed.response!).body).toBe('["osk_test_0123456789abcdef"]');
    // Both requests were the same: one record, the key redacted in it.
    expect(echoed.request).toBe(plain.request);
    expect(JSON.stringify(plain.request)).not.toContain('osk_test');
  });
});
