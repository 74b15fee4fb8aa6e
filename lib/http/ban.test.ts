// A ban is told from an ordinary 429 by what the target says (its Error) or by a wait far beyond the window.
import { describe, expect, it } from 'vitest';
import { banOf } from './ban.ts';

const NOW = 1_800_000_000_000;
const body = (code: string, message = 'slow down') => JSON.stringify({ code, message, status: 429 });

describe('banOf', () => {
  it('is undefined for any status but 429', () => {
    expect(banOf(401, {}, body('KEY_BANNED'), NOW, undefined)).toBeUndefined();
  });

  it('reads an Error code or message that names a ban, with Retry-After as its length', () => {
    expect(banOf(429, { 'retry-after': '60' }, body('KEY_BANNED'), NOW, NOW + 5000)).toMatchObject({
      seconds: 60,
      evidence: 'Error code "KEY_BANNED"',
    });
    expect(banOf(429, {}, body('TOO_MANY', 'This key is temporarily banned.'), NOW, undefined)).toMatchObject(
      { seconds: null, evidence: expect.stringMatching(/^Error message/) },
    );
  });

  it('treats an ordinary 429 whose Retry-After matches the window as no ban', () => {
    expect(banOf(429, { 'retry-after': '12' }, body('RATE_LIMITED'), NOW, NOW + 12_000)).toBeUndefined();
    expect(banOf(429, { 'retry-after': '60' }, 'not json', NOW, undefined)).toBeUndefined();
  });

  it('calls a Retry-After far beyond the announced window a ban', () => {
    const ban = banOf(429, { 'retry-after': '600' }, body('RATE_LIMITED'), NOW, NOW + 12_000);
    expect(ban?.seconds).toBe(600);
    expect(ban?.evidence).toMatch(/Retry-After 600 s, far beyond the window .* 12 s/);
  });
});
