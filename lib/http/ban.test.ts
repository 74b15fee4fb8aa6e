// A ban is told from an ordinary 429 by what the target says (its Error), or by a credential still refused
// once a long wait has passed; a Retry-After far beyond the window alone is a long wait, not a ban.
import { describe, expect, it } from 'vitest';
import { banOf, longWaitOf, refusedAfter } from './ban.ts';

const NOW = 1_800_000_000_000;
const body = (code: string, message = 'slow down') => JSON.stringify({ code, message, status: 429 });

describe('banOf', () => {
  it('is undefined for any status but 429', () => {
    expect(banOf(401, {}, body('KEY_BANNED'), NOW)).toBeUndefined();
  });

  it('reads an Error code or message that names a ban, with Retry-After as its length', () => {
    expect(banOf(429, { 'retry-after': '60' }, body('KEY_BANNED'), NOW)).toMatchObject({
      seconds: 60,
      evidence: 'Error code "KEY_BANNED"',
    });
    expect(banOf(429, {}, body('TOO_MANY', 'This key is temporarily banned.'), NOW)).toMatchObject({
      seconds: null,
      evidence: expect.stringMatching(/^Error message/),
    });
  });

  it('treats an ordinary 429 as no ban, however long its Retry-After', () => {
    expect(banOf(429, { 'retry-after': '12' }, body('RATE_LIMITED'), NOW)).toBeUndefined();
    expect(banOf(429, { 'retry-after': '600' }, body('RATE_LIMITED'), NOW)).toBeUndefined();
    expect(banOf(429, { 'retry-after': '60' }, 'not json', NOW)).toBeUndefined();
  });

  it('gives no absurd length: an unbounded Retry-After is null seconds', () => {
    expect(banOf(429, { 'retry-after': '9'.repeat(400) }, body('KEY_BANNED'), NOW)?.seconds).toBeNull();
  });
});

describe('longWaitOf and refusedAfter', () => {
  it('names a Retry-After far beyond the announced window a long wait, in numbers or "unbounded"', () => {
    expect(longWaitOf({ 'retry-after': '12' }, NOW, NOW + 12_000)).toBeUndefined();
    const wait = longWaitOf({ 'retry-after': '600' }, NOW, NOW + 12_000);
    expect(wait?.delayMs).toBe(600_000);
    expect(wait?.text).toMatch(/Retry-After 600 s, far beyond the window .* 12 s/);
    expect(longWaitOf({ 'retry-after': '9'.repeat(400) }, NOW, NOW + 12_000)?.text).toMatch(
      /Retry-After unbounded/,
    );
  });

  it('calls a credential refused once the long wait has passed a ban', () => {
    const wait = longWaitOf({ 'retry-after': '600' }, NOW, NOW + 12_000)!;
    expect(refusedAfter(wait, NOW + 601_000).evidence).toMatch(
      /still refused \(429\) once a Retry-After 600 s/,
    );
  });
});
