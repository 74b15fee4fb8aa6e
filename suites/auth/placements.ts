// The catalogue of credential placements (issue 21 item 1): every other place and shape in which a client may
// put the key when "Authorization: Bearer <key>" is not sent, by check and by kind. Data only: forms.ts
// sends them (a sample by default, each operation meeting each kind; all of them under --exhaustive).
import type { Basis } from '../../lib/check/model.ts';
import type { Auth } from '../../lib/http/client.ts';
import type { KeyAlteration, KeyForm } from '../../lib/http/key-forms.ts';
import { RFC, SPEC } from '../kit/basis.ts';
import { OPERATION } from './judges.ts';
import type { CaseKind } from './sample.ts';

export interface FormGroup {
  id: string;
  rules: string[];
  /** The sentences that bind the server (an observed group: the one it observes against). */
  basis: Basis[];
  what: string;
  /** The credential as its judge names it on any exchange that offered it (not only the group's cases). */
  seen: string;
  /** The traffic that shows the check, in a recording as in a run (recorded.shows). */
  shows: string;
  title: string;
  kinds: CaseKind<Auth>[];
  /** The kinds under --exhaustive, when they differ (each name alone rather than all at once). */
  exhaustiveKinds?: CaseKind<Auth>[];
  /** Observed only (INFO): what the server does with these forms is recorded, never judged. */
  observed?: true;
  /** By default one case of each kind on one operation, not each operation (an observation, not a rule). */
  onePerKind?: true;
  /** The live key goes into the URL: only with --allow-key-in-url, or to the embedded target (Needs.keyInUrl). */
  keyInUrl?: true;
}

const form = (f: KeyForm): Auth => ({ kind: 'form', form: f });
const bearer = (key: KeyAlteration, more: Partial<Extract<KeyForm, { kind: 'scheme' }>> = {}): Auth =>
  form({ kind: 'scheme', scheme: 'Bearer', key, ...more });
const scheme = (name: string): Auth => form({ kind: 'scheme', scheme: name, key: 'as-is' });

/** Query parameters servers read a key from (RFC 6750 §2.3 names access_token). */
export const KEY_PARAMS = ['api_key', 'access_token', 'apikey', 'apiKey', 'key', 'token'];
/** Request headers servers and API gateways read a key from. */
export const KEY_HEADERS = [
  'X-API-Key',
  'Api-Key',
  'X-Auth-Token',
  'X-Access-Token',
  'X-Api-Token',
  'Apikey',
  'X-Token',
  'Token',
];
/** Cookie names a key or token is kept under. */
export const KEY_COOKIES = ['api_key', 'apikey', 'apiKey', 'access_token', 'token', 'auth_token', 'key'];

/**
 * A kind whose names go out together by default (one request carries the key under every name, so a server
 * reading any of them is caught on every operation) and one name a request under --exhaustive (which names it).
 */
function together(
  name: string,
  all: Auth,
  each: Auth[],
): { default: CaseKind<Auth>; exhaustive: CaseKind<Auth> } {
  return { default: { name, cases: [all] }, exhaustive: { name, cases: each } };
}

export const QUERY_KIND = together(
  'in the query',
  { kind: 'query', params: KEY_PARAMS },
  KEY_PARAMS.map((p) => ({ kind: 'query', params: [p] })),
);
export const HEADER_KIND = together(
  'in an API-key header',
  { kind: 'placed', headers: KEY_HEADERS },
  KEY_HEADERS.map((h) => ({ kind: 'placed', headers: [h] })),
);
export const COOKIE_KIND = together(
  'in a cookie',
  { kind: 'placed', cookies: KEY_COOKIES },
  KEY_COOKIES.map((c) => ({ kind: 'placed', cookies: [c] })),
);

const refused = (rules: string[], basis: Basis[]) => ({ rules, basis });
const misplaced = refused(['5.r2', '5.r3', '5.r4'], [SPEC.keyForm, SPEC.invalidKey401, SPEC.everyOperation]);

