// The auth checks' own judges beside the shared 401 one (kit/refused-keys.ts): spelled paths, the scheme's
// case, the 401 body and challenge, what other forms got. Each reads every exchange of its kind, in a run or
// a recording alike; none sends.
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import type { Exchange } from '../../lib/http/transcript.ts';
import { count } from '../../lib/words.ts';
import type { Ctx } from '../kit/context.ts';
import { expectErrorBody, expectStatus } from '../kit/expect.ts';
import { carriesKey } from '../kit/offered.ts';
import { answered, headOf, refusedAs, where } from '../kit/refused-keys.ts';
import { describeStatus, recordedView } from '../kit/responses.ts';
import { type ExchangeFacts, NOT_OBSERVED, recorded, replay, SAYS_NOTHING } from '../kit/traffic.ts';
import { settleUnreached } from './unreached.ts';

/** The operations the auth checks judge, as their `recorded.shows` names them. */
export const OPERATION = 'a list, cancel or pets request';

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
 * exchanges cannot tell (no such pair, or a route miss answers alike).
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
  if (!miss) return undefined;
  if (identity(ctx, miss.x) === identity(ctx, own.x)) {
    ctx.note(
      `${r.route!.op}: a path no route has answers as the operation does with the key (${describeStatus(headOf(miss.x))}), so a spelling's same answer cannot tell them apart`,
    );
    return undefined;
  }
  ctx.evidence(own.x, miss.x);
  return own.x;
}

/**
 * AUTH-PATH-SPELLING-401: a spelled path without credentials never reaches the operation: no 2xx, nor the
 * operation's own answer where a route miss answers otherwise.
 */
export async function spelled401(ctx: Ctx): Promise<void> {
  const xs = answered(ctx, (f) => refusedAs(f) === 'AUTH-PATH-SPELLING-401');
  const other: string[] = [];
  let findings = 0;
  for (const r of xs) {
    const { x } = r;
    const s = x.response!.status;
    if (s === 401) continue;
    const own = s >= 200 && s <= 299 ? undefined : ownAnswer(ctx, r);
    if (s >= 200 && s <= 299) {
      findings++;
      ctx.problem(
        `${where(x)} without credentials answered ${describeStatus(headOf(x))}: a spelling of the path reached the operation`,
        { exchange: x, expected: '401', actual: String(s) },
      );
    } else if (own) {
      findings++;
      ctx.problem(
        `${where(x)} without credentials answered as the operation does with the key (#${own.seq}), while a path no route has answers otherwise: the spelling reached the operation`,
        { exchange: x, expected: '401', actual: String(s) },
      );
    } else if (s === 409 && x.request.method === 'DELETE') {
      // A conflict is the cancel's own answer about an order's state, which no route miss gives: whatever the
      // answer with the key was (a store that changed since), the spelling reached the operation.
      findings++;
      ctx.problem(
        `${where(x)} without credentials answered ${describeStatus(headOf(x))}, a conflict only the cancel operation gives: the spelling reached the operation`,
        { exchange: x, expected: '401', actual: String(s) },
      );
    } else other.push(`${where(x)}: ${s}`);
  }
  settleUnreached(ctx, findings);
  if (xs.length === 0)
    ctx.skip('no request without credentials spelled an operation’s path another way', NOT_OBSERVED);
  if (other.length > 0)
    ctx.note(`not routed to the operation (not 401, not its answer): ${other.join('; ')}`);
  ctx.observe(
    `no spelled path reached an operation without credentials (${xs.length} answers)`,
    xs.length,
    xs.map(({ x }) => x),
  );
}

/** AUTH-SCHEME-CASE-INSENSITIVE: the key under "bearer" (another case) is accepted. */
export async function schemeCase(ctx: Ctx): Promise<void> {
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
  ctx.observe(
    `the key accepted under the scheme in another case (${xs.length} requests)`,
    xs.length,
    xs.map(({ x }) => x),
  );
}

/** AUTH-401-ERROR-BODY: every 401 whose body was received whole carries an Error whose status is 401. */
export async function errorBody401(ctx: Ctx): Promise<void> {
  // A HEAD's 401 carries no content (RFC 9110 §9.3.2): its status and challenge are judged, not a body.
  const xs = recorded(ctx).filter(({ x }) => x.response!.status === 401 && x.request.method !== 'HEAD');
  if (xs.length === 0) ctx.skip('no request other than a HEAD was answered 401', NOT_OBSERVED);
  const whole = xs.filter(({ x }) => !x.response!.bodyTruncated);
  if (whole.length < xs.length)
    ctx.note(`${xs.length - whole.length} answers 401 were recorded without their whole body: not judged`);
  if (whole.length === 0) ctx.skip('no answer 401 was recorded with its body', NOT_OBSERVED);
  for (const { x } of whole) expectErrorBody(ctx, recordedView(x)!, x, `${where(x)}: `);
  ctx.observe(`${count(whole.length, 'response')} 401, each with a valid Error body`, whole.length);
}

/** Every answer 401 of the run so far. */
const all401s = (ctx: Ctx): Exchange[] =>
  recorded(ctx)
    .filter(({ x }) => x.response!.status === 401)
    .map(({ x }) => x);

/** AUTH-WWW-AUTHENTICATE: every 401 carries a challenge. */
export async function challenge401(ctx: Ctx): Promise<void> {
  const xs = all401s(ctx);
  if (xs.length === 0) ctx.skip('no request was answered 401', NOT_OBSERVED);
  for (const x of xs) {
    const v = headerValue(x.response!.headers, 'www-authenticate');
    if (v === undefined || v.trim() === '')
      ctx.problem(`${where(x)}: 401 without WWW-Authenticate`, { exchange: x });
  }
  ctx.observe(`${count(xs.length, 'response')} 401, each with a challenge`, xs.length);
}

/** AUTH-CHALLENGE-BEARER: every challenge of a 401 names the Bearer scheme. */
export async function bearerChallenge(ctx: Ctx): Promise<void> {
  const xs = all401s(ctx).flatMap((x) => {
    const v = headerValue(x.response!.headers, 'www-authenticate');
    // A 401 without one is AUTH-WWW-AUTHENTICATE's finding.
    return v === undefined ? [] : [{ x, v }];
  });
  if (xs.length === 0) ctx.skip('no answer 401 carried a WWW-Authenticate challenge', NOT_OBSERVED);
  for (const { x, v } of xs)
    if (!/(^|,)\s*bearer(\s|,|$)/i.test(v))
      ctx.problem(`${where(x)}: challenge ${JSON.stringify(v)} names no Bearer scheme`, { exchange: x });
  ctx.observe(`every challenge names Bearer (${xs.length} challenges)`, xs.length);
}

/** The judge of an INFO check recording what the requests it picks were answered. */
export function observed(what: string, pick: (f: ExchangeFacts) => boolean) {
  return async (ctx: Ctx): Promise<void> => {
    const xs = answered(ctx, pick);
    // An INFO records: with what it could send it stands, naming what it could not; with nothing, an error.
    settleUnreached(ctx, xs.length);
    if (xs.length === 0) ctx.skip(`no request carried ${what}`, NOT_OBSERVED);
    ctx.evidence(...xs.slice(0, 3).map(({ x }) => x));
    const seen = xs.map(({ x }) => `${where(x)} answered ${describeStatus(headOf(x))}`);
    ctx.observe(
      `${what}: ${seen.slice(0, 5).join('; ')}`,
      xs.length,
      xs.map(({ x }) => x),
    );
  };
}
