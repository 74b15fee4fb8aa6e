// spec §5 Authentication: every operation (list, cancel, the deprecated pets read) refuses a missing or
// invalid key with 401, an Error body and a challenge, before it reveals whether anything exists.

import type { Basis } from '../../lib/check/model.ts';
import { input, OUTCOME, strongest } from '../../lib/check/skip.ts';
import { flagRef } from '../../lib/config/settings.ts';
import { headerValue } from '../../lib/formats/rate-limit-headers.ts';
import type { Auth } from '../../lib/http/client.ts';
import { count } from '../../lib/words.ts';
import { RFC, SPEC } from '../kit/basis.ts';
import { type Ctx, check, suite } from '../kit/context.ts';
import { expectErrorBody, requireStatus } from '../kit/expect.ts';
import { ORDERS } from '../kit/paths.ts';
import { recordedView } from '../kit/responses.ts';
import { shares } from '../kit/sendings.ts';
import { credentialFormChecks } from './forms.ts';
import { pathSpellingChecks } from './paths.ts';
import { expect401, sendAs } from './unauthorized.ts';

/** Every 401 of the run so far, with the unauthenticated list request sent first if none exists yet. */
async function all401s(ctx: Ctx) {
  await ctx.target.unauthenticated('list');
  return ctx.transcript.all().filter((x) => x.response?.status === 401);
}

/** A check that every operation refuses one kind of credential with 401. */
interface RefusedCredential {
  id: string;
  rules: string[];
  basis: Basis[];
  /** The credential, as the requirement and the findings name it. */
  what: string;
  title: string;
  auth: (ctx: Ctx) => Auth;
}

function authCheck({ id, rules, basis, what, title, auth }: RefusedCredential) {
  return check({
    id,
    spec: 'spec §5 rules 3-4',
    level: 'MUST',
    rules,
    requirement: `Every operation answers 401 when the request carries ${what}.`,
    basis,
    title,
    needs: { requests: 3, shared: shares('order list') },
    run: (ctx: Ctx) => expect401(ctx, what, (op) => sendAs(ctx, op, auth(ctx))),
  });
}

