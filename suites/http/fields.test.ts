// The field grammars against what real stacks send (Express, FastAPI, Go, nginx, gunicorn, Puma) and against
// the mistakes the issue names: valid values pass, each broken one says what is wrong.
import { describe, expect, it } from 'vitest';
import { FIELD_GRAMMARS } from './fields.ts';

const wrong = (name: string, value: string) => FIELD_GRAMMARS.find((g) => g.name === name)!.wrong(value);

describe('field grammars', () => {
  it('take what real stacks send', () => {
    const valid: Array<[string, string]> = [
      ['Date', 'Sat, 28 Nov 2026 08:20:21 GMT'],
      ['Content-Type', 'application/json'],
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Type', 'application/json;charset=UTF-8'],
      ['Content-Type', 'application/json; charset="utf-8"'],
      ['Content-Type', 'application/problem+json'],
      ['Content-Type', 'text/html'],
      ['Content-Length', '0'],
      ['Content-Length', '809'],
      ['Transfer-Encoding', 'chunked'],
      ['Transfer-Encoding', 'gzip, chunked'],
      ['WWW-Authenticate', 'Bearer'],
      ['WWW-Authenticate', 'Bearer realm="order-store"'],
      [
        'WWW-Authenticate',
        'Bearer realm="order-store", error="invalid_token", error_description="The token is bad"',
      ],
      ['WWW-Authenticate', 'bearer realm=order-store'],
      ['WWW-Authenticate', 'Basic realm="x", Bearer realm="y"'],
      ['WWW-Authenticate', 'Newauth realm="apps", type=1, title="Login to \\"apps\\"", Basic realm="simple"'],
      ['WWW-Authenticate', 'Negotiate YIIB9gYJKoZIhvcSAQICAQBuggHlMIIB4aADAgEFoQMCAQ6iBwMFACAAAACj=='],
      ['Cache-Control', 'no-store'],
      ['Cache-Control', 'no-store, private'],
      ['Cache-Control', 'public, max-age=31536000, immutable'],
      ['Cache-Control', 'private="Set-Cookie", no-cache'],
      ['Allow', 'GET, DELETE'],
      ['Allow', ''],
      ['Vary', '*'],
      ['Vary', 'Accept, Authorization'],
      ['Link', '<https://example.invalid/docs/deprecations#pets>; rel="sunset"'],
      ['Link', '<https://a.invalid/x>; rel="sunset", </y>; rel="deprecation"; type="text/html"'],
      ['Link', '<https://a.invalid/x>;rel=sunset'],
      ['Last-Modified', 'Wed, 30 Jun 2027 23:59:59 GMT'],
      ['Expires', 'Wed, 30 Jun 2027 23:59:59 GMT'],
      ['ETag', 'W/"329"'],
      ['ETag', '"abc"'],
    ];
    expect(valid.length).toBeGreaterThan(10);
    for (const [name, value] of valid) expect(wrong(name, value), `${name}: ${value}`).toBeUndefined();
  });

  it('say what is wrong with what the grammar does not take', () => {
    const broken: Array<[string, string, RegExp]> = [
      ['Date', '2026-11-28T08:20:21.000Z', /is no HTTP-date/],
      ['Date', 'Saturday, 28-Nov-26 08:20:21 GMT', /obsolete rfc850-date form/],
      ['Date', 'Sat, 28 Nov 2026 08:20:21 UTC', /is no HTTP-date/],
      ['Last-Modified', 'Sat Nov 28 08:20:21 2026', /obsolete asctime-date form/],
      ['Expires', 'Sun Dec  6 02:21:48 2026', /obsolete asctime-date form/],
      ['Expires', '0', /is no HTTP-date/],
      ['Content-Type', 'application/json, charset=utf-8', /is no media-type/],
      ['Content-Type', 'json', /is no media-type/],
      ['Content-Type', 'application/json; charset', /is no media-type/],
      ['Content-Length', '-1', /not 1\*DIGIT/],
      ['Transfer-Encoding', 'chunked,', /empty list element/],
      ['WWW-Authenticate', 'realm="x"', /neither a challenge/],
      ['WWW-Authenticate', '', /empty value/],
      ['Cache-Control', 'max-age=abc def', /no cache-directive/],
      ['Cache-Control', 'no-cache,, max-age=0', /empty list element/],
      ['Vary', 'Accept Authorization', /no field-name/],
      ['Link', 'https://example.invalid/docs; rel="sunset"', /no link-value/],
      ['ETag', 'abc', /no entity-tag/],
    ];
    for (const [name, value, re] of broken) expect(wrong(name, value), `${name}: ${value}`).toMatch(re);
    // Optional whitespace around a field value is not part of it (RFC 9110 §5.5).
    expect(wrong('Content-Length', '12 ')).toBeUndefined();
  });
});
