// The bans a run met, read per credential: the 429 naming one, the wait before it, and a recording as long as
// a day of traffic read in one pass (each credential's exchanges gathered, not copied once per exchange).
import { describe, expect, it } from 'vitest';
import { type Bucket, type Exchange, Transcript } from '../../../lib/http/transcript.ts';
import { bansOf } from './ban.ts';

const T0 = Date.UTC(2026, 10, 22, 10, 0, 0);

function add(t: Transcript, bucket: Bucket, atMs: number, status: number, body = '', retryAfter?: string) {
  return t.add({
    bucket,
    startedAt: new Date(atMs).toISOString(),
    durationMs: 5,
    request: { method: 'GET', url: 'https://api.example.com/v1/store/orders', headers: {} },
    response: {
      status,
      headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
      body,
      bodyBytes: body.length,
      bodyTruncated: false,
    },
  });
}

const BAN = JSON.stringify({ code: 'key_banned', message: 'the key is banned', status: 429 });

describe('bansOf', () => {
  it('finds the ban of a client that waited its Retry-After, and of one that did not, per credential', () => {
    const t = new Transcript();
    add(t, 'primary', T0, 200);
    const refusal = add(t, 'primary', T0 + 1000, 429, '', '2');
    const ban = add(t, 'primary', T0 + 4000, 429, BAN);
    add(t, 'secondary', T0, 429, '', '10');
    const early = add(t, 'secondary', T0 + 1000, 200);
    add(t, 'secondary', T0 + 2000, 429, BAN);
    const found = bansOf(t.all());
    expect(found.map((b) => b.bucket)).toEqual(['primary', 'secondary']);
    expect(found[0]).toMatchObject({ ban, before: { refusal, retryAfterMs: 2000 } });
    expect(found[0]!.early).toBeUndefined();
    expect(found[1]!.early).toBe(early);
  });

  it('reads a long recording with a ban at its end', () => {
    const t = new Transcript();
    const n = 200_000;
    for (let i = 0; i < n; i++) add(t, 'primary', T0 + i * 10, 200);
    const last: Exchange = add(t, 'primary', T0 + n * 10, 429, BAN);
    const found = bansOf(t.all());
    expect(found).toHaveLength(1);
    expect(found[0]!.ban).toBe(last);
  });
});
