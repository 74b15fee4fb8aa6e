// Unit tests of Authorization parsing (RFC 9110 §11.4, §11.1; RFC 6750 §2.1) and the 401 challenge (RFC 6750 §3).

import { describe, expect, it } from 'vitest';
import { bearerChallenge, parseAuthorization } from './auth.ts';

describe('parseAuthorization', () => {
  it.each([
    [undefined, { kind: 'none' }],
    [[], { kind: 'none' }],
    [[''], { kind: 'none' }],
    [['Bearer abc'], { kind: 'bearer', token: 'abc' }],
    [['bearer abc'], { kind: 'bearer', token: 'abc' }],
    [['BEARER abc'], { kind: 'bearer', token: 'abc' }],
    [['Bearer   abc'], { kind: 'bearer', token: 'abc' }],
    [['Bearer a-b.c_d~e+f/g=='], { kind: 'bearer', token: 'a-b.c_d~e+f/g==' }],
    [['Bearer'], { kind: 'malformed', tokenGiven: false }],
    [['Bearer a b'], { kind: 'malformed', tokenGiven: true }],
    [['Bearer a,b'], { kind: 'malformed', tokenGiven: true }],
    [['Bearer =abc'], { kind: 'malformed', tokenGiven: true }],
    [['Bearer\tabc'], { kind: 'other-scheme' }],
    [['Basic YWxhZGRpbjpvcGVuc2VzYW1l'], { kind: 'other-scheme' }],
    [['Token abc'], { kind: 'other-scheme' }],
    [['abc'], { kind: 'other-scheme' }],
    [['Bearer abc', 'Bearer abc'], { kind: 'malformed', tokenGiven: true }],
  ])('%j reads as %j', (values, expected) => {
    expect(parseAuthorization(values)).toEqual(expected);
  });

  it('with schemeCaseSensitive (a fault) only "Bearer" counts', () => {
    expect(parseAuthorization(['bearer abc'], { schemeCaseSensitive: true })).toEqual({
      kind: 'other-scheme',
    });
    expect(parseAuthorization(['Bearer abc'], { schemeCaseSensitive: true })).toEqual({
      kind: 'bearer',
      token: 'abc',
    });
  });

  it('takes one or more spaces after the scheme; with oneSpace (a fault) only one', () => {
    expect(parseAuthorization(['Bearer  abc'])).toEqual({ kind: 'bearer', token: 'abc' });
    expect(parseAuthorization(['Bearer  abc'], { oneSpace: true })).toEqual({
      kind: 'malformed',
      tokenGiven: true,
    });
    expect(parseAuthorization(['Bearer abc'], { oneSpace: true })).toEqual({ kind: 'bearer', token: 'abc' });
    expect(parseAuthorization(['Bearer'], { oneSpace: true })).toEqual({
      kind: 'malformed',
      tokenGiven: false,
    });
  });
});

describe('bearerChallenge', () => {
  it('names the realm and adds error="invalid_token" only when a token was offered', () => {
    expect(bearerChallenge({ kind: 'none' }, 'r')).toBe('Bearer realm="r"');
    expect(bearerChallenge({ kind: 'other-scheme' }, 'r')).toBe('Bearer realm="r"');
    expect(bearerChallenge({ kind: 'malformed', tokenGiven: false }, 'r')).toBe('Bearer realm="r"');
    expect(bearerChallenge({ kind: 'malformed', tokenGiven: true }, 'r')).toBe(
      'Bearer realm="r", error="invalid_token"',
    );
    expect(bearerChallenge({ kind: 'bearer', token: 'x' }, 'r')).toBe(
      'Bearer realm="r", error="invalid_token"',
    );
  });
});
