// Which check judges a request by the credential it offered instead of the key, and that the auth and pets
// checks each declare one judge, the one a recording is judged by too (no traffic.ts twin beside a live run).
import { describe, expect, it } from 'vitest';
import { judgesRecordings } from '../../lib/check/model.ts';
import { ALL_CHECKS } from '../index.ts';
import type { AuthForm, Offered } from './offered.ts';
import { refusedAs } from './refused-keys.ts';
import type { Route } from './routes.ts';

const offered = (form: AuthForm, more: Partial<Offered> = {}): Offered => ({
  form,
  query: [],
  headers: [],
  cookies: [],
  ...more,
});
const route = (op: Route['op'], more: Partial<Route> = {}): Route => ({
  op,
  query: '',
  spelled: false,
  ...more,
});
const bearer = (role: 'key' | 'altered' | 'other' | 'unverified'): AuthForm => ({
  kind: 'bearer',
  role,
  schemeExact: true,
  fingerprint: '00000000',
});
const NONE: AuthForm = { kind: 'none' };

describe('refusedAs', () => {
  it.each([
    ['nothing on the list', route('list'), offered(NONE), 'AUTH-MISSING-401'],
    [
      'a key-like query parameter',
      route('pets', { id: '1' }),
      offered(NONE, { query: ['api_key'] }),
      'AUTH-QUERY-KEY-401',
    ],
    ['a key-like header', route('list'), offered(NONE, { headers: ['x-api-key'] }), 'AUTH-KEY-HEADER-401'],
    ['a key-like cookie', route('list'), offered(NONE, { cookies: ['token'] }), 'AUTH-KEY-COOKIE-401'],
    ['"Bearer" alone', route('list'), offered({ kind: 'empty-bearer' }), 'AUTH-EMPTY-BEARER-401'],
    ['text around the token', route('list'), offered({ kind: 'extra-text' }), 'AUTH-KEY-EXTRA-TEXT-401'],
    ['Basic', route('list'), offered({ kind: 'other-scheme', scheme: 'Basic' }), 'AUTH-OTHER-SCHEME-401'],
    ['no scheme', route('list'), offered({ kind: 'bare' }), 'AUTH-BARE-KEY-401'],
    ['an altered key', route('cancel', { id: '7' }), offered(bearer('altered')), 'AUTH-KEY-ALTERED-401'],
    ['another token', route('list'), offered(bearer('other')), 'AUTH-UNKNOWN-KEY-401'],
    ['nothing on a spelled path', route('list', { spelled: true }), offered(NONE), 'AUTH-PATH-SPELLING-401'],
  ])('judges a request with %s by its check', (_what, r, o, id) => {
    expect(refusedAs({ route: r, offered: o })).toBe(id);
  });

  it.each([
    ['the key', route('list'), offered(bearer('key'))],
    ['a token that cannot be told from a key', route('list'), offered(bearer('unverified'))],
    ['two Authorization lines', route('list'), offered({ kind: 'repeated', lines: 2 })],
    ['the key on a spelled path', route('list', { spelled: true }), offered(bearer('key'))],
    ['nothing, on a cancel of no orderId', route('cancel', { id: 'abc' }), offered(NONE)],
    ['nothing, on no operation', undefined, offered(NONE)],
  ])('owes no 401 check a request with %s', (_what, r, o) => {
    expect(refusedAs({ route: r, offered: o })).toBeUndefined();
  });
});

describe('the auth and pets checks', () => {
  const checks = ALL_CHECKS.filter((c) => c.id.startsWith('AUTH-') || c.id.startsWith('PETS-'));

  it('each have one judge, the one a recording is judged by, and no run beside it', () => {
    expect(checks.length).toBeGreaterThan(20);
    expect(checks.filter((c) => !judgesRecordings(c) || c.run !== undefined).map((c) => c.id)).toEqual([]);
  });
});
