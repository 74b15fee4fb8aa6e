// HTTP-BEARER-SPACING: the key as "Bearer  <key>" (two spaces) is accepted, as the credentials grammar allows
// one or more (RFC 6750 §2.1 `credentials = "Bearer" 1*SP b64token`): a server that splits the field on one
// space refuses it. Sends one list into the room the key's window has left; judges every such request of a
// run or a recording.
import { input } from '../../lib/check/skip.ts';
import { flagAndEnv } from '../../lib/config/settings.ts';
import { RFC, SPEC } from '../kit/basis.ts';
import { type Ctx, check } from '../kit/context.ts';
import { carriesKey } from '../kit/offered.ts';
import { ORDERS } from '../kit/paths.ts';
import { answered, headOf, where } from '../kit/refused-keys.ts';
import { describeStatus } from '../kit/responses.ts';
import { NOT_OBSERVED } from '../kit/traffic.ts';
import { OutOfRoom, roomKeeper } from './surface-room.ts';

export const BEARER_SPACING_CHECK = 'HTTP-BEARER-SPACING';

/** Answers that refuse the credential or the field it came in. */
const REFUSALS = new Set([400, 401, 403]);

async function send(ctx: Ctx): Promise<void> {
  try {
    await roomKeeper(ctx)();
  } catch (e) {
    if (!(e instanceof OutOfRoom)) throw e;
    ctx.skip(`${e.message}: nothing sent; raise ${flagAndEnv('surfaceWindows')}`, input('surfaceWindows'));
  }
  await ctx.http.send({ method: 'GET', path: ORDERS, auth: { kind: 'key', spaces: 2 } });
}

async function judge(ctx: Ctx): Promise<void> {
  const xs = answered(
    ctx,
    ({ offered, route }) =>
      route !== undefined &&
      !route.spelled &&
      offered.form.kind === 'bearer' &&
      offered.form.spaced === true &&
      carriesKey(offered) !== undefined,
  );
  if (xs.length === 0)
    ctx.skip('no request carried the key with more than one space after "Bearer"', NOT_OBSERVED);
  for (const { x } of xs) {
    const status = x.response!.status;
    if (REFUSALS.has(status))
      ctx.problem(
        `${where(x)} with "Bearer  <key>" (two spaces) answered ${status}: the credential was refused, though "Bearer" 1*SP b64token allows more than one space (a field split on one space reads an empty token)`,
        { expected: 'the key accepted, as with one space', actual: describeStatus(headOf(x)), exchange: x },
      );
  }
  ctx.observe(
    `the key accepted with two spaces after "Bearer" (${xs.length} requests)`,
    xs.length,
    xs.map(({ x }) => x),
  );
}

export const bearerSpacingCheck = check({
  id: BEARER_SPACING_CHECK,
  spec: 'RFC 6750 §2.1',
  level: 'SHOULD',
  rules: ['5.r1', '5.r2'],
  requirement:
    'The bearer credentials are "Bearer", one or more spaces, then the token, so "Bearer  <key>" (two spaces) is accepted like "Bearer <key>", never refused (400, 401, 403).',
  rationale:
    'RFC 6750 §2.1 defines the credentials as `"Bearer" 1*SP b64token` (RFC 9110 §11.4: `auth-scheme [ 1*SP ( token68 / #auth-param ) ]`) and binds resource servers to support that method: a field split on a single space reads an empty token and the key after it as text. A SHOULD, as for the scheme in another case (AUTH-SCHEME-CASE-INSENSITIVE): the spec shows the form with one space (spec §5 rule 2), which every client following it sends, and RFC 9110 §2.3 asks a recipient only to parse defensively. Sent once, in the room the key’s window has left.',
  basis: [RFC.bearerCredentials, RFC.bearerHeaderSupported, SPEC.bearer],
  title:
    'Sends GET /store/orders with "Authorization: Bearer  <key>" (two spaces), in the room the key’s window has left',
  needs: { requests: 1 },
  recorded: { shows: 'a request with the key after "Bearer" and more than one space' },
  send,
  judge,
});
