// The proofs of the variants in how HTTP carries the answers.
// Test support: each probe is the smallest exchange that tells the variant from the default server.
import { del } from '../support/probes.ts';
import { call, rawExchange } from '../support/reference-calls.ts';
import { PLAIN, PROBE, type VariantProofs } from './proof.ts';

/** HTTP-HEAD-CONTENT-LENGTH's skip where no HEAD with the key is answered (refused as a method). */
const HEAD_NONE_ANSWERED = /^no HEAD with the key was answered \(other than a method refusal or a 429\)/;

export const HTTP_VARIANTS = {
  'write-length-required': {
    // undici names a length (0) on every write without a body: only a raw request shows the variant.
    probe: async (s) =>
      (
        await rawExchange(
          s,
          `POST /v1/store/orders HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.demoKey}\r\nConnection: close\r\n\r\n`,
        )
      ).split('\r\n')[0],
    standard: 'HTTP/1.1 405 Method Not Allowed',
    variant: 'HTTP/1.1 411 Length Required',
    // The request surface sends a POST of the list with no Content-Length in every run: the stack's 411 is left
    // out of the API's invariants, as a front's refusal before routing.
    runs: [{ ...PLAIN }],
  },
  'more-response-fields': {
    probe: async (s) => {
      const a = await call(s, '/store/orders');
      return [
        a.headers['cache-control'],
        a.headers.vary,
        a.headers['content-type'],
        (await call(s, '/pets/101')).headers.link?.split(', <').length,
      ];
    },
    standard: [undefined, undefined, 'application/json', 1],
    variant: ['no-store, private', 'Accept, Authorization', 'application/json; charset="utf-8"', 2],
    runs: [{ ...PLAIN }],
  },
  'list-etag-weak': {
    // The list's weak tag, asked again after a cancel that keeps the order listed: the count is the same.
    probe: async (s) => {
      const tag = (await call(s, '/store/orders')).headers.etag;
      await call(s, `/store/orders/${s.fixtures.pending[0]}`, del);
      return tag ? (await call(s, '/store/orders', { headers: { 'if-none-match': tag } })).status : 'no ETag';
    },
    standard: 'no ETag',
    variant: 304,
    // The list's bytes do not change with a cancel here: the 304 is due (with order-extra-fields they do, and
    // HTTP-CONDITIONAL-WEAK-INFO records it: test/variants/index.ts).
    runs: [
      {
        ...PLAIN,
        records: {
          'HTTP-CONDITIONAL-WEAK-INFO': /^no 304 to a weak list ETag after the list changed .*: 304/,
        },
      },
    ],
  },
  'front-request-line-limit': {
    probe: async (s) => {
      const a = await call(s, `/store/orders/${'9'.repeat(5000)}`, del);
      return [a.status, a.headers['content-type'], a.headers.date === undefined];
    },
    standard: [400, 'application/json', false],
    variant: [400, 'text/html', true],
    runs: [
      // No request of a default run is past 4 KB: nothing reaches the front's limit.
      { ...PLAIN },
      // The length case, sent with --exhaustive only, is refused by the front: only its status is judged.
      {
        args: [
          '--exhaustive',
          '--only',
          'ID-,ERR-,RL-HEADERS-,HTTP-,EVERY-',
          '--skip-rate-limit-probe',
          '--property-runs',
          '2',
          '--max-requests',
          '900',
        ],
        reference: {},
        records: {
          'ID-MALFORMED-STATUS-INFO':
            /the over-long case got 400 without rate-limit fields and with a body that is no JSON to a \d+-byte request line/,
        },
        skips: {
          'RL-HEADERS-RETRY-AFTER-VALID': /no response of the run carried Retry-After/,
          'RL-HEADERS-NO-UNEARNED-BAN': /no response of the run was a 429/,
        },
      },
    ],
  },
  'front-path-bytes': {
    probe: async (s) => {
      const nul = await call(s, '/store/orders/7%00', del);
      const ff = await call(s, '/store/orders/%FF', del);
      return [
        nul.status,
        nul.headers['content-type'],
        ff.status,
        ff.headers['x-ratelimit-limit'] === undefined,
      ];
    },
    standard: [400, 'application/json', 400, false],
    variant: [400, 'text/html;charset=utf-8', 400, true],
    // The run's malformed-id cases send %00 and %FF: the connector's 400s are judged by their status alone and
    // left out of every requirement of the API's own answers (rate-limit fields, Error bodies).
    runs: [{ ...PLAIN }],
  },
  'front-path-nul-404': {
    probe: async (s) => {
      const nul = await call(s, '/store/orders/7%00', del);
      const ff = await call(s, '/store/orders/%FF', del);
      return [
        nul.status,
        nul.headers['content-type'],
        nul.headers['x-ratelimit-limit'] === undefined,
        ff.status,
      ];
    },
    standard: [400, 'application/json', false, 400],
    variant: [404, 'text/html; charset=iso-8859-1', true, 400],
    // Issue 37: Apache's 404 to %00 counted as ID-MALFORMED-4XX's and ERR-BODY-SCHEMA's failure where Jetty's
    // 400 to the same path was left out. Both are the front's refusal before routing: judged by status alone.
    runs: [{ ...PLAIN }],
  },
  'front-encoded-slash': {
    probe: async (s) => {
      const slash = await call(s, '/store%2Forders');
      return [slash.status, slash.headers['content-type'], slash.headers['x-ratelimit-limit'] === undefined];
    },
    standard: [404, 'application/json', false],
    variant: [400, 'text/html;charset=utf-8', true],
    // Round 12: Tomcat's 400 to the path spelling /store%2Forders failed ERR-BODY-SCHEMA and RL-HEADERS-PRESENT.
    // The connector's refusal of a path that names no operation is left out of the API's own requirements.
    runs: [
      {
        ...PLAIN,
        records: { 'ERR-BODY-SCHEMA': /encoded slash \(%2F\): the HTTP front refused it before routing/ },
      },
    ],
  },
  'connection-close': {
    probe: async (s) => (await call(s, '/store/orders')).headers.connection,
    standard: 'keep-alive',
    variant: 'close',
    runs: [{ ...PLAIN }],
  },
  'chunked-list': {
    probe: async (s) => {
      const a = await call(s, '/store/orders');
      return [a.headers['transfer-encoding'], a.headers['content-length'] !== undefined];
    },
    standard: [undefined, true],
    variant: ['chunked', false],
    // Its HEAD carries no Content-Length either, which RFC 9110 §8.6 allows.
    runs: [
      {
        ...PLAIN,
        records: {
          'HTTP-HEAD-CONTENT-LENGTH': /^0 HEADs with Content-Length.*; \d+ HEADs with no Content-Length/,
        },
      },
    ],
  },
  'header-case': {
    probe: async (s) => {
      const raw = await rawExchange(
        s,
        'GET /v1/store/orders HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      return raw.match(/^(x-ratelimit-\w+|www-authenticate|content-type):/gim);
    },
    standard: [
      'X-RateLimit-Limit:',
      'X-RateLimit-Remaining:',
      'X-RateLimit-Reset:',
      'WWW-Authenticate:',
      'Content-Type:',
    ],
    variant: [
      'x-ratelimit-limit:',
      'X-RATELIMIT-REMAINING:',
      'x-ratelimit-reset:',
      'www-authenticate:',
      'content-type:',
    ],
    runs: [{ ...PROBE(5, 2) }],
  },
  'json-charset': {
    probe: async (s) => [
      (await call(s, '/store/orders')).headers['content-type'],
      (await call(s, '/store/orders/5', del)).headers['content-type'],
    ],
    standard: ['application/json', 'application/json'],
    variant: ['application/json; charset=utf-8', 'application/json; charset=utf-8'],
    runs: [{ ...PLAIN, records: { 'CANCEL-REPEAT-INFO': /application\/json; charset=utf-8/ } }],
  },
  'head-not-routed': {
    probe: async (s) => [
      (await call(s, '/store/orders', { method: 'HEAD', key: null })).status,
      (await call(s, '/store/orders', { method: 'HEAD' })).status,
    ],
    standard: [401, 200],
    variant: [405, 405],
    // The keyless and wrong-key HEADs the auth checks send are refused as a method: recorded, not judged; no
    // HEAD is answered for HTTP-HEAD-AS-GET to compare with its GET, whose skip points at the record.
    runs: [
      {
        ...PLAIN,
        skips: {
          'HTTP-HEAD-AS-GET': /no HEAD with the key was answered.*HTTP-HEAD-REFUSED-INFO records/,
          'HTTP-HEAD-CONTENT-LENGTH': HEAD_NONE_ANSWERED,
        },
        records: {
          'HTTP-HEAD-REFUSED-INFO':
            /^HEAD refused as a method where GET of the same target was answered: #\d+ HEAD \/v1\/store\/orders → 405 \(Allow: GET\).*RFC 9110 §9\.1.*recorded, not judged/,
        },
      },
    ],
  },
} satisfies VariantProofs<'http'>;
