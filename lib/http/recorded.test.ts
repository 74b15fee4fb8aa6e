// A recorded exchange as a long passive run keeps it: a replayed response makes its body only when a judge
// reads it, the transcript's record of an exchange holds exactly the fields it was given, and a transcript
// renewed once judged lets go of what the judges made of it.
import { describe, expect, it } from 'vitest';
import { replayed } from './recorded.ts';
import { Transcript } from './transcript.ts';

function listExchange() {
  const t = new Transcript();
  return t.add({
    bucket: 'primary',
    startedAt: '2026-11-22T10:00:00.000Z',
    durationMs: 12,
    request: { method: 'GET', url: 'https://api.example.com/v1/store/orders', headers: {} },
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: '[{"id":1}]',
      bodyBytes: 10,
      bodyTruncated: false,
    },
  });
}

describe('replayed', () => {
  it('makes the body once, when first read, not for a judge of status and headers', () => {
    const x = listExchange();
    let made = 0;
    const r = replayed(x, x.response!.headers, () => {
      made += 1;
      return Buffer.from('[{"id":1}]');
    });
    expect([r.status, r.headers['content-type'], r.receivedAtMs]).toEqual([
      200,
      'application/json',
      Date.parse('2026-11-22T10:00:00.012Z'),
    ]);
    expect(r.exchange).toBe(x);
    // Worked out of the exchange when read: a million replays held no moment of their own.
    expect(Object.keys(r)).not.toContain('receivedAtMs');
    expect(made).toBe(0);
    expect(r.bytes).toBe(10);
    expect(r.text).toBe('[{"id":1}]');
    expect(r.json().ok).toBe(true);
    expect(r.body.toString()).toBe('[{"id":1}]');
    expect(made).toBe(1);
  });

  it('takes the recorded text as the body, its bytes made as UTF-8 when first read', () => {
    const x = listExchange();
    const r = replayed(x, x.response!.headers, '[{"name":"café"}]');
    expect(r.bytes).toBe(Buffer.byteLength('[{"name":"café"}]'));
    expect(r.body.equals(Buffer.from('[{"name":"café"}]', 'utf8'))).toBe(true);
    expect(r.text).toBe('[{"name":"café"}]');
    expect(r.json().ok).toBe(true);
  });

  it('reads a body given whole as it is, and an unreadable body as its failure', () => {
    const x = listExchange();
    x.response!.bodyError = { code: 'E_FRAMING', message: 'cut' };
    const r = replayed(x, {}, Buffer.from('[]'));
    expect(r.bytes).toBe(2);
    expect(r.bodyError?.code).toBe('E_FRAMING');
    expect(r.json().ok).toBe(false);
  });
});

describe('Transcript.add', () => {
  it('keeps the fields given and no other (an absent one is not there, not undefined)', () => {
    const x = listExchange();
    expect(x.seq).toBe(1);
    expect(Object.keys(x)).toEqual(['seq', 'bucket', 'startedAt', 'durationMs', 'request', 'response']);
    expect('checkId' in x).toBe(false);
    const t = new Transcript();
    const y = t.add({
      checkId: 'LIST-STATUS-200',
      bucket: 'anonymous',
      startedAt: '2026-11-22T10:00:00.000Z',
      durationMs: 3,
      request: { method: 'DELETE', url: 'https://api.example.com/v1/store/orders/1', headers: {} },
      error: { code: 'E_TIMEOUT', message: 'no answer' },
      mayHaveTakenEffect: true,
    });
    expect(JSON.parse(JSON.stringify(y))).toEqual({
      seq: 1,
      checkId: 'LIST-STATUS-200',
      bucket: 'anonymous',
      startedAt: '2026-11-22T10:00:00.000Z',
      durationMs: 3,
      request: { method: 'DELETE', url: 'https://api.example.com/v1/store/orders/1', headers: {} },
      error: { code: 'E_TIMEOUT', message: 'no answer' },
      mayHaveTakenEffect: true,
    });
  });
});

describe('Transcript.renew', () => {
  it('hands out a new array of the same exchanges, so what was keyed by the old one can be let go', () => {
    const t = new Transcript();
    const x = t.add({
      bucket: 'primary',
      startedAt: '2026-11-22T10:00:00.000Z',
      durationMs: 1,
      request: { method: 'GET', url: 'https://api.example.com/v1/store/orders', headers: {} },
    });
    const before = t.all();
    const readings = new WeakMap<readonly unknown[], string>([[before, 'a judge reading']]);
    t.renew();
    expect(t.all()).not.toBe(before);
    expect(t.all()).toEqual([x]);
    expect(t.all()[0]).toBe(x);
    expect(readings.has(t.all())).toBe(false);
  });
});
