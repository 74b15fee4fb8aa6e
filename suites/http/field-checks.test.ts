// What shows HTTP-REQUIRED-FIELDS a server has a clock (so Date is required of it): a Date, or a Reset that
// names a Unix moment in either unit; a Reset counted as seconds from now shows none.
import { describe, expect, it } from 'vitest';
import { showsClock } from './field-checks.ts';

describe('showsClock', () => {
  it('reads a Date, or a Reset in Unix seconds or Unix milliseconds, as a clock', () => {
    expect(showsClock({ date: 'Mon, 07 Dec 2026 05:00:00 GMT' })).toBe(true);
    expect(showsClock({ 'x-ratelimit-reset': '1796619660' })).toBe(true);
    expect(showsClock({ 'x-ratelimit-reset': '1796619660000' })).toBe(true);
  });

  it('reads no clock in a Reset of seconds from now, or in no Reset at all', () => {
    expect(showsClock({ 'x-ratelimit-reset': '60' })).toBe(false);
    expect(showsClock({ 'x-ratelimit-limit': '60' })).toBe(false);
  });
});
