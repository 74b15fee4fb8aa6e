// The authentication checks judged from recorded traffic: every request to an operation is read for the
// credential it offered (kit/offered.ts), and each one without "Authorization: Bearer <key>" must have been
// refused with 401, judged by the check that names that kind of credential. Sends nothing.

import { flagAndEnv, flagRef } from '../../lib/config/settings.ts';
import { isCanonicalInt64 } from '../../lib/formats/int64.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { count } from '../../lib/words.ts';
import type { Ctx } from '../kit/context.ts';
import { expectErrorBody, expectStatus } from '../kit/expect.ts';
import { carriesKey } from '../kit/offered.ts';
import { describeStatus, recordedView } from '../kit/responses.ts';
import { splitUrl } from '../kit/routes.ts';
import {
  type ExchangeFacts,
  NOT_OBSERVED,
  recorded,
  replay,
  SAYS_NOTHING,
  type TrafficJudges,
} from '../kit/traffic.ts';

/** The check that judges a request's refusal: the kind of credential it offered instead of the key. */
export function refusedAs(f: ExchangeFacts): string | undefined {
  const { route, offered } = f;
  if (!route) return undefined;
  const nothing =
    offered.form.kind === 'none' &&
    offered.query.length + offered.headers.length + offered.cookies.length === 0;
  if (route.spelled) return nothing ? 'AUTH-PATH-SPELLING-401' : undefined;
  // A cancel of a segment that is no orderId may be no route at all: it is the ID- checks' to judge.
  if (route.op === 'cancel' && !isCanonicalInt64(route.id ?? '')) return undefined;
  switch (offered.form.kind) {
    case 'none':
      if (offered.query.length > 0) return 'AUTH-QUERY-KEY-401';
      if (offered.headers.length > 0) return 'AUTH-KEY-HEADER-401';
      if (offered.cookies.length > 0) return 'AUTH-KEY-COOKIE-401';
      return 'AUTH-MISSING-401';
    case 'empty-bearer':
      return 'AUTH-EMPTY-BEARER-401';
    case 'extra-text':
      return 'AUTH-KEY-EXTRA-TEXT-401';
    case 'other-scheme':
      return 'AUTH-OTHER-SCHEME-401';
    case 'bare':
      return 'AUTH-BARE-KEY-401';
    case 'bearer':
      if (offered.form.role === 'altered') return 'AUTH-KEY-ALTERED-401';
      return offered.form.role === 'other' ? 'AUTH-UNKNOWN-KEY-401' : undefined;
    case 'repeated':
      return undefined;
  }
}

/** The recorded requests a check judges, answered with something that says what auth did (not 429). */
function answered(ctx: Ctx, pick: (f: ExchangeFacts & { x: Exchange }) => boolean) {
  return recorded(ctx).filter((r) => !SAYS_NOTHING(r.x.response!.status) && pick(r));
}

/** A request as a finding names it: its method and its path as sent. */
const where = (x: Exchange) => `${x.request.method} ${splitUrl(x.request.url)?.rest ?? x.request.url}`;
const headOf = (x: Exchange) => ({
  exchange: x,
  status: x.response!.status,
  headers: x.response!.headers,
  bytes: x.response!.bodyBytes,
  receivedAtMs: 0,
});

/** A check that every request offering its kind of credential was refused with 401. */
export function refused(id: string, what: string, also?: (f: ExchangeFacts) => boolean) {
  return async (ctx: Ctx) => {
    const xs = answered(ctx, (f) => refusedAs(f) === id && (also?.(f) ?? true));
    if (id === 'AUTH-UNKNOWN-KEY-401') noteUnverified(ctx);
    if (xs.length === 0) ctx.skip(`no request to an operation carried ${what}`, NOT_OBSERVED);
    for (const { x } of xs)
      if (x.response!.status !== 401) expectStatus(ctx, headOf(x), `${where(x)} with ${what}`).toBe(401);
    const ops = [...new Set(xs.map(({ route }) => route!.op))];
    ctx.observe(`401 for ${xs.length} requests with ${what} (${ops.join(', ')})`, xs.length);
  };
}

/** Bearer tokens that cannot be told from a key: the judge was given no key, and the recording names none. */
function noteUnverified(ctx: Ctx): void {
  const xs = recorded(ctx).filter(
    ({ offered }) => offered.form.kind === 'bearer' && offered.form.role === 'unverified',
  );
  if (xs.length === 0) return;
  const ok = xs.filter(({ x }) => x.response!.status !== 401).length;
  ctx.note(
    `${xs.length} requests carried a bearer token other than the one taken for the key (${ok} not refused); without ${flagAndEnv('apiKey')} they cannot be told from a second valid key, so they are not judged`,
  );
}