export const authentication = suite({
  id: 'AUTH',
  title: 'Authentication',
  spec: 'spec §5',
  checks: [
    check({
      id: 'AUTH-MISSING-401',
      spec: 'spec §5 rules 3-4',
      level: 'MUST',
      rules: ['5.r3', '5.r4', '4.list.401', '4.cancel.401', '7.401'],
      requirement: 'Every operation answers 401 when the Authorization header is missing.',
      basis: [SPEC.invalidKey401, SPEC.everyOperation],
      title: 'Sends list, cancel (absent id) and pets with no Authorization header',
      needs: {
        requests: 0,
        shared: shares('list without credentials', 'cancel without credentials', 'pets without credentials'),
      },
      run: (ctx: Ctx) => expect401(ctx, 'no Authorization header', (op) => ctx.target.unauthenticated(op)),
    }),
    authCheck({
      id: 'AUTH-EMPTY-BEARER-401',
      rules: ['5.r2', '5.r4'],
      basis: [SPEC.invalidKey401, SPEC.keyForm, SPEC.everyOperation],
      what: 'a Bearer scheme with no token',
      title: 'Sends each operation with "Authorization: Bearer" and no token',
      auth: () => ({ kind: 'literal', authorization: 'Bearer' }),
    }),
    authCheck({
      id: 'AUTH-UNKNOWN-KEY-401',
      rules: ['5.r4'],
      basis: [SPEC.invalidKey401, SPEC.everyOperation],
      what: 'a bearer token that is not a key',
      title: 'Sends each operation with a random, never-issued bearer token',
      auth: (ctx) => ({ kind: 'literal', authorization: `Bearer osc_unknown_${ctx.random.token(24)}` }),
    }),
    ...credentialFormChecks,
    ...pathSpellingChecks,
    check({
      id: 'AUTH-401-ERROR-BODY',
      spec: 'spec §5 rule 4; spec §2 Error',
      level: 'MUST',
      rules: ['5.r4', '2.error.fields', '4.list.401', '4.cancel.401'],
      requirement: 'A 401 carries an Error object (code, message, status) whose status is 401.',
      basis: [SPEC.invalidKey401, SPEC.errorFieldsRequired, SPEC.errorStatus],
      title: 'Validates the body of every 401 received so far',
      needs: { requests: 0, shared: shares('list without credentials') },
      async run(ctx: Ctx) {
        const list = await all401s(ctx);
        for (const x of list) {
          expectErrorBody(ctx, recordedView(x)!, x, `${x.request.method} ${x.request.url}: `);
        }
        ctx.observe(`${count(list.length, 'response')} 401, each with a valid Error body`, list.length);
      },
    }),
    check({
      id: 'AUTH-WWW-AUTHENTICATE',
      level: 'MUST',
      rules: ['5.r1', '5.r4'],
      requirement:
        'A server generating a 401 response must send a WWW-Authenticate header field containing at least one challenge.',
      basis: [RFC.challenge401],
      title: 'Reads WWW-Authenticate on every 401 received so far',
      needs: { requests: 0, shared: shares('list without credentials') },
      async run(ctx: Ctx) {
        const list = await all401s(ctx);
        for (const x of list) {
          const v = headerValue(x.response!.headers, 'www-authenticate');
          if (v === undefined || v.trim() === '')
            ctx.problem(`${x.request.method} ${x.request.url}: 401 without WWW-Authenticate`, {
              exchange: x,
            });
        }
        ctx.observe(`${count(list.length, 'response')} 401, each with a challenge`, list.length);
      },
    }),
    check({
      id: 'AUTH-CHALLENGE-BEARER',
      spec: 'RFC 6750 §3; spec §5 rule 1',
      level: 'MUST',
      rules: ['5.r1'],
      requirement: 'The 401 challenge of a bearer-protected resource uses the auth-scheme "Bearer".',
      basis: [RFC.challengeApplicable, SPEC.bearer, RFC.bearerChallenge],
      title: 'Reads the scheme of WWW-Authenticate on every 401 received so far',
      needs: { requests: 0, shared: shares('list without credentials') },
      async run(ctx: Ctx) {
        const list = await all401s(ctx);
        let read = 0;
        for (const x of list) {
          const v = headerValue(x.response!.headers, 'www-authenticate');
          if (v === undefined) continue; // AUTH-WWW-AUTHENTICATE reports it
          read++;
          if (!/(^|,)\s*bearer(\s|,|$)/i.test(v))
            ctx.problem(
              `${x.request.method} ${x.request.url}: challenge ${JSON.stringify(v)} names no Bearer scheme`,
              { exchange: x },
            );
        }
        ctx.observe(`every challenge names Bearer (${read} challenges)`, read);
      },
    }),
    check({
      id: 'AUTH-BEFORE-EXISTENCE',
      spec: 'spec §5 rule 3; spec §4',
      level: 'MUST',
      rules: ['5.r3'],
      requirement: 'An unauthenticated cancel answers 401, never 404 or 409.',
      rationale:
        'Every operation requires the bearer credential (spec §5 rules 3-4), so an unauthenticated caller never learns whether an order exists.',
      basis: [SPEC.everyOperation, SPEC.invalidKey401],
      title: 'Sends DELETE of an absent id and of a shipped fixture with no Authorization header',
      needs: { requests: 1, shared: shares('cancel without credentials') },
      async run(ctx: Ctx) {
        const absent = await ctx.target.unauthenticated('cancel');
        if (absent) {
          requireStatus(ctx, absent, 'unauthenticated cancel of an absent id').toBe(401);
        } else ctx.note('absent-id cancel not sent: no id can be proven absent');
        const shipped = ctx.target.shippedIds[0];
        if (shipped !== undefined) {
          const res = await ctx.http.send({
            method: 'DELETE',
            path: `${ORDERS}/${shipped}`,
            auth: { kind: 'none' },
          });
          requireStatus(ctx, res, `unauthenticated cancel of shipped order ${shipped}`).toBe(401);
        } else ctx.note(`shipped-order cancel not sent: set ${flagRef('shippedOrderIds')} to include it`);
        if (!absent && shipped === undefined) {
          const refusal = await ctx.target.absenceRefusal();
          ctx.skip(
            `neither an absent id nor a shipped fixture is known: set ${flagRef('shippedOrderIds')} (${refusal?.reason ?? 'no absent id'})`,
            strongest(input('shippedOrderIds'), refusal?.cause ?? OUTCOME),
          );
        }
        ctx.observe('401 before any lookup', (absent ? 1 : 0) + (shipped !== undefined ? 1 : 0));
      },
    }),
    check({
      id: 'AUTH-SCHEME-CASE-INSENSITIVE',
      spec: 'RFC 9110 §11.1',
      level: 'SHOULD',
      rules: ['5.r1'],
      requirement:
        'The authentication scheme is a case-insensitive token, so "bearer <key>" is accepted like "Bearer <key>".',
      basis: [RFC.schemeCaseInsensitive, SPEC.bearer, RFC.bearerHeaderSupported],
      title: 'Sends GET /store/orders with "Authorization: bearer <key>"',
      needs: { requests: 1 },
      async run(ctx: Ctx) {
        const res = await ctx.http.send({
          method: 'GET',
          path: ORDERS,
          auth: { kind: 'key', scheme: 'bearer' },
        });
        requireStatus(ctx, res, 'GET /store/orders with lower-case "bearer"').notToBe(401);
        ctx.observe(`lower-case scheme accepted (${res.status})`, 1);
      },
    }),
  ],
});
