// The counterexample classes of judge.ts, on hand-built responses (no server needed to say
// which class a given answer falls in; the command tests show the reference faults reach them).
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../lib/formats/json.ts';
import type { Response } from '../../lib/http/client.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { KnownOrders } from '../kit/known-orders.ts';
import { judgeAbsent, judgeMalformed, RateLimited } from './judge.ts';
import { invalidEncoding } from './malformed.ts';

const RL = { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '10', 'x-ratelimit-reset': '1767225600' };

function answer(status: number, body?: object, headers: Record<string, string> = RL): Response {
  const text = body ? JSON.stringify(body) : '';
  return {
    exchange: { seq: 1 } as Exchange,
    status,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: Buffer.from(text),
    text,
    bytes: Buffer.byteLength(text),
    receivedAtMs: 0,
    json: () => parseJson(text),
  };
}

const error = (status: number) => ({ code: 'X', message: 'x', status });
const KNOWN = new KnownOrders(['9223372036854775807', '1'], ['1'], ['9223372036854775807']);

describe('judgeAbsent', () => {
  it('passes a 404 with an Error body and the rate-limit headers', () => {
    expect(judgeAbsent('5', answer(404, error(404)), KNOWN)).toBeUndefined();
  });

  it('names each way an absent id can be mishandled', () => {
    const cls = (res: Response, id = '5') => judgeAbsent(id, res, KNOWN)?.cls;
    expect(cls(answer(204))).toBe('2xx on absent id');
    expect(cls(answer(500, error(500)))).toBe('5xx on absent id');
    expect(cls(answer(404, error(400)))).toBe('invalid Error body on 404');
    expect(cls(answer(404, error(404), {}))).toBe('rate-limit headers missing on 404');
    expect(cls(answer(409, error(409)), '9223372036854775806')).toBe('precision collision');
    expect(cls(answer(400, error(400)))).toBe('400 on absent id');
    expect(() => judgeAbsent('5', answer(429, error(429)), KNOWN)).toThrow(RateLimited);
  });

  it('starts the message with the class and keeps the exchange', () => {
    const f = judgeAbsent('9223372036854775806', answer(409, error(409)), KNOWN)!;
    expect(f.message).toMatch(/^precision collision: .*as order 9223372036854775807 would/);
    expect(f.exchange.seq).toBe(1);
  });
});

describe('judgeMalformed', () => {
  it('accepts any 4xx, with an Error body or none', () => {
    expect(judgeMalformed('5.5', answer(400, error(400)))).toBeUndefined();
    expect(judgeMalformed('5.5', answer(404))).toBeUndefined();
  });

  it('fails a 2xx, a 5xx and a body that is not an Error object', () => {
    expect(judgeMalformed('+5', answer(204))?.cls).toBe('2xx on malformed id');
    expect(judgeMalformed('5.5', answer(500))?.cls).toBe('5xx on malformed id');
    expect(judgeMalformed('5.5', answer(400, { error: 'bad' }))?.cls).toBe(
      'invalid Error body on malformed id',
    );
  });

  it('judges only the status of a request made invalid HTTP on purpose (the HTTP stack may answer it)', () => {
    const html = { ...answer(400), body: Buffer.from('<h1>400 Bad Request</h1>'), bytes: 24 };
    expect(judgeMalformed('5%zz', html, true)).toBeUndefined();
    expect(judgeMalformed('5%zz', html)?.cls).toBe('invalid Error body on malformed id');
    expect(judgeMalformed('5%zz', answer(204), true)?.cls).toBe('2xx on malformed id');
    expect(invalidEncoding('5%zz')).toMatch(/RFC 3986 §2.1/);
    expect(invalidEncoding('5%2E5')).toBeUndefined();
    expect(invalidEncoding('5%')).toBeDefined();
  });

  it('shortens a very long segment in the message', () => {
    const f = judgeMalformed('0'.repeat(5000), answer(500))!;
    expect(f.message.length).toBeLessThan(300);
    expect(f.message).toContain('0…0 (5000 zeros, 5000 characters)');
  });
});