/** What identifies an answer: its status with its Error code and message, or its whole body. */
function identity(ctx: Ctx, x: Exchange): string {
  const res = replay(ctx, x);
  if (!res) return `${x.response!.status} (body not recorded whole)`;
  const parsed = res.json();
  if (parsed.ok && parsed.value !== null && typeof parsed.value === 'object') {
    const { code, message } = parsed.value as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return `${res.status} ${code} ${String(message)}`;
  }
  return `${res.status} ${res.text}`;
}

/**
 * Whether a spelled request's answer without credentials is the operation's own: its answer with the key on
 * its own path (the 404 of an absent cancel), where a path no route has answers otherwise. Undefined when the
 * recording cannot tell (no such pair recorded, or a route miss answers alike).
 */
function ownAnswer(ctx: Ctx, r: ExchangeFacts & { x: Exchange }): Exchange | undefined {
  const all = recorded(ctx).filter(({ x }) => !SAYS_NOTHING(x.response!.status));
  const own = all.find(
    (o) =>
      o.route?.op === r.route!.op &&
      !o.route.spelled &&
      (r.route!.op === 'list' || o.route.id === r.route!.id) &&
      carriesKey(o.offered) !== undefined,
  );
  if (!own || own.x.response!.status < 400 || identity(ctx, own.x) !== identity(ctx, r.x)) return undefined;
  const miss = all.find(
    (o) =>
      o.route === undefined && o.x.request.method === r.x.request.method && o.offered.form.kind === 'none',
  );
  if (!miss || identity(ctx, miss.x) === identity(ctx, own.x)) return undefined;
  ctx.evidence(own.x, miss.x);
  return own.x;
}

/**
 * AUTH-PATH-SPELLING-401: a spelled path without credentials never reaches the operation: no 2xx, nor the
 * operation's own answer where a route miss answers otherwise.
 */
async function spelled401(ctx: Ctx): Promise<void> {
  const xs = answered(ctx, (f) => refusedAs(f) === 'AUTH-PATH-SPELLING-401');
  if (xs.length === 0)
    ctx.skip('no request without credentials spelled an operation’s path another way', NOT_OBSERVED);
  for (const r of xs) {
    const { x } = r;
    const s = x.response!.status;
    if (s === 401) continue;
    const own = s >= 200 && s <= 299 ? undefined : ownAnswer(ctx, r);
    if (s >= 200 && s <= 299)
      ctx.problem(
        `${where(x)} without credentials answered ${describeStatus(headOf(x))}: a spelling of the path reached the operation`,
        {
          exchange: x,
          expected: '401',
          actual: String(s),
        },
      );
    else if (own)
      ctx.problem(
        `${where(x)} without credentials answered as the operation does with the key (#${own.seq}), while a path no route has answers otherwise: the spelling reached the operation`,
        { exchange: x, expected: '401', actual: String(s) },
      );
  }
  ctx.observe(`no spelled path reached an operation without credentials (${xs.length} answers)`, xs.length);
}

/** AUTH-SCHEME-CASE-INSENSITIVE: the key under "bearer" (another case) is accepted. */
async function schemeCase(ctx: Ctx): Promise<void> {
  const xs = answered(
    ctx,
    ({ offered, route }) =>
      route !== undefined &&
      !route.spelled &&
      offered.form.kind === 'bearer' &&
      !offered.form.schemeExact &&
      carriesKey(offered) !== undefined,
  );
  if (xs.length === 0)
    ctx.skip('no request carried the key under the scheme spelled otherwise than "Bearer"', NOT_OBSERVED);
  for (const { x } of xs)
    expectStatus(ctx, headOf(x), `${where(x)} with the key under a lower-case scheme`).notToBe(
      401,
      'the auth-scheme is case-insensitive (RFC 9110 §11.1)',
    );
  ctx.observe(`the key accepted under the scheme in another case (${xs.length} requests)`, xs.length);
}

/** AUTH-401-ERROR-BODY: every 401 whose body the recording holds carries an Error whose status is 401. */
async function errorBody401(ctx: Ctx): Promise<void> {
  const xs = recorded(ctx).filter(({ x }) => x.response!.status === 401);
  if (xs.length === 0) ctx.skip('no request was answered 401', NOT_OBSERVED);
  const whole = xs.filter(({ x }) => !x.response!.bodyTruncated);
  if (whole.length < xs.length)
    ctx.note(`${xs.length - whole.length} answers 401 were recorded without their whole body: not judged`);
  if (whole.length === 0) ctx.skip('no answer 401 was recorded with its body', NOT_OBSERVED);
  for (const { x } of whole) expectErrorBody(ctx, recordedView(x)!, x, `${where(x)}: `);
  ctx.observe(`${count(whole.length, 'response')} 401, each with a valid Error body`, whole.length);
}

