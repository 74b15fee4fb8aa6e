// Which answers a cache gave from its store: Age above 0 always; Age 0 only on a copy of an earlier answer
// (a front that passes every request on and adds Age: 0 to each must not leave the store and limiter unread).
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { storedAnswers } from './stored-answer.ts';

let seq = 0;
function list(headers: Record<string, string>): Exchange {
  seq += 1;
  return {
    seq,
    bucket: 'primary',
    startedAt: new Date(seq * 1000).toISOString(),
    durationMs: 1,
    request: { method: 'GET', url: 'http://127.0.0.1:9/v1/store/orders', headers: {} },
    response: { status: 200, headers, body: '[]', bodyBytes: 2, bodyTruncated: false },
  };
}

const fields = (remaining: number, age?: string) => ({
  'x-ratelimit-remaining': String(remaining),
  'x-ratelimit-reset': '1796630000',
  date: 'Mon, 07 Dec 2026 08:00:00 GMT',
  ...(age !== undefined ? { age } : {}),
});

describe('storedAnswers', () => {
  it('reads a run without Age as having no stored answer', () => {
    expect(storedAnswers([list(fields(59)), list(fields(58))]).size).toBe(0);
  });

  it('takes every answer with Age above 0 (or unreadable) for a stored one', () => {
    const xs = [list(fields(59)), list(fields(59, '3')), list(fields(57, 'soon'))];
    expect([...storedAnswers(xs)]).toEqual([xs[1], xs[2]]);
  });

  it('takes Age: 0 on answers made for their requests (each its own count) for none, as a passing front adds it', () => {
    const xs = [list(fields(59, '0')), list(fields(58, '0')), list(fields(57, '0'))];
    expect(storedAnswers(xs).size).toBe(0);
  });

  it('takes Age: 0 on a copy of an earlier answer (the same count, Reset and Date) for a stored one', () => {
    const xs = [list(fields(59)), list(fields(58, '0')), list(fields(59, '0'))];
    expect([...storedAnswers(xs)]).toEqual([xs[2]]);
  });

  it('takes an Age: 0 answer with neither a count nor a Date for no copy: nothing tells', () => {
    const bare = { age: '0' };
    expect(storedAnswers([list(bare), list(bare)]).size).toBe(0);
  });
});
