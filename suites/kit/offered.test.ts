import { describe, expect, it } from 'vitest';
import { KEY_COOKIES, KEY_HEADERS, KEY_PARAMS } from '../auth/placements.ts';
import { authorizationForm, type KnownKeys, offeredBy, queryNames, roleOf } from './offered.ts';

const KEY = 'osk_live_4f7c2a9e1b3d5f60a8c4';
const given: KnownKeys = {
  key: ['$ORDER_STORE_API_KEY', KEY],
  second: ['$ORDER_STORE_SECOND_API_KEY'],
  known: true,
};
const unknown: KnownKeys = {
  key: ['$ORDER_STORE_API_KEY'],
  second: ['$ORDER_STORE_SECOND_API_KEY'],
  known: false,
};
const form = (line: string, keys = given) => authorizationForm([line], keys, (t) => `fp(${t.length})`);

describe('the credential a recorded request offered', () => {
  it('reads the bearer key in any case of the scheme, and tells the key from what only resembles it', () => {
    expect(form(`Bearer ${KEY}`)).toEqual({
      kind: 'bearer',
      role: 'key',
      schemeExact: true,
      fingerprint: 'fp(29)',
    });
    expect(form(`bearer ${KEY}`)).toMatchObject({ kind: 'bearer', role: 'key', schemeExact: false });
    // "Bearer" 1*SP b64token: more than one space is still the key, read as spaced (HTTP-BEARER-SPACING).
    expect(form(`Bearer  ${KEY}`)).toEqual({
      kind: 'bearer',
      role: 'key',
      schemeExact: true,
      fingerprint: 'fp(29)',
      spaced: true,
    });
    expect(form('Bearer  $ORDER_STORE_API_KEY')).toMatchObject({ role: 'key', spaced: true });
    expect(roleOf(KEY.slice(0, -1), given)).toBe('altered');
    expect(roleOf(KEY.toUpperCase(), given)).toBe('altered');
    expect(roleOf('osc_unknown_123456', given)).toBe('other');
    // With no key known, another token cannot be told from a second valid key.
    expect(roleOf('osc_unknown_123456', unknown)).toBe('unverified');
  });

  it("reads this suite's own redaction expressions as what they stand for", () => {
    expect(form('Bearer $ORDER_STORE_API_KEY')).toMatchObject({ role: 'key' });
    expect(form('Bearer $ORDER_STORE_SECOND_API_KEY')).toMatchObject({ role: 'second' });
    expect(form(`Bearer \${ORDER_STORE_API_KEY%?}`)).toMatchObject({ kind: 'bearer', role: 'altered' });
    expect(form(`Bearer $(printf '%s\\n' "$ORDER_STORE_API_KEY" | cut -c1-14)`)).toMatchObject({
      role: 'altered',
    });
    expect(form(`Bearer \${ORDER_STORE_API_KEY}4`)).toEqual({ kind: 'extra-text' });
    expect(form('Bearer x$ORDER_STORE_API_KEY')).toEqual({ kind: 'extra-text' });
  });

  it('names every other shape the spec refuses', () => {
    expect(form('Bearer')).toEqual({ kind: 'empty-bearer' });
    expect(form(`Bearer ${KEY} x`)).toEqual({ kind: 'extra-text' });
    expect(form(`Bearer${KEY}`)).toEqual({ kind: 'extra-text' });
    expect(form(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`)).toEqual({
      kind: 'other-scheme',
      scheme: 'Basic',
    });
    expect(form(KEY)).toEqual({ kind: 'bare' });
    expect(authorizationForm([`Bearer ${KEY}`, 'Bearer x'], given, () => '')).toEqual({
      kind: 'repeated',
      lines: 2,
    });
    expect(authorizationForm([], given, () => '')).toEqual({ kind: 'none' });
  });

  it('finds the key in the query, another header or a cookie by the names servers read it under', () => {
    // Every place the auth checks try the key in is one the judge recognises in a recording.
    const all = offeredBy(
      [
        ...KEY_HEADERS.map((h): [string, string] => [h.toLowerCase(), KEY]),
        ['cookie', KEY_COOKIES.map((c) => `${c}=${KEY}`).join('; ')],
      ],
      `https://h/v1/store/orders?${KEY_PARAMS.map((p) => `${p}=k`).join('&')}`,
      given,
      () => '',
    );
    expect(all.query).toEqual(KEY_PARAMS);
    expect(all.headers).toEqual(KEY_HEADERS.map((h) => h.toLowerCase()));
    expect(all.cookies).toEqual(KEY_COOKIES);
    const o = offeredBy(
      [
        ['x-api-key', KEY],
        ['cookie', `theme=dark; access_token=${KEY}`],
        ['accept', 'application/json'],
      ],
      'https://h/v1/store/orders?api_key=k&limit=2',
      given,
      () => '',
    );
    expect(o).toEqual({
      form: { kind: 'none' },
      query: ['api_key'],
      headers: ['x-api-key'],
      cookies: ['access_token'],
    });
    expect(queryNames('https://h/v1/x?a=1&b%5F=2#f')).toEqual(['a', 'b_']);
  });
});