/** The groups in catalogue order; a group's kinds in the order their sendings go out. */
export const FORM_GROUPS: readonly FormGroup[] = [
  {
    id: 'AUTH-QUERY-KEY-401',
    ...misplaced,
    what: 'the key only in the query string',
    seen: 'a key-like query parameter and no Authorization',
    shows: `${OPERATION} with the key in the query (api_key, access_token…) and no Authorization`,
    title: `Sends each operation with the key in the query (${KEY_PARAMS.join(', ')}: all at once, or each alone with --exhaustive) and no Authorization header`,
    kinds: [QUERY_KIND.default],
    exhaustiveKinds: [QUERY_KIND.exhaustive],
    keyInUrl: true,
  },
  {
    id: 'AUTH-KEY-HEADER-401',
    ...misplaced,
    what: 'the key in an API-key header instead of Authorization',
    seen: 'a key-like header and no Authorization',
    shows: `${OPERATION} with the key in a header such as X-API-Key and no Authorization`,
    title: `Sends each operation with the key in ${KEY_HEADERS.join(', ')} (all at once, or each alone with --exhaustive) and no Authorization header`,
    kinds: [HEADER_KIND.default],
    exhaustiveKinds: [HEADER_KIND.exhaustive],
  },
  {
    id: 'AUTH-KEY-COOKIE-401',
    ...misplaced,
    what: 'the key in a cookie instead of Authorization',
    seen: 'a key-like cookie and no Authorization',
    shows: `${OPERATION} with the key in a cookie and no Authorization`,
    title: `Sends each operation with the key in the cookies ${KEY_COOKIES.join(', ')} (all in one Cookie line, or each alone with --exhaustive) and no Authorization header`,
    kinds: [COOKIE_KIND.default],
    exhaustiveKinds: [COOKIE_KIND.exhaustive],
  },
  {
    id: 'AUTH-OTHER-SCHEME-401',
    ...refused(['5.r1', '5.r2', '5.r4'], [SPEC.bearer, SPEC.keyForm, SPEC.invalidKey401]),
    what: 'the key under another authentication scheme',
    seen: 'credentials under another scheme than Bearer',
    shows: `${OPERATION} with Basic or another scheme than Bearer`,
    title:
      'Sends the key as Basic credentials (as user, as password) and under other schemes (Token, ApiKey, Digest, Key, JWT, OAuth, Basic unencoded)',
    kinds: [
      // A server may take the key as the user (Stripe's style) or as the password, not both.
      {
        name: 'Basic credentials',
        cases: [form({ kind: 'basic', as: 'user' }), form({ kind: 'basic', as: 'password' })],
        everyCase: true,
      },
      // Each scheme is one a server may take by name (Django REST framework's "Token", a gateway's "ApiKey").
      {
        name: 'another scheme',
        cases: ['Token', 'ApiKey', 'Digest', 'Key', 'JWT', 'OAuth', 'Basic'].map(scheme),
        everyCase: true,
      },
    ],
  },
  {
    id: 'AUTH-BARE-KEY-401',
    ...refused(['5.r1', '5.r2', '5.r4'], [SPEC.bearer, SPEC.keyForm, SPEC.invalidKey401]),
    what: 'the bare key in the Authorization header, with no scheme',
    seen: 'a token with no scheme',
    shows: `${OPERATION} with "Authorization: <key>" (no scheme)`,
    title: 'Sends each operation with "Authorization: <key>" (no scheme)',
    kinds: [
      { name: 'no scheme', cases: [form({ kind: 'scheme', scheme: '', key: 'as-is', noSpace: true })] },
    ],
  },
  {
    id: 'AUTH-KEY-EXTRA-TEXT-401',
    ...refused(['5.r2', '5.r4'], [SPEC.keyForm, SPEC.invalidKey401]),
    what: 'the key with something more in the Authorization header',
    seen: 'text around the bearer token',
    shows: `${OPERATION} with "Bearer <key> x" or text before the key`,
    title:
      'Sends "Bearer <key>" with text before the token ("x ", "x", "Bearer ", no space after the scheme) and after it (" x", "x", "=", its last character again)',
    kinds: [
      // Each is what another careless reading takes: the last word, a missing space, a prefix stripped
      // everywhere, the first word, a key compared by its start, base64 padding ignored.
      {
        name: 'a prefix',
        cases: [
          bearer('as-is', { before: 'x ' }),
          bearer('as-is', { noSpace: true }),
          bearer('as-is', { before: 'Bearer ' }),
          bearer('as-is', { before: 'x' }),
        ],
        everyCase: true,
      },
      {
        name: 'a suffix',
        cases: [
          bearer('as-is', { after: ' x' }),
          bearer('extended'),
          bearer('as-is', { after: '=' }),
          bearer('as-is', { after: 'x' }),
        ],
        everyCase: true,
      },
    ],
  },
  {
    id: 'AUTH-REPEATED-AUTHORIZATION-INFO',
    rules: ['5.r2'],
    basis: [RFC.repeatedField],
    what: 'two Authorization lines, the key then another token',
    seen: 'two Authorization lines',
    shows: `${OPERATION} with two Authorization lines`,
    title: 'Sends two Authorization lines (the key, then another token)',
    kinds: [{ name: 'two lines', cases: [form({ kind: 'twice', other: 'osc_not_a_key' })] }],
    observed: true,
    onePerKind: true,
  },
  {
    id: 'AUTH-KEY-ALTERED-401',
    ...refused(['5.r4'], [SPEC.invalidKey401]),
    what: 'a bearer token that differs from the key',
    seen: 'a part of the key, or the key in another case',
    shows: `${OPERATION} with a truncated or case-changed key`,
    title:
      'Sends "Bearer <token>" with a part of the key (without its last or first character, either half) and the key with its case changed (all letters, the first, the last)',
    kinds: [
      // A key compared by its start takes the first part, one compared by its end the last.
      {
        name: 'a part of the key',
        cases: [bearer('truncated'), bearer('without-first'), bearer('first-half'), bearer('second-half')],
        everyCase: true,
      },
      {
        name: 'a change of case',
        cases: [bearer('case-flipped'), bearer('first-letter-flipped'), bearer('last-letter-flipped')],
      },
    ],
  },
];