/** An INFO check recording what the requests it picks were answered. */
function observed(what: string, pick: (f: ExchangeFacts) => boolean) {
  return async (ctx: Ctx) => {
    const xs = answered(ctx, pick);
    if (xs.length === 0) ctx.skip(`no request carried ${what}`, NOT_OBSERVED);
    ctx.evidence(...xs.slice(0, 3).map(({ x }) => x));
    const seen = xs.map(({ x }) => `${where(x)} answered ${describeStatus(headOf(x))}`);
    ctx.observe(`${what}: ${seen.slice(0, 5).join('; ')}`, xs.length);
  };
}

const OPERATION = 'a list, cancel or pets request';

export const AUTH_TRAFFIC: TrafficJudges = {
  'AUTH-MISSING-401': {
    judge: refused('AUTH-MISSING-401', 'no credential at all'),
    shows: `${OPERATION} sent without any credential`,
  },
  'AUTH-EMPTY-BEARER-401': {
    judge: refused('AUTH-EMPTY-BEARER-401', '"Authorization: Bearer" and no token'),
    shows: `${OPERATION} with "Authorization: Bearer" and no token`,
  },
  'AUTH-UNKNOWN-KEY-401': {
    judge: refused('AUTH-UNKNOWN-KEY-401', 'a bearer token that is not a key'),
    shows: `${OPERATION} with a bearer token that is not a key (the judge told the key with ${flagRef('apiKey')})`,
  },
  'AUTH-QUERY-KEY-401': {
    judge: refused('AUTH-QUERY-KEY-401', 'a key-like query parameter and no Authorization'),
    shows: `${OPERATION} with the key in the query (api_key, access_token…) and no Authorization`,
  },
  'AUTH-KEY-HEADER-401': {
    judge: refused('AUTH-KEY-HEADER-401', 'a key-like header and no Authorization'),
    shows: `${OPERATION} with the key in a header such as X-API-Key and no Authorization`,
  },
  'AUTH-KEY-COOKIE-401': {
    judge: refused('AUTH-KEY-COOKIE-401', 'a key-like cookie and no Authorization'),
    shows: `${OPERATION} with the key in a cookie and no Authorization`,
  },
  'AUTH-OTHER-SCHEME-401': {
    judge: refused('AUTH-OTHER-SCHEME-401', 'credentials under another scheme than Bearer'),
    shows: `${OPERATION} with Basic or another scheme than Bearer`,
  },
  'AUTH-BARE-KEY-401': {
    judge: refused('AUTH-BARE-KEY-401', 'a token with no scheme'),
    shows: `${OPERATION} with "Authorization: <key>" (no scheme)`,
  },
  'AUTH-KEY-EXTRA-TEXT-401': {
    judge: refused('AUTH-KEY-EXTRA-TEXT-401', 'text around the bearer token'),
    shows: `${OPERATION} with "Bearer <key> x" or text before the key`,
  },
  'AUTH-REPEATED-AUTHORIZATION-INFO': {
    judge: observed(
      'two Authorization lines',
      ({ offered, route }) => route !== undefined && offered.form.kind === 'repeated',
    ),
    shows: `${OPERATION} with two Authorization lines`,
  },
  'AUTH-KEY-ALTERED-401': {
    judge: refused('AUTH-KEY-ALTERED-401', 'a part of the key, or the key in another case'),
    shows: `${OPERATION} with a truncated or case-changed key`,
  },
  'AUTH-PATH-SPELLING-401': {
    judge: spelled401,
    shows: `${OPERATION} without credentials on a path spelled another way (a trailing slash, another case…)`,
  },
  'AUTH-PATH-SPELLING-INFO': {
    judge: observed(
      'the key on a path spelled another way',
      ({ offered, route }) => route?.spelled === true && carriesKey(offered) !== undefined,
    ),
    shows: `${OPERATION} with the key on a path spelled another way`,
  },
  'AUTH-401-ERROR-BODY': { judge: errorBody401, shows: 'any answer 401 recorded with its body' },
  'AUTH-WWW-AUTHENTICATE': { judge: 'run', shows: 'any answer 401' },
  'AUTH-CHALLENGE-BEARER': { judge: 'run', shows: 'any answer 401 with a WWW-Authenticate challenge' },
  'AUTH-BEFORE-EXISTENCE': {
    judge: refused(
      'AUTH-MISSING-401',
      'no credential at all, on a cancel',
      ({ route }) => route?.op === 'cancel',
    ),
    shows: 'a DELETE /store/orders/{id} sent without any credential',
  },
  'AUTH-SCHEME-CASE-INSENSITIVE': {
    judge: schemeCase,
    shows: 'a request with the key under "bearer" (the scheme in another case)',
  },
};
