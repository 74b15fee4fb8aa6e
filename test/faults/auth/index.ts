// The proofs of the faults in authentication (spec §5, RFC 9110 §11, RFC 6750).
// Test support: each probe is the smallest exchange that tells the fault from the faithful server.

import { call, rawExchange } from '../../support/reference-calls.ts';
import { type FaultProofs, NO_PROBE } from '../proof.ts';
import { BEFORE_AUTH_FAULTS } from './before-auth.ts';
import { PATH_BYPASS_FAULTS } from './path-bypass.ts';
import { SCHEME_FAULTS } from './scheme.ts';

export const AUTH_FAULTS = {
  'auth-any-token': {
    masking: {
      removes: ['spare-fixture'],
      hides: {
        'auth-scheme-case-sensitive': 'accepting any token also accepts "bearer <key>"... as the demo key',
        'ratelimit-bucket-per-route':
          "the first counts every other token's request as the key's, requests the run cannot tell apart from other traffic on the key: too few steps are left across the three routes to show their counts apart",
      },
    },
    probe: async (s) => (await call(s, '/store/orders', { key: 'anything-at-all' })).status,
    faithful: 401,
    faulty: 200,
    caught: [{ fails: ['AUTH-UNKNOWN-KEY-401'], args: NO_PROBE, exit: 1 }],
  },
  'auth-list-front-cache': {
    // The front answers a fresh stored list (a 200) to any GET of its URI, whatever the Accept, key or
    // If-None-Match: the app behind it never sees those requests.
    masking: {
      reads: ['list-200'],
      removes: ['list-by-accept'],
      hides: {
        'auth-scheme-case-sensitive':
          'the only request with the scheme in another case is a list (AUTH-SCHEME-CASE-INSENSITIVE), sent right after a keyed list, so the front answers it from its store whatever the scheme',
        'auth-bearer-one-space':
          'the only request with two spaces after "Bearer" is a list (HTTP-BEARER-SPACING), which the front answers from its store whatever the credential',
        'http-304-stale-etag':
          "the conditional list comes right after a keyed one: the front answers it from its store, so the app's comparison with the stale first tag never runs (a front that judged If-None-Match itself would match the stored answer's current tag: no 304 either)",
      },
    },
    // A keyed list, then the list with no key and with an unknown one, while the front's copy is fresh.
    probe: async (s) => [
      (await call(s, '/store/orders')).status,
      (await call(s, '/store/orders', { key: null })).status,
      (await call(s, '/store/orders', { key: 'osc_unknown' })).status,
    ],
    faithful: [200, 401, 401],
    faulty: [200, 200, 200],
    // Each check sends its list right after a keyed list of the same URL and Accept.
    caught: [{ fails: ['AUTH-MISSING-401', 'AUTH-UNKNOWN-KEY-401'], args: NO_PROBE, exit: 1 }],
  },
  'auth-query-key': {
    probe: async (s) => (await call(s, `/store/orders?api_key=${s.demoKey}`, { key: null })).status,
    faithful: 401,
    faulty: 200,
    caught: [{ fails: ['AUTH-QUERY-KEY-401'], args: NO_PROBE, exit: 1 }],
  },
  ...BEFORE_AUTH_FAULTS,
  'auth-no-www-authenticate': {
    masking: { removes: ['challenge'] },
    probe: async (s) => {
      const a = await call(s, '/store/orders', { key: null });
      return [a.status, a.headers['www-authenticate']];
    },
    faithful: [401, 'Bearer realm="order-store"'],
    faulty: [401, undefined],
    caught: [{ fails: ['AUTH-WWW-AUTHENTICATE'], args: NO_PROBE, exit: 1 }],
  },
  ...SCHEME_FAULTS,
  'auth-key-prefix-match': {
    probe: async (s) =>
      Promise.all(
        [`Bearer ${s.demoKey}x`, `Bearer ${s.demoKey}=`, `Bearer x${s.demoKey}`].map(
          async (authorization) =>
            (await call(s, '/store/orders', { key: null, headers: { authorization } })).status,
        ),
      ),
    faithful: [401, 401, 401],
    faulty: [200, 200, 401],
    caught: [
      {
        fails: ['AUTH-KEY-EXTRA-TEXT-401'],
        // The line let in and the reading that took it for the key, on the connection the key went on before:
        // a prefix compare, never a connection cache (nothing in the run shows one).
        says: {
          'AUTH-KEY-EXTRA-TEXT-401':
            /^(?![\s\S]*by what the connection carried)[\s\S]*sent as "Bearer <key>[^ "][^"]*": a prefix of the token matched/,
        },
        args: NO_PROBE,
        exit: 1,
      },
    ],
    onlyBy: ['AUTH-KEY-EXTRA-TEXT-401'],
  },
  'auth-key-case-insensitive': {
    probe: async (s) =>
      (
        await call(s, '/store/orders', {
          key: s.demoKey.toUpperCase() === s.demoKey ? s.demoKey.toLowerCase() : s.demoKey.toUpperCase(),
        })
      ).status,
    faithful: 401,
    faulty: 200,
    caught: [{ fails: ['AUTH-KEY-ALTERED-401'], args: NO_PROBE, exit: 1 }],
  },
  'auth-key-case-connection-cache': {
    probe: async (s) => {
      const flipped =
        s.demoKey.toUpperCase() === s.demoKey ? s.demoKey.toLowerCase() : s.demoKey.toUpperCase();
      const path = `${new URL(s.baseUrl).pathname}/store/orders`;
      const get = (key: string, close: boolean) =>
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n${close ? 'Connection: close\r\n' : ''}\r\n`;
      // The altered key alone on a fresh connection, then after the key on one kept-alive connection.
      const alone = (await call(s, '/store/orders', { key: flipped, localAddress: '127.0.0.1' })).status;
      const both = await rawExchange(s, get(s.demoKey, false) + get(flipped, true));
      return [alone, [...both.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]))];
    },
    faithful: [401, [200, 401]],
    faulty: [401, [200, 200]],
    // The run's altered keys go on the connection its earlier requests with the key kept open.
    caught: [{ fails: ['AUTH-KEY-ALTERED-401'], args: NO_PROBE, exit: 1 }],
  },
  'auth-empty-bearer-accepted': {
    probe: async (s) =>
      (await call(s, '/store/orders', { key: null, headers: { authorization: 'Bearer' } })).status,
    faithful: 401,
    faulty: 200,
    caught: [{ fails: ['AUTH-EMPTY-BEARER-401'], args: NO_PROBE, exit: 1 }],
  },
  'auth-challenge-basic': {
    masking: { bends: ['challenge'] },
    probe: async (s) => (await call(s, '/store/orders', { key: null })).headers['www-authenticate'],
    faithful: 'Bearer realm="order-store"',
    faulty: 'Basic realm="order-store"',
    caught: [{ fails: ['AUTH-CHALLENGE-BEARER'], args: NO_PROBE, exit: 1 }],
  },
  'auth-key-header-accepted': {
    probe: async (s) =>
      (await call(s, '/store/orders', { key: null, headers: { 'x-api-key': s.demoKey } })).status,
    faithful: 401,
    faulty: 200,
    caught: [{ fails: ['AUTH-KEY-HEADER-401'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['AUTH-KEY-HEADER-401'],
  },
  'auth-key-cookie-accepted': {
    probe: async (s) =>
      (await call(s, '/store/orders', { key: null, headers: { cookie: `access_token=${s.demoKey}` } }))
        .status,
    faithful: 401,
    faulty: 200,
    caught: [{ fails: ['AUTH-KEY-COOKIE-401'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['AUTH-KEY-COOKIE-401'],
  },
  'auth-bearer-prefix-stripped': {
    probe: async (s) =>
      Promise.all(
        [s.demoKey, `Bearer Bearer ${s.demoKey}`, `Bearer x ${s.demoKey}`].map(
          async (authorization) =>
            (await call(s, '/store/orders', { key: null, headers: { authorization } })).status,
        ),
      ),
    faithful: [401, 401, 401],
    faulty: [200, 200, 401],
    caught: [
      // The seed of the matrix (11) puts "Bearer Bearer <key>" in the sample, on the list; another seed may not.
      { fails: ['AUTH-BARE-KEY-401', 'AUTH-KEY-EXTRA-TEXT-401'], args: NO_PROBE, exit: 1 },
      // Every prefix goes out on every operation with --exhaustive, whatever the seed.
      {
        fails: ['AUTH-BARE-KEY-401', 'AUTH-KEY-EXTRA-TEXT-401'],
        args: ['--exhaustive', '--only', 'AUTH-BARE-KEY,AUTH-KEY-EXTRA-TEXT'],
        exit: 1,
      },
    ],
    onlyBy: ['AUTH-BARE-KEY-401', 'AUTH-KEY-EXTRA-TEXT-401'],
  },
  'pets-basic-accepted': {
    probe: async (s) => {
      const basic = (pair: string) => ({
        key: null,
        headers: { authorization: `Basic ${Buffer.from(pair).toString('base64')}` },
      });
      // Let in or not: pet 1 need not exist, so a caller let in may get its 404.
      const letIn = async (path: string, pair: string) => (await call(s, path, basic(pair))).status !== 401;
      return [
        await letIn('/pets/1', `${s.demoKey}:`),
        await letIn('/pets/1', `:${s.demoKey}`),
        await letIn('/store/orders', `${s.demoKey}:`),
      ];
    },
    faithful: [false, false, false],
    faulty: [true, true, false],
    caught: [{ fails: ['AUTH-OTHER-SCHEME-401'], args: NO_PROBE, exit: 1 }],
    onlyBy: ['AUTH-OTHER-SCHEME-401'],
  },
  ...PATH_BYPASS_FAULTS,
  'auth-head-unauthenticated': {
    probe: async (s) => [
      (await call(s, '/store/orders', { method: 'HEAD', key: null })).status,
      (await call(s, '/store/orders', { method: 'HEAD', key: 'not-a-key' })).status,
    ],
    faithful: [401, 401],
    faulty: [200, 200],
    // Every run sends HEAD of the list with no credential and with a never-issued token.
    caught: [{ fails: ['AUTH-MISSING-401', 'AUTH-UNKNOWN-KEY-401'], args: NO_PROBE, exit: 1 }],
  },
} satisfies FaultProofs<'auth'>;
