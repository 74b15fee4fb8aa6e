// What counts as a front's refusal before routing: only of a request the suite made over-long or unusual on
// purpose, only with a 400, 414 or 431 (or a 404 to a path's bytes), and only without what the application
// would have said (rate-limit fields, a JSON body). Anything else stays the application's answer, judged in full.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../lib/http/transcript.ts';
import { frontMayRefuse, frontRefusal, overLong, requestSize } from './front-refusal.ts';

function exchange(
  path: string,
  status: number,
  headers: Record<string, string>,
  requestHeaders: Record<string, string | string[]> = { authorization: 'Bearer $ORDER_STORE_API_KEY' },
): Exchange {
  return {
    seq: 1,
    bucket: 'primary',
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    request: { method: 'DELETE', url: `http://127.0.0.1:9/v1${path}`, headers: requestHeaders },
    response: { status, headers, body: '<html>', bodyBytes: 6, bodyTruncated: false },
  };
}

const HTML = { 'content-type': 'text/html' };
const API = { 'content-type': 'application/json', 'x-ratelimit-remaining': '5' };
const LONG = `/store/orders/${'9'.repeat(6000)}`;

describe('front refusals', () => {
  it("takes a bare 411 to a write sent with no Content-Length for the front's, and nothing else", () => {
    const write = (status: number, headers: Record<string, string>, omitted = true): Exchange => ({
      ...exchange('/store/orders', status, headers),
      request: { method: 'POST', url: 'http://127.0.0.1:9/v1/store/orders', headers: {} },
      ...(omitted ? { lengthOmitted: true as const } : {}),
    });
    expect(frontRefusal(write(411, HTML))).toMatch(
      /^411 without rate-limit fields .* a POST with no Content-Length/,
    );
    // Another status, a length sent, or the application's own answer: judged in full.
    expect(frontRefusal(write(405, HTML))).toBeUndefined();
    expect(frontRefusal(write(411, HTML, false))).toBeUndefined();
    expect(frontRefusal(write(411, API))).toBeUndefined();
  });

  it('takes a bare refusal of a GET with content, and of the request read from it, for the front’s', () => {
    const get = (
      status: number,
      headers: Record<string, string>,
      length?: string,
      checkId?: string,
    ): Exchange => ({
      ...exchange('/store/orders', status, headers),
      request: {
        method: 'GET',
        url: 'http://127.0.0.1:9/v1/store/orders',
        headers: length ? { 'content-length': length } : ({} as Record<string, string>),
      },
      ...(checkId ? { checkId } : {}),
    });
    expect(frontRefusal(get(413, HTML, '2'))).toMatch(/^413 without rate-limit fields .* a GET with content/);
    expect(frontRefusal(get(400, HTML, undefined, 'HTTP-REQUEST-BODY-FRAMING'))).toMatch(
      /the request after a GET with content on one connection/,
    );
    // No content, another check's GET, another status, or the application's own answer: judged in full.
    expect(frontRefusal(get(400, HTML))).toBeUndefined();
    expect(frontRefusal(get(400, HTML, undefined, 'LIST-STATUS-200'))).toBeUndefined();
    expect(frontRefusal(get(404, HTML, '2'))).toBeUndefined();
    expect(frontRefusal(get(413, API, '2'))).toBeUndefined();
  });

  it('measures the request line as sent, and names what is over-long', () => {
    const x = exchange(LONG, 400, HTML);
    expect(requestSize(x).line).toBe(`DELETE /v1${LONG} HTTP/1.1`.length);
    expect(overLong(x)).toMatch(/6033-byte request line/);
    expect(overLong(exchange('/store/orders/7', 400, HTML))).toBeUndefined();
  });

  it("takes a bare or non-JSON 400, 414 or 431 to an over-long request for the front's", () => {
    expect(frontRefusal(exchange(LONG, 400, HTML))).toMatch(/HTTP front refused it before routing/);
    expect(frontRefusal(exchange(LONG, 414, {}))).toMatch(/^414 without rate-limit fields/);
    expect(frontRefusal(exchange(LONG, 431, { 'content-type': 'application/json' }))).toMatch(/^431/);
  });

  it('takes nginx refusing two Authorization lines or a NUL byte in the path for the front too', () => {
    const two = exchange('/store/orders', 400, HTML, { authorization: ['Bearer a', 'Bearer b'] });
    expect(frontMayRefuse(two)).toMatch(/two Authorization lines/);
    expect(frontRefusal(two)).toBeDefined();
    expect(frontRefusal(exchange('/store/orders/7%00', 400, HTML))).toMatch(/NUL byte/);
  });

  it('takes lighttpd refusing a path holding a control byte or bytes that are no UTF-8 for the front too', () => {
    for (const path of [
      '/store/orders/7%0A',
      '/store/orders/%097',
      '/store/orders/%0D%0A7',
      '/store/orders/7%7F',
    ])
      expect(frontRefusal(exchange(path, 400, HTML)), path).toMatch(/control byte/);
    for (const path of ['/store/orders/7%FF', '/store/orders/%C0%B07', '/store/orders/%FF7'])
      expect(frontRefusal(exchange(path, 400, HTML)), path).toMatch(/no UTF-8/);
    // UTF-8 however encoded, or an invalid escape (the request is then invalid HTTP, judged elsewhere).
    for (const path of [
      '/store/orders/7%E3%80%80',
      '/store/orders/%D9%A7',
      '/store/orders/7%zz',
      '/store/orders/7%25',
    ])
      expect(frontMayRefuse(exchange(path, 400, HTML)), path).toBeUndefined();
    expect(frontRefusal(exchange('/store/orders/7%FF', 400, API))).toBeUndefined();
  });

  it("takes Apache's 404 to a path's bytes for the front's, as a 400 to the same path is (issue 37)", () => {
    // Jetty's 400 to %00 was left out while Apache's HTML 404 to it counted as a failure: the same refusal.
    expect(frontRefusal(exchange('/store/orders/7%00', 404, HTML))).toMatch(
      /^404 without rate-limit fields and with a body that is no JSON to a path holding a NUL byte \(%00\): the HTTP front refused it before routing/,
    );
    expect(frontRefusal(exchange('/store/orders/7%FF', 404, HTML))).toMatch(/no UTF-8/);
    // A 404 to an ordinary id, or to an over-long request, or the API's own 404: the application's answer.
    expect(frontRefusal(exchange('/store/orders/7', 404, HTML))).toBeUndefined();
    expect(frontRefusal(exchange(LONG, 404, HTML))).toBeUndefined();
    expect(frontRefusal(exchange('/store/orders/7%00', 404, API))).toBeUndefined();
  });

  it("takes Tomcat's 400 and Apache's 404 to an encoded slash for the front's, in a front's shape only", () => {
    // Round 12: Tomcat 10.1 refused /store%2Forders with its HTML 400, Apache with its HTML 404, before the app.
    const slash = '/store%2Forders';
    expect(frontRefusal(exchange(slash, 400, HTML))).toMatch(
      /^400 without rate-limit fields and with a body that is no JSON to a path holding an encoded slash \(%2F\): the HTTP front refused it before routing/,
    );
    expect(frontRefusal(exchange('/store%2forders/7', 404, HTML))).toMatch(/encoded slash/);
    for (const [path, why] of [
      ['/store/%2e/orders', /dot segment spelled %2E/],
      ['/store/x/%2E%2E/orders', /dot segment spelled %2E/],
      ['/store/orders/7%25', /encoded percent sign/],
      ['/store%5Corders', /encoded backslash/],
      ['/store//orders', /empty segment/],
    ] as const)
      expect(frontRefusal(exchange(path, 400, HTML)), path).toMatch(why);
    // The application's answers: an Error body, a limiter that counted it, an empty body, another status.
    const bare = { 'content-type': 'application/json' };
    expect(frontRefusal(exchange(slash, 404, bare))).toBeUndefined();
    expect(frontRefusal(exchange(slash, 404, { ...HTML, 'x-ratelimit-remaining': '5' }))).toBeUndefined();
    expect(
      frontRefusal({
        ...exchange(slash, 400, HTML),
        response: { ...exchange(slash, 400, HTML).response!, body: '', bodyBytes: 0 },
      }),
    ).toBeUndefined();
    for (const status of [200, 401, 403, 405, 500])
      expect(frontRefusal(exchange(slash, status, HTML)), String(status)).toBeUndefined();
    // An ordinary path, or a dot that is no segment of its own (7%2E5 is an id): the application's.
    expect(frontRefusal(exchange('/store/orders/7%2E5', 400, HTML))).toBeUndefined();
    expect(frontRefusal(exchange('/store/orders/7', 400, HTML))).toBeUndefined();
  });

  it("leaves everything else the application's: a normal request, another status, or the API's own answer", () => {
    expect(frontRefusal(exchange('/store/orders/abc', 400, HTML))).toBeUndefined();
    expect(frontRefusal(exchange(LONG, 500, HTML))).toBeUndefined();
    expect(frontRefusal(exchange(LONG, 200, HTML))).toBeUndefined();
    expect(frontRefusal(exchange(LONG, 400, API))).toBeUndefined();
  });
});
