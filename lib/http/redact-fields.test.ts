// Header fields redacted in one look give what redacting each field gives, with a secret in any field or in
// none, in a list of values or a single one, and drop absent fields as redactHeaders does.
import { describe, expect, it } from 'vitest';
import { keyRedactor } from './redact.ts';
import { redactFields } from './redact-fields.ts';

const KEY = 'osk_test_9f8e7d6c5b4a3210';

describe('redactFields', () => {
  const r = keyRedactor(KEY);
  const cases: Array<Record<string, string | string[] | undefined>> = [
    { accept: 'application/json', authorization: `Bearer ${KEY}` },
    { 'x-ratelimit-remaining': '59', date: 'Sat, 28 Nov 2026 08:00:00 GMT', gone: undefined },
    { 'set-cookie': ['a=1', `k=${KEY.toUpperCase()}`], link: '</v1/store/orders?page=2>' },
    { location: `/v1/x?key=${encodeURIComponent(KEY).replace(/_/g, '%5F')}`, other: 'plain' },
    { 'www-authenticate': `Basic ${Buffer.from(`${KEY}:`).toString('base64')}` },
  ];
  it.each(cases)('gives what redactHeaders gives: %o', (headers) => {
    expect(redactFields(r, headers)).toEqual(r.redactHeaders(headers));
    expect(JSON.stringify(redactFields(r, headers))).not.toContain(KEY);
  });

  it('copies the fields it leaves alone (the record is never the response itself)', () => {
    const list = ['a', 'b'];
    const headers = { vary: list };
    const out = redactFields(r, headers);
    expect(out).toEqual(headers);
    expect(out.vary).not.toBe(list);
  });
});
